// object_detection: labelled objects with boxes — CenterNet's 80 COCO classes, or the classes of the operator
// detector params.detector names. `labels` narrows the classes (the inference service checks them against the
// detector's own).
import { Type } from '@sinclair/typebox';
import { toPixelBox } from '../models/geometry.js';
import { detectObjects } from './detections.js';
import {
  commonParams,
  detectorModels,
  detectorParam,
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
  detector: unknown,
  accept: (label: string) => boolean,
  min: number,
  max: number,
) {
  const { width, height } = frameSize(ctx.frame);
  const hits = (await detectObjects(ctx, detector))
    .filter((h) => h.score >= min && accept(h.label))
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
  summary: 'Detects the 80 COCO object classes (CenterNet), or the classes of an operator detector',
  models: ['centernet'],
  modelsFor: detectorModels,
  params: paramsSchema({
    ...commonParams({ minConfidence: 0.3, maxResults: 100 }),
    labels: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: 2000,
        uniqueItems: true,
        description:
          "class names of the detector (COCO names for centernet); checked against the detector's labels",
      }),
    ),
    detector: detectorParam,
  }),
  tracked: true,
  run: (ctx, params) => {
    const labels = params.labels as string[] | undefined;
    return labelledDetections(
      ctx,
      'object_detection',
      params.detector,
      (label) => !labels || labels.includes(label),
      params.min_confidence as number,
      params.max_results as number,
    );
  },
};
