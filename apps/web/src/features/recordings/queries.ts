// Server state of the recordings screen: the recorded spans a timeline or calendar draws and the detections and
// motion drawn as bands (merged by the recorder for the zoom level), the alerts shown as markers, the incidents,
// and the chunk under the playhead.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, toApiError, unwrap } from '../../api/client';
import type { ActivityKind, Alert } from '../../api/types';
import { activityBands, activityGapSeconds, incidentBands } from './bands';

/** The API's largest page of alerts and incidents. */
const PAGE = 500;
/** Pages of alerts read for one day at most (newest first): a day with more is drawn with its newest 5,000. */
const MAX_ALERT_PAGES = 10;

const unixSeconds = (ms: number) => Math.floor(ms / 1000);

/** The query of a camera's recorded spans of [startMs, endMs], chunks less than `minGapSeconds` apart merged. */
function coverageQuery(cameraId: number, startMs: number, endMs: number, minGapSeconds: number) {
  return {
    queryKey: ['recordings', cameraId, 'coverage', startMs, endMs, minGapSeconds],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/recordings/{camera_id}/coverage', {
          params: {
            path: { camera_id: cameraId },
            query: {
              start_unix: unixSeconds(startMs),
              end_unix: Math.ceil(endMs / 1000),
              min_gap_seconds: minGapSeconds,
            },
          },
        }),
      ),
    // Today's footage grows while the screen is open: the last span reaches into the chunk being recorded (its
    // last whole fragment), so it is asked again often enough to stay close to "now".
    refetchInterval: () => (endMs > Date.now() - 60_000 ? 10_000 : false),
  } as const;
}

/**
 * Recorded spans overlapping [startMs, endMs]; chunks less than `minGapSeconds` apart come merged (about one
 * pixel of the drawn range, so the answer never has more spans than the drawing has pixels). Not asked for
 * while `enabled` is false.
 */
