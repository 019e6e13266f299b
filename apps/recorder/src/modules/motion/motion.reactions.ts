// How motion watching follows changes: its settings, whatever changes how the camera is read (camera-runtime.
// reactions.ts: paused, deleted, another address, which stream AI and motion read, new TLS material) and a
// restored backup.
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { MotionWatch } from './motion-watch.js';

export function motionReactions(
  events: RecorderEventBus,
  watch: Pick<MotionWatch, 'sync' | 'syncAll'>,
): () => void {
  return removeAll([
    events.on('motion-settings.changed', ({ cameraId }) => watch.sync(cameraId)),
    events.on('camera.runtime-changed', ({ cameraId }) => watch.sync(cameraId)),
    // The motion settings were restored too (cameras whose stream did not change included).
    events.on('backup.restored', () => watch.syncAll()),
  ]);
}
