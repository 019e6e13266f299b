// Which incident (review item) an alert or an event belongs to, for the Alerts and Events lists: one request for
// the incidents overlapping the shown span, then each row matched by camera and instant. The rule is the one the
// recorder's review builder applies to alerts — a moment on a camera belongs to the incident whose clip covers it
// (pre-roll to post-roll; an open incident to now) — so a row links to the clip that shows it.
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, unwrap } from '../../api/client';
import type { ReviewItem } from '../../api/types';

/** A moment on a camera that a row stands for. */
export interface Moment {
  cameraId: number;
  /** ms since the epoch */
  at: number;
}

/** The most incidents one list asks for (the API's page limit); older rows past them get no incident. */
const MAX_INCIDENTS = 500;
const MINUTE = 60_000;

/** The incident whose clip covers the moment; the latest to begin when clips overlap. */
export function incidentAt(items: readonly ReviewItem[], { cameraId, at }: Moment): ReviewItem | undefined {
  let found: ReviewItem | undefined;
  for (const item of items) {
    if (item.camera_id !== cameraId) continue;
    const start = Date.parse(item.clip_start_time);
    const end = item.clip_end_time === null ? Infinity : Date.parse(item.clip_end_time);
    if (at < start || at > end) continue;
    if (!found || start > Date.parse(found.clip_start_time)) found = item;
  }
  return found;
}

/**
 * The incidents around a list's moments, and the lookup for one row. Kept under the ['review'] key, so the
 * review events that refresh the Review screen refresh these links too.
 */
export function useIncidentsAt(moments: readonly Moment[]): (moment: Moment) => ReviewItem | undefined {
  const times = moments.map((moment) => moment.at);
  // Whole minutes, so that live rows arriving do not ask again each time: an incident that opens later is
  // fetched when its review event invalidates the key.
  const span =
    times.length === 0
      ? null
      : {
          start_unix: Math.floor(Math.min(...times) / MINUTE) * 60,
          end_unix: Math.ceil(Math.max(...times) / MINUTE) * 60,
        };
  const incidents = useQuery({
    queryKey: ['review', 'around', span],
    enabled: span !== null,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/review-items', {
          params: { query: { ...span!, limit: MAX_INCIDENTS } },
        }),
      ).items,
  });
  const items = incidents.data;
  return useCallback((moment: Moment) => (items ? incidentAt(items, moment) : undefined), [items]);
}
