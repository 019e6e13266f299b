// Server state of the alerts screens. Every alert query lives under the ['alerts'] key, so one invalidation
// (after an acknowledge, or when the event stream says an alert was raised or acknowledged — see
// features/events/useLiveQueryUpdates.ts) refreshes the list and the header counter together.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { AckIn, ActionConfigIn, AlertQuery, Severity } from '../../api/types';

export const ALERTS_PAGE_SIZE = 50;
/** The most ids one acknowledge call takes (AckIn.ids maxItems). */
const MAX_ACK_IDS = 10_000;

/** The alert filters a person can set; each maps to a query parameter of GET /alerts. */
export interface AlertFilters {
  acknowledged?: boolean | undefined;
  severity?: Severity | undefined;
  source_name?: string | undefined;
  camera_id?: number | undefined;
}

function query(filters: AlertFilters): Omit<AlertQuery, 'skip' | 'limit'> {
  const out: Omit<AlertQuery, 'skip' | 'limit'> = {};
  if (filters.acknowledged !== undefined) out.acknowledged = filters.acknowledged;
  if (filters.severity) out.severity = filters.severity;
  if (filters.source_name) out.source_name = filters.source_name;
  if (filters.camera_id !== undefined) out.camera_id = filters.camera_id;
  return out;
}

/** A page of alerts matching the filters, newest first. */
export function useAlerts(filters: AlertFilters, page: number) {
  return useQuery({
    queryKey: ['alerts', 'list', filters, page],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/alerts', {
          params: { query: { ...query(filters), skip: page * ALERTS_PAGE_SIZE, limit: ALERTS_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** How many unacknowledged alerts match the filters (the whole scope without filters). */
export function useUnacknowledgedCount(filters: AlertFilters = {}) {
  return useQuery({
    queryKey: ['alerts', 'unacknowledged', filters],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/alerts', {
          params: { query: { ...query(filters), acknowledged: false, skip: 0, limit: 1 } },
        }),
      ).total,
  });
}

/**
 * What "acknowledge" sends, in the three AckIn shapes of API.md §11:
 * - `ids`: exactly these alerts (all or nothing);
 * - `matching`: every unacknowledged alert matching the filters — `{severity?, source_name?}`, or `{}` (everything
 *   in scope) when no filter is set. AckIn has no camera filter: with a camera chosen, the matching ids are listed
 *   first and sent as `ids` (never ids together with severity or source_name, which the recorder refuses).
 */
export type AckRequest = { ids: number[] } | { matching: AlertFilters };

async function matchingIds(filters: AlertFilters): Promise<number[]> {
  const ids: number[] = [];
  for (let skip = 0; ids.length < MAX_ACK_IDS; skip += 500) {
    const page = unwrap(
      await api.GET('/api/v1/alerts', {
        params: { query: { ...query(filters), acknowledged: false, skip, limit: 500 } },
      }),
    );
    ids.push(...page.alerts.map((alert) => alert.id));
    if (page.alerts.length < 500) break;
  }
  return ids.slice(0, MAX_ACK_IDS);
}

async function ackBody(request: AckRequest): Promise<AckIn | null> {
  if ('ids' in request) return { ids: request.ids };
  const { severity, source_name, camera_id } = request.matching;
  if (camera_id !== undefined) {
    const ids = await matchingIds(request.matching);
    return ids.length > 0 ? { ids } : null;
  }
  const body: AckIn = {};
  if (severity) body.severity = severity;
  if (source_name) body.source_name = source_name;
  return body;
}

export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: AckRequest) => {
      const body = await ackBody(request);
      if (body === null) return { acknowledged: 0, already_acknowledged: 0, ids: [] };
      return unwrap(await api.POST('/api/v1/alerts/acknowledge', { body }));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}

// ---- Notification actions (superuser) ----

export function useAlertActions(enabled: boolean) {
  return useQuery({
    queryKey: ['alert-actions'],
    queryFn: async () => unwrap(await api.GET('/api/v1/alerts/actions')),
    enabled,
  });
}

export function useUpdateAlertActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ActionConfigIn) => unwrap(await api.PATCH('/api/v1/alerts/actions', { body })),
    onSuccess: (config) => queryClient.setQueryData(['alert-actions'], config),
  });
}

export function useTestAlertActions() {
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/alerts/actions/test')),
  });
}
