// How stream targets follow changes: cloud streaming switched on or off, whatever changes how their camera is read
// (camera-runtime.reactions.ts: changed, paused, removed, new TLS material), and a restored backup.
import type { RecorderEventBus } from '../../recorder-events.js';
import { removeAll } from '../../reactions.js';
import type { StreamTargetsService } from './stream-targets.service.js';

export function streamTargetReactions(
  events: RecorderEventBus,
  targets: Pick<StreamTargetsService, 'syncAll' | 'syncCamera'>,
): () => void {
  return removeAll([
    events.on('cloud-settings.changed', () => targets.syncAll()),
    events.on('camera.runtime-changed', ({ cameraId }) => targets.syncCamera(cameraId)),
    // The targets were restored too.
    events.on('backup.restored', () => targets.syncAll()),
  ]);
}
