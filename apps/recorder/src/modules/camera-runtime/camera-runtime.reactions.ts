// The one place that hears what may change how a camera is read — the camera row (URL, credentials, paused,
// binned, deleted), its stream config, this node's lease on it, the media-source TLS material, a restored
// backup — and tells the camera's parts once: its shared streams (media/ingest) start their own pulls again with
// the new source, and `camera.runtime-changed` goes to every pipeline that reads the camera (recording, live
// view, AI, motion, stream targets), which each re-read what they need. Before, each pipeline subscribed to its
// own set of these events (they had come to differ) and the streams learned of a new URL only through the live
// module. All of them start at once, as the change is announced (a pipeline never waits for another: a
// recording that takes seconds to stop does not hold back AI or live view), and the runtime ends when all have.
import type { StreamHub } from '../../media/ingest/stream-hub.js';
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';

export function cameraRuntimeReactions(
  events: RecorderEventBus,
  streams: Pick<StreamHub, 'refresh'>,
  cameraIds: () => Promise<number[]>,
): () => void {
  // Ends when every part has followed: a lease given back waits for the pipelines to stop (their last chunk
  // indexed), and a restored backup answers once everything follows it (recorder-events.ts).
  const follow = async (cameraId: number) => {
    await Promise.all([
      streams.refresh(cameraId),
      events.emitAndSettle('camera.runtime-changed', { cameraId }),
    ]);
  };
  const followAll = async (ids: number[]) => {
    await Promise.all(ids.map(follow));
  };
  return removeAll([
    events.on('camera.changed', (change) => follow(change.camera.id)),
    events.on('camera-config.changed', ({ cameraId }) => follow(cameraId)),
    events.on('camera.ownership-changed', ({ cameraId }) => follow(cameraId)),
    events.on('media-tls.changed', async () => followAll(await cameraIds())),
    events.on('backup.restored', ({ cameraIds: ids }) => followAll(ids)),
  ]);
}
