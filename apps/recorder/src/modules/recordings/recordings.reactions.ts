// How recording follows changes without a restart: a camera or stream config change starts, restarts or stops
// its recording; new media-source TLS material retries cameras refused for their certificate.
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { RecordingEngine } from './recording-engine.js';

export function recordingReactions(
  events: RecorderEventBus,
  engine: Pick<RecordingEngine, 'sync'>,
  cameraIds: () => Promise<number[]>,
): () => void {
  return removeAll([
    events.on('camera.changed', (change) => engine.sync(change.camera.id)),
    events.on('camera-config.changed', ({ cameraId }) => engine.sync(cameraId)),
    events.on('media-tls.changed', async () => {
      await Promise.all((await cameraIds()).map((id) => engine.sync(id)));
    }),
  ]);
}
