// How camera configs follow the cameras: a new camera, or a new address for one, is probed for RTSPS in the
// background (API.md §5), once: by the node where the change was made.
import type { CameraRow } from '../../platform/db/schema.js';
import type { RecorderEventBus } from '../recorder-events.js';

export function cameraConfigReactions(
  events: RecorderEventBus,
  configs: { probeInBackground(camera: CameraRow): void },
): () => void {
  return events.on('camera.changed', (change, { relayed }) => {
    if (relayed) return;
    if ((change.kind === 'created' || change.kind === 'updated') && change.sourceChanged) {
      configs.probeInBackground(change.camera);
    }
  });
}
