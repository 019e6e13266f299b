// How stream targets follow changes: cloud streaming switched on or off, their camera changed, paused or
// removed, and a restored backup.
import type { RecorderEventBus } from '../../recorder-events.js';
import { removeAll } from '../../reactions.js';
import type { StreamTargetsService } from './stream-targets.service.js';

export function streamTargetReactions(
  events: RecorderEventBus,
  targets: Pick<StreamTargetsService, 'syncAll' | 'syncCamera'>,
): () => void {
  return removeAll([
    events.on('cloud-settings.changed', () => targets.syncAll()),
    events.on('camera.changed', (change) => targets.syncCamera(change.camera.id)),
    events.on('camera-config.changed', ({ cameraId }) => targets.syncCamera(cameraId)),
    events.on('camera.ownership-changed', ({ cameraId }) => targets.syncCamera(cameraId)),
    events.on('backup.restored', () => targets.syncAll()),
  ]);
}
