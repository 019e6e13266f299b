// How the detection loop follows changes at once, without a restart: models, cameras, stream configs and a
// restored backup.
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { DetectionLoop } from './detection-loop.js';

export function detectionReactions(
  events: RecorderEventBus,
  loop: Pick<DetectionLoop, 'syncModel' | 'syncCamera' | 'syncAll'>,
): () => void {
  return removeAll([
    events.on('ai-model.changed', ({ modelId }) => loop.syncModel(modelId)),
    events.on('camera.changed', (change) => loop.syncCamera(change.camera.id)),
    events.on('camera-config.changed', ({ cameraId }) => loop.syncCamera(cameraId)),
    events.on('backup.restored', () => loop.syncAll()),
  ]);
}
