// Server state of the review screen. Every review query lives under the ['review'] key, so one invalidation
// (after a mark, or when the event stream says an incident opened, changed or closed — see
// features/events/useLiveQueryUpdates.ts) refreshes the list, the open item and the navigation's count together.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { MarkReviewed, ReviewQuery, ReviewSeverity } from '../../api/types';
import { mediaTicket } from '../recordings/queries';

export const REVIEW_PAGE_SIZE = 50;
/** A media ticket lasts 5 minutes (TICKET_TTL_SECONDS): the pictures' URLs get a fresh one before it runs out. */
const TICKET_RENEW_MS = 4 * 60_000;

/** The filters a person can set; each maps to a query parameter of GET /review-items. */
export interface ReviewFilters {
  camera_id?: number | undefined;
  label?: string | undefined;
  zone?: string | undefined;
  severity?: ReviewSeverity | undefined;
  reviewed?: boolean | undefined;
  /** a day in the viewer's time zone, `YYYY-MM-DD`: the incidents that overlap it */
  day?: string | undefined;
}

/** A `YYYY-MM-DD` day in the viewer's time zone as the seconds it spans, or null when it is not a day. */
export function daySpan(day: string): { start_unix: number; end_unix: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const start = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(start.getTime())) return null;
  const next = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  return { start_unix: Math.floor(start.getTime() / 1000), end_unix: Math.floor(next.getTime() / 1000) - 1 };
}

function query(filters: ReviewFilters): Omit<ReviewQuery, 'skip' | 'limit'> {
  const out: Omit<ReviewQuery, 'skip' | 'limit'> = {};
  if (filters.camera_id !== undefined) out.camera_id = filters.camera_id;
  if (filters.label) out.label = filters.label;
  if (filters.zone) out.zone = filters.zone;
  if (filters.severity) out.severity = filters.severity;
  if (filters.reviewed !== undefined) out.reviewed = filters.reviewed;
  const span = filters.day ? daySpan(filters.day) : null;
  if (span) Object.assign(out, span);
  return out;
}

/** A page of incidents matching the filters, newest first. */
export function useReviewItems(filters: ReviewFilters, page: number) {
  return useQuery({
    queryKey: ['review', 'list', filters, page],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/review-items', {
          params: { query: { ...query(filters), skip: page * REVIEW_PAGE_SIZE, limit: REVIEW_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** How many incidents of the user's cameras nobody has reviewed yet (the navigation's badge). */
export function useUnreviewedCount() {
  return useQuery({
    queryKey: ['review', 'unreviewed'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/review-items', { params: { query: { reviewed: false, limit: 1 } } }))
        .total,
  });
}

export function useReviewItem(id: number, enabled = true) {
  return useQuery({
    queryKey: ['review', 'item', id],
    enabled,
    queryFn: async () => unwrap(await api.GET('/api/v1/review-items/{id}', { params: { path: { id } } })),
  });
}

/**
 * A media ticket for a camera, for the <img> and <video> URLs of its incidents (they cannot carry the access
 * token); one per camera, shared by every row, renewed before it expires.
 */
export function useMediaTicket(cameraId: number) {
  return useQuery({
    queryKey: ['media-ticket', cameraId],
    queryFn: async () => (await mediaTicket(cameraId)).ticket,
    staleTime: TICKET_RENEW_MS,
    refetchInterval: TICKET_RENEW_MS,
  });
}

/** A file URL of the API with the ticket added (null while either is missing). */
export function withTicket(url: string | null, ticket: string | undefined): string | null {
  return url && ticket ? `${url}?ticket=${encodeURIComponent(ticket)}` : null;
}

/** Marks one incident reviewed or not. */
export function useSetReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reviewed }: { id: number; reviewed: boolean }) =>
      unwrap(await api.PATCH('/api/v1/review-items/{id}', { params: { path: { id } }, body: { reviewed } })),
    onSuccess: (item) => queryClient.setQueryData(['review', 'item', item.id], item),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['review'] }),
  });
}

/** Marks the incidents chosen on the list reviewed (POST /review-items/reviewed, ids form). */
export function useMarkChosenReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      unwrap(await api.POST('/api/v1/review-items/reviewed', { body: { ids, reviewed: true } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['review'] }),
  });
}

/**
 * Marks every incident matching the list's filters reviewed (POST /review-items/reviewed, filters form) — only
 * those that had begun by `upToMs`, when the list was read, so one that came in meanwhile stays to be seen.
 */
export function useMarkAllReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ filters, upToMs }: { filters: ReviewFilters; upToMs: number }) => {
      // Shown reviewed or not, the same incidents end up reviewed: the `reviewed` filter is not sent.
      const matching = query({ ...filters, reviewed: undefined });
      const upTo = Math.ceil(upToMs / 1000);
      const body: MarkReviewed = {
        ...matching,
        end_unix: Math.min(matching.end_unix ?? upTo, upTo),
        reviewed: true,
      };
      return unwrap(await api.POST('/api/v1/review-items/reviewed', { body }));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['review'] }),
  });
}
