// TanStack Query hooks for adding a camera from an ONVIF device. All three calls are mutations: each one talks to
// devices on the network (discovery takes its whole timeout), so nothing here runs or repeats on its own.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { JsonOf } from '../../../api/types';
import type { paths } from '../../../api/schema';
import { createError } from '../queries';

export type DiscoveredDevice = JsonOf<
  paths['/api/v1/onvif/discovery']['post']['responses'][200]
>['devices'][number];
export type DeviceAccess = JsonOf<NonNullable<paths['/api/v1/onvif/devices/inspect']['post']['requestBody']>>;
export type DeviceInspection = JsonOf<paths['/api/v1/onvif/devices/inspect']['post']['responses'][200]>;
export type DeviceProfile = DeviceInspection['profiles'][number];
export type OnvifCameraCreate = JsonOf<NonNullable<paths['/api/v1/onvif/cameras']['post']['requestBody']>>;

/** How long the recorder collects answers to a discovery probe (the API's default). */
export const DISCOVERY_MS = 3000;

/** WS-Discovery from the recorder (superusers only); it answers after DISCOVERY_MS. */
export function useDiscovery() {
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/onvif/discovery', { body: { timeout_ms: DISCOVERY_MS } })).devices,
  });
}

/** The device's information and media profiles; a refused password is a 400 naming the password field. */
export function useInspectDevice() {
  return useMutation({
    mutationFn: async (body: DeviceAccess) =>
      unwrap(await api.POST('/api/v1/onvif/devices/inspect', { body })),
  });
}

/** Adds the camera; 409 duplicate_camera becomes a DuplicateCameraError (send again with `force: true`). */
export function useAddOnvifCamera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OnvifCameraCreate) => {
      const result = await api.POST('/api/v1/onvif/cameras', { body });
      if (!result.response.ok) throw createError(result.response.status, result.error);
      return result.data!;
    },
    onSuccess: ({ camera }) => {
      queryClient.setQueryData(['camera', camera.id], camera);
      void queryClient.invalidateQueries({ queryKey: ['cameras'] });
    },
  });
}
