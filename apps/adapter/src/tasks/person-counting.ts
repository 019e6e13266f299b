// person_counting: how many people are in the frame, with their boxes (CenterNet's COCO "person", or the "person"
// class of the operator detector params.detector names).
import { toPixelBox } from '../models/geometry.js';
import type { Region } from '../detectors/crops.js';
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
  type TaskDefinition,
} from './types.js';

export const personCounting: TaskDefinition = {
  name: 'person_counting',
  summary: 'Counts people (CenterNet COCO-80, class person, or an operator detector)',
  models: ['centernet'],
  modelsFor: detectorModels,
  params: paramsSchema({
    ...commonParams({ maxResults: 200 }),
    detector: detectorParam,
    regions: regionsParam,
  }),
  tracked: true,
  async run(ctx, params) {
    const min = minScoreFor('person', params.min_confidence);
    const max = params.max_results as number;
    const { width, height } = frameSize(ctx.frame);
    const people = (await detectObjects(ctx, params.detector, params.regions as Region[] | undefined))
      .filter((h) => h.label.toLowerCase() === 'person' && h.score >= min)
      .slice(0, max);
    const detections = people.map((p, i) => ({
      bbox: toPixelBox(p.box, width, height),
      confidence: round3(p.score),
      track_id: i + 1,
    }));
    const mean = people.length ? people.reduce((s, p) => s + p.score, 0) / people.length : 0;
    return {
      task: 'person_counting',
      count: detections.length,
      confidence: round3(mean),
      detections,
      frame: { width, height },
    };
  },
};
