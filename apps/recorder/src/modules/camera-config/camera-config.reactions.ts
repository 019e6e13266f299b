// How camera configs follow the cameras: a new camera, or a new address for one, is probed for RTSPS in the
// background (API.md §5).
import type { CameraRow } from '../../platform/db/schema.js';
import type { RecorderEventBus } from '../recorder-events.js';

export function cameraConfigReactions(
  events: RecorderEventBus,
  configs: { probeInBackground(camera: CameraRow): void },
): () => void {
  return events.on('camera.changed', (change) => {
    if ((change.kind === 'created' || change.kind === 'updated') && change.sourceChanged) {
      configs.probeInBackground(change.camera);
    }
  });
}
