// Live sessions are kept per camera stream: `<camera id>/<role>`, so a camera's main stream and its substream
// have separate sessions.
import type { StreamRole } from '../../media/ingest/stream-hub.js';

export const streamKey = (cameraId: number, role: StreamRole) => `${cameraId}/${role}`;

/** The keys of a map of sessions that belong to the camera (to one role of it, when given). */
export function keysOf(
  sessions: Map<string, { cameraId: number }>,
  cameraId: number,
  role?: StreamRole,
): string[] {
  return [...sessions]
    .filter(([key, session]) => session.cameraId === cameraId && (!role || key === streamKey(cameraId, role)))
    .map(([key]) => key);
}
