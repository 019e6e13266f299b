// How motion watching follows changes: its settings, the camera (paused, deleted, another address) and its
// stream config (which stream AI and motion read), new TLS material and a restored backup.
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { MotionWatch } from './motion-watch.js';

export function motionReactions(
  events: RecorderEventBus,
  watch: Pick<MotionWatch, 'sync' | 'syncAll'>,
): () => void {
  return removeAll([
    events.on('motion-settings.changed', ({ cameraId }) => watch.sync(cameraId)),
    events.on('camera.changed', (change) => watch.sync(change.camera.id)),
    events.on('camera-config.changed', ({ cameraId }) => watch.sync(cameraId)),
    events.on('camera.ownership-changed', ({ cameraId }) => watch.sync(cameraId)),
    events.on('media-tls.changed', () => watch.syncAll()),
    events.on('backup.restored', () => watch.syncAll()),
  ]);
}
