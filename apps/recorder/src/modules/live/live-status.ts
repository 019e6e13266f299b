// A camera's `live_online` as its camera streams see it: online while the stream that is read keeps sending,
// offline a few seconds after it stops (camera killed, frozen, unplugged), unknown while nobody reads it. The main
// stream speaks for the camera when it is read (recording, the single-camera view); otherwise the substream does
// (a wall of substream tiles while nothing records). The recording engine reports too, from its ffmpeg's state:
// both say the same thing, the stream just sooner (media/ingest/camera-stream.ts).
import type { StreamLiveness } from '../../media/ingest/camera-stream.js';
import type { StreamRole } from '../../media/ingest/stream-hub.js';
import type { CameraStatusService } from '../cameras/camera-status.service.js';

export class LiveStatus {
  readonly #streams = new Map<number, Record<StreamRole, boolean | null>>();

  constructor(private readonly status: Pick<CameraStatusService, 'report'>) {}

  streamLiveness(cameraId: number, role: StreamRole, { online }: StreamLiveness): void {
    const roles = this.#streams.get(cameraId) ?? { main: null, sub: null };
    roles[role] = online;
    if (roles.main === null && roles.sub === null) this.#streams.delete(cameraId);
    else this.#streams.set(cameraId, roles);
    this.status.report(cameraId, { live_online: roles.main ?? roles.sub });
  }
}
