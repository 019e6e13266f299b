// How live view follows changes: a camera read differently is pulled anew, and one binned, paused or no longer
// readable drops its live sessions; new media-source TLS material or a restored backup re-reads every camera.
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { LiveService } from './live.service.js';

export function liveReactions(
  events: RecorderEventBus,
  live: Pick<LiveService, 'refresh'>,
  cameraIds: () => Promise<number[]>,
): () => void {
  return removeAll([
    events.on('camera.changed', (change) => live.refresh(change.camera.id)),
    events.on('camera-config.changed', ({ cameraId }) => live.refresh(cameraId)),
    events.on('camera.ownership-changed', ({ cameraId }) => live.refresh(cameraId)),
    events.on('media-tls.changed', async () => {
      for (const id of await cameraIds()) await live.refresh(id);
    }),
    events.on('backup.restored', async ({ cameraIds }) => {
      for (const id of cameraIds) await live.refresh(id);
    }),
  ]);
}
