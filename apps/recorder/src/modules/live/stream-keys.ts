// Live sessions are kept per camera stream: `<camera id>/<role>`, so a camera's main stream and its substream
// have separate sessions; a session of something made of a stream (its H.264 transcode) adds `/<what>`.
import type { StreamRole } from '../../media/ingest/stream-hub.js';
import type { LiveVideo } from './live-video.js';

export const streamKey = (cameraId: number, role: StreamRole) => `${cameraId}/${role}`;

/** A live session's key: its stream's, with `/h264` after it for the stream's H.264 transcode. */
export const liveKey = (cameraId: number, role: StreamRole, video: LiveVideo) =>
  video === 'copy' ? streamKey(cameraId, role) : `${streamKey(cameraId, role)}/${video}`;

/** The keys of a map of sessions that belong to the camera (to one stream of it, when given). */
export function keysOf(
  sessions: Map<string, { cameraId: number }>,
  cameraId: number,
  role?: StreamRole,
): string[] {
  return [...sessions]
    .filter(
      ([key, session]) =>
        session.cameraId === cameraId && (!role || ofStream(key, streamKey(cameraId, role))),
    )
    .map(([key]) => key);
}

const ofStream = (key: string, stream: string) => key === stream || key.startsWith(`${stream}/`);
