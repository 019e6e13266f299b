// How the detection loop follows changes at once, without a restart: models, whatever changes how a camera is
// read (camera-runtime.reactions.ts), a restored backup, and motion starting and ending on a camera (models that
// run on motion).
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { DetectionLoop } from './detection-loop.js';

export function detectionReactions(
  events: RecorderEventBus,
  loop: Pick<DetectionLoop, 'syncModel' | 'syncCamera' | 'syncAll' | 'motionChanged'>,
): () => void {
  return removeAll([
    events.on('ai-model.changed', ({ modelId }) => loop.syncModel(modelId)),
    events.on('camera.runtime-changed', ({ cameraId }) => loop.syncCamera(cameraId)),
    // The models were restored too.
    events.on('backup.restored', () => loop.syncAll()),
    events.on('motion.changed', ({ cameraId, active }) => loop.motionChanged(cameraId, active)),
  ]);
}
