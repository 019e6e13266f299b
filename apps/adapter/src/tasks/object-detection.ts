// object_detection: labelled objects with boxes — CenterNet's 80 COCO classes, or the classes of the operator
// detector params.detector names. `labels` narrows the classes (the inference service checks them against the
// detector's own).
import { Type } from '@sinclair/typebox';
import type { Region } from '../detectors/crops.js';
import { toPixelBox } from '../models/geometry.js';
import { detectObjects } from './detections.js';
import { minScoreFor } from './thresholds.js';
import {
  commonParams,
  detectorModels,
  detectorParam,
  frameSize,
  paramsSchema,
  regionsParam,
  round3,
  type DetectorSource,
  type TaskContext,
  type TaskDefinition,
} from './types.js';

/** Shared by object_detection and person_detection: the same pass, different class filters. */
export async function labelledDetections(
  ctx: TaskContext,
  task: string,
  source: DetectorSource,
  accept: (label: string) => boolean,
  /** the caller's min_confidence, or undefined for the class defaults */
  min: unknown,
  max: number,
) {
  const { width, height } = frameSize(ctx.frame);
  const hits = (await detectObjects(ctx, source.detector, source.regions as Region[] | undefined))
    .filter((h) => h.score >= minScoreFor(h.label, min) && accept(h.label))
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
    ...commonParams({ maxResults: 100 }),
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
    regions: regionsParam,
  }),
  tracked: true,
  run: (ctx, params) => {
    const labels = params.labels as string[] | undefined;
    return labelledDetections(
      ctx,
      'object_detection',
      params,
      (label) => !labels || labels.includes(label),
      params.min_confidence,
      params.max_results as number,
    );
  },
};
