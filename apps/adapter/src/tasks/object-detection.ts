// object_detection: COCO-80 objects with labels and boxes (CenterNet). `labels` narrows the classes.
import { Type } from '@sinclair/typebox';
import { COCO_LABELS } from '../models/coco-labels.js';
import { toPixelBox } from '../models/geometry.js';
import { detectObjects } from './detections.js';
import {
  commonParams,
  frameSize,
  paramsSchema,
  round3,
  type TaskContext,
  type TaskDefinition,
} from './types.js';

/** Shared by object_detection and person_detection: the same pass, different class filters. */
export async function labelledDetections(
  ctx: TaskContext,
  task: string,
  labels: readonly string[] | undefined,
  min: number,
  max: number,
) {
  const { width, height } = frameSize(ctx.frame);
  const hits = (await detectObjects(ctx))
    .filter((h) => h.score >= min && (!labels || labels.includes(h.label)))
    .slice(0, max);
  const detections = hits.map((h, i) => ({
    label: h.label,
    bbox: toPixelBox(h.box, width, height),
    confidence: round3(h.score),
    track_id: i + 1,
  }));
  return { task, detections, count: detections.length, frame: { width, height } };
}

export const objectDetection: TaskDefinition = {
  name: 'object_detection',
  summary: 'Detects the 80 COCO object classes (CenterNet)',
  models: ['centernet'],
  params: paramsSchema({
    ...commonParams({ minConfidence: 0.3, maxResults: 100 }),
    labels: Type.Optional(
      Type.Array(Type.Union(COCO_LABELS.map((l) => Type.Literal(l))), { minItems: 1, uniqueItems: true }),
    ),
  }),
  tracked: true,
  run: (ctx, params) =>
    labelledDetections(
      ctx,
      'object_detection',
      params.labels as string[] | undefined,
      params.min_confidence as number,
      params.max_results as number,
    ),
};
