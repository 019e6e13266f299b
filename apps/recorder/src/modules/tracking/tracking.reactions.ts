// How object tracking follows the detection loop: each analysed picture of a detector, models that change, and
// cameras that go.
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { TrackedObjects } from './tracked-objects.js';

export function trackingReactions(
  events: RecorderEventBus,
  objects: Pick<TrackedObjects, 'seen' | 'modelChanged' | 'cameraGone'>,
): () => void {
  return removeAll([
    events.on('detections.seen', (seen) => objects.seen(seen)),
    events.on('ai-model.changed', ({ modelId }) => objects.modelChanged(modelId)),
    events.on('camera.changed', ({ kind, camera }) => {
      if (kind === 'binned' || kind === 'deleted') objects.cameraGone(camera.id);
    }),
  ]);
}
