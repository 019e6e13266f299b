// TanStack Query hooks of the integrations screen (superusers only): the MQTT settings and connection state.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { MqttSettingsIn, MqttState } from './types';

const MQTT = ['integrations', 'mqtt'] as const;

/** States that last until something changes: no need to ask again. The others are retried by the recorder. */
const SETTLED: readonly MqttState[] = ['connected', 'disabled'];

/** The settings in effect with the connection's state, read again every few seconds until it settles. */
export function useMqttSettings() {
  return useQuery({
    queryKey: MQTT,
    queryFn: async () => unwrap(await api.GET('/api/v1/integrations/mqtt')),
    refetchInterval: (query) => {
      const state = query.state.data?.status.state;
      return state && SETTLED.includes(state) ? false : 2_000;
    },
  });
}

/** A partial update: only the fields sent change (null resets one); the answer is the new settings. */
export function useUpdateMqttSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MqttSettingsIn) => unwrap(await api.PUT('/api/v1/integrations/mqtt', { body })),
    onSuccess: (settings) => queryClient.setQueryData(MQTT, settings),
  });
}