export function useCoverage(
  cameraId: number,
  startMs: number,
  endMs: number,
  minGapSeconds: number,
  enabled = true,
) {
  return useQuery({
    ...coverageQuery(cameraId, startMs, endMs, minGapSeconds),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Several cameras' recorded spans of [startMs, endMs] (the all-cameras day): useCoverage for each. */
export function useCoverages(
  cameraIds: readonly number[],
  startMs: number,
  endMs: number,
  minGapSeconds: number,
) {
  return useQueries({
    queries: cameraIds.map((cameraId) => coverageQuery(cameraId, startMs, endMs, minGapSeconds)),
  });
}

/** The camera's alerts raised in [startMs, endMs), oldest first. */
export function useAlertsBetween(cameraId: number, startMs: number, endMs: number) {
  return useQuery({
    queryKey: ['alerts', 'recordings', cameraId, startMs, endMs],
    queryFn: async (): Promise<Alert[]> => {
      const alerts: Alert[] = [];
      // GET /alerts has `since` but no end, newest first: read pages until the rest is older than the range.
      for (let page = 0; page < MAX_ALERT_PAGES; page++) {
        const answer = unwrap(
          await api.GET('/api/v1/alerts', {
            params: {
              query: {
                camera_id: cameraId,
                since: new Date(startMs).toISOString(),
                skip: page * PAGE,
                limit: PAGE,
              },
            },
          }),
        );
        alerts.push(...answer.alerts);
        if (answer.alerts.length < PAGE) break;
      }
      return alerts
        .filter((alert) => Date.parse(alert.created_at) < endMs)
        .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * The camera's detections or motion overlapping [startMs, endMs] as ranges, those less than `gapSeconds` apart
 * merged by the recorder: every finding of the range, however many, in a list bounded by the drawing's width.
 */
export function useActivity(
  cameraId: number,
  kind: ActivityKind,
  startMs: number,
  endMs: number,
  gapSeconds: number,
  enabled = true,
) {
  return useQuery({
    queryKey: ['recordings', cameraId, 'activity', kind, startMs, endMs, gapSeconds],
    enabled,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/recordings/{camera_id}/activity', {
          params: {
            path: { camera_id: cameraId },
            query: {
              start_unix: unixSeconds(startMs),
              end_unix: Math.ceil(endMs / 1000),
              kind,
              min_gap_seconds: gapSeconds,
            },
          },
        }),
      ).ranges,
    placeholderData: keepPreviousData,
    // Today's activity grows while the screen is open.
    refetchInterval: () => (endMs > Date.now() - 60_000 ? 30_000 : false),
  });
}

/** The incidents (review items) that overlap [startMs, endMs]: up to the API's page of 500, and how many there are. */
function useIncidentsBetween(cameraId: number, startMs: number, endMs: number, enabled: boolean) {
  return useQuery({
    // Under ['review'] too, so the review events that refresh the Review screen refresh these bands.
    queryKey: ['review', 'recordings', cameraId, startMs, endMs],
    enabled,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/review-items', {
          params: {
            query: {
              camera_id: cameraId,
              start_unix: unixSeconds(startMs),
              end_unix: Math.ceil(endMs / 1000),
              limit: PAGE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * The incidents of [startMs, endMs] as timeline bands: one each, with its labels, while the view holds at most a
 * page of them; merged by the recorder (activity kind=incident, `msPerPixel` apart) when it holds more, so every
 * incident of a busy day is drawn, not the newest 500.
 */
export function useIncidentBands(
  cameraId: number,
  startMs: number,
  endMs: number,
  msPerPixel: number,
  enabled = true,
) {
  const list = useIncidentsBetween(cameraId, startMs, endMs, enabled);
  const more = list.data !== undefined && list.data.total > list.data.items.length;
  const merged = useActivity(
    cameraId,
    'incident',
    startMs,
    endMs,
    activityGapSeconds('incident', msPerPixel),
    enabled && more,
  );
  // An open incident reaches to when the list was read; its review events refetch it as it goes on.
  const bands = useMemo(
    () =>
      more
        ? activityBands(merged.data ?? [], 'incident')
        : incidentBands(list.data?.items ?? [], list.dataUpdatedAt),
    [more, merged.data, list.data, list.dataUpdatedAt],
  );
  return {
    bands,
    error: list.error ?? (more ? merged.error : null),
    /** asks again for what failed (the merged ranges only where they are used) */
    refetch: () => Promise.all([list.refetch(), ...(more ? [merged.refetch()] : [])]),
  };
}

/** The chunk that holds the instant `ms`, or null where nothing was recorded. */
export async function chunkAt(cameraId: number, ms: number) {
  const chunks = unwrap(
    await api.GET('/api/v1/recordings/{camera_id}', {
      params: {
        path: { camera_id: cameraId },
        query: { start_unix: unixSeconds(ms), end_unix: unixSeconds(ms) + 1 },
      },
    }),
  );
  return (
    chunks.find((chunk) => Date.parse(chunk.start_time) <= ms && ms < Date.parse(chunk.end_time)) ??
    chunks[0] ??
    null
  );
}

/** Whether anything was recorded in [startMs, endMs]. */
export async function hasFootage(cameraId: number, startMs: number, endMs: number): Promise<boolean> {
  const coverage = unwrap(
    await api.GET('/api/v1/recordings/{camera_id}/coverage', {
      params: {
        path: { camera_id: cameraId },
        query: { start_unix: unixSeconds(startMs), end_unix: Math.ceil(endMs / 1000), min_gap_seconds: 3600 },
      },
    }),
  );
  return coverage.spans.some((span) => Date.parse(span.end_time) > startMs);
}

/** A media ticket for the camera: the URLs a <video> or hls.js loads cannot carry the access token. */
export async function mediaTicket(cameraId: number): Promise<{ ticket: string; expiresAt: number }> {
  const answer = unwrap(
    await api.POST('/api/v1/cameras/{id}/stream-ticket', { params: { path: { id: cameraId } } }),
  );
  return { ticket: answer.ticket, expiresAt: Date.now() + answer.expires_in * 1000 };
}

/** A scrub preview (data URL): the keyframe at or before `atMs`, 160 px wide; each instant fetched once per visit. */
export function useThumbnail(cameraId: number, atMs: number | null) {
  return useQuery({
    queryKey: ['recordings', cameraId, 'thumbnail', atMs],
    enabled: atMs !== null,
    staleTime: Infinity,
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/recordings/{camera_id}/thumbnail', {
        params: { path: { camera_id: cameraId }, query: { at_ms: atMs!, width: 160 } },
        parseAs: 'blob',
      });
      if (!response.ok || !data) throw toApiError(response.status, error);
      // A data URL: nothing to revoke when the cache lets go of it (a preview is a few kilobytes).
      return `data:image/jpeg;base64,${base64(new Uint8Array(await data.arrayBuffer()))}`;
    },
  });
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The integrity check of a camera's stored footage in [startMs, endMs] (the recorder re-hashes every chunk against
 * its evidence chain: docs/evidence.md). Not asked again on its own: it reads every byte of the range.
 */
export function useIntegrity(cameraId: number, startMs: number, endMs: number) {
  return useQuery({
    queryKey: ['recordings', cameraId, 'integrity', startMs, endMs],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/recordings/{camera_id}/integrity', {
          params: {
            path: { camera_id: cameraId },
            query: { start_unix: unixSeconds(startMs), end_unix: Math.ceil(endMs / 1000) },
          },
        }),
      ),
    staleTime: 60_000,
  });
}
