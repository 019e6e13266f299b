// Shared detector passes, memoised per frame so a pipeline runs each model once.
import { planCrops, type Crop, type Region } from '../detectors/crops.js';
import type { DecodedFrame } from '../frames/decode.js';
import { CENTERNET_INPUT, type ObjectHit } from '../models/centernet.js';
import { suppressPerClass } from '../detectors/nms.js';
import type { FaceHit } from '../models/blazeface.js';
import type { TaskContext } from './types.js';

/** The detectors' floor: tasks filter the memoised hits by their own min_confidence. */
const OBJECT_FLOOR = 0.1;
const FACE_FLOOR = 0.3;

/** The hits of CenterNet, or of the operator detector `detector` names (checked by the inference service). */
export function detectObjects(
  ctx: TaskContext,
  detector: unknown = 'centernet',
  regions?: readonly Region[],
): Promise<ObjectHit[]> {
  const custom = typeof detector === 'string' && detector !== 'centernet' ? detector : null;
  const key = custom ? `detectors/${custom}` : 'centernet';
  const open = async (): Promise<{ detect: ObjectDetector; input: number }> => {
    if (custom) {
      const model = await ctx.models.detector(custom);
      return {
        detect: (frame, min) => model.detect(frame, min),
        input: Math.max(model.facts.input.width, model.facts.input.height),
      };
    }
    const model = await ctx.models.get('centernet');
    return { detect: (frame, min) => model.detect(frame, min), input: CENTERNET_INPUT };
  };
  const whole = () => ctx.memo(key, async () => (await open()).detect(ctx.frame, OBJECT_FLOOR));
  if (!regions) return whole();
  return ctx.memo(`${key}@${JSON.stringify(regions)}`, async () => {
    const { detect, input } = await open();
    const plan = planCrops(regions, ctx.frame.original, input);
    if (plan.kind === 'nothing') return [];
    if (plan.kind === 'whole') return whole();
    const full = await ctx.fullFrame();
    const hits: ObjectHit[] = [];
    for (const crop of plan.crops) {
      for (const hit of await detect(cropFrame(full, crop), OBJECT_FLOOR)) {
        const [x1, y1, x2, y2] = hit.box;
        hits.push({ ...hit, box: [x1 + crop.left, y1 + crop.top, x2 + crop.left, y2 + crop.top] });
      }
    }
    // Crops may overlap: one object seen twice is one hit.
    return suppressPerClass(hits, 0.5);
  });
}

type ObjectDetector = (frame: DecodedFrame, minScore: number) => Promise<ObjectHit[]>;

/**
 * The pixels of `crop` (original-picture pixels) out of a frame decoded at full size (or at MAX_FULL_SIDE, when
 * the original is larger: the crop is scaled to the decoded pixels and boxes come back in original pixels).
 */
export function cropFrame(full: DecodedFrame, crop: Crop): DecodedFrame {
  const sx = full.width / full.original.width;
  const sy = full.height / full.original.height;
  const left = Math.min(full.width - 1, Math.round(crop.left * sx));
  const top = Math.min(full.height - 1, Math.round(crop.top * sy));
  const width = Math.max(1, Math.min(full.width - left, Math.round(crop.width * sx)));
  const height = Math.max(1, Math.min(full.height - top, Math.round(crop.height * sy)));
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * full.width + left) * 3;
    data.set(full.data.subarray(from, from + width * 3), y * width * 3);
  }
  return { data, width, height, original: { width: crop.width, height: crop.height } };
}

export type FaceDetector = 'ssd' | 'blazeface';

/** Face boxes in working-frame pixels (the face attribute nets crop from the working frame). */
export function detectFaces(ctx: TaskContext, detector: FaceDetector): Promise<FaceHit[]> {
  return ctx.memo(`faces:${detector}`, async () => {
    const model = detector === 'ssd' ? await ctx.models.get('ssd_face') : await ctx.models.get('blazeface');
    return model.detect(ctx.frame, FACE_FLOOR);
  });
}
