// Shared detector passes, memoised per frame so a pipeline runs each model once.
import type { ObjectHit } from '../models/centernet.js';
import type { FaceHit } from '../models/blazeface.js';
import type { TaskContext } from './types.js';

/** The detectors' floor: tasks filter the memoised hits by their own min_confidence. */
const OBJECT_FLOOR = 0.1;
const FACE_FLOOR = 0.3;

/** The hits of CenterNet, or of the operator detector `detector` names (checked by the inference service). */
export function detectObjects(ctx: TaskContext, detector: unknown = 'centernet'): Promise<ObjectHit[]> {
  if (typeof detector === 'string' && detector !== 'centernet')
    return ctx.memo(`detectors/${detector}`, async () =>
      (await ctx.models.detector(detector)).detect(ctx.frame, OBJECT_FLOOR),
    );
  return ctx.memo('centernet', async () =>
    (await ctx.models.get('centernet')).detect(ctx.frame, OBJECT_FLOOR),
  );
}

export type FaceDetector = 'ssd' | 'blazeface';

/** Face boxes in working-frame pixels (the face attribute nets crop from the working frame). */
export function detectFaces(ctx: TaskContext, detector: FaceDetector): Promise<FaceHit[]> {
  return ctx.memo(`faces:${detector}`, async () => {
    const model = detector === 'ssd' ? await ctx.models.get('ssd_face') : await ctx.models.get('blazeface');
    return model.detect(ctx.frame, FACE_FLOOR);
  });
}
