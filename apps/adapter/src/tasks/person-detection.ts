// person_detection: like object_detection, persons only (CenterNet's "person", or an operator detector's class
// named "person" in any case).
import { labelledDetections } from './object-detection.js';
import {
  commonParams,
  detectorModels,
  detectorParam,
  paramsSchema,
  regionsParam,
  type TaskDefinition,
} from './types.js';

export const personDetection: TaskDefinition = {
  name: 'person_detection',
  summary: 'Detects people with boxes and labels (CenterNet, class person, or an operator detector)',
  models: ['centernet'],
  modelsFor: detectorModels,
  params: paramsSchema({
    ...commonParams({ maxResults: 200 }),
    detector: detectorParam,
    regions: regionsParam,
  }),
  tracked: true,
  run: (ctx, params) =>
    labelledDetections(
      ctx,
      'person_detection',
      params,
      (label) => label.toLowerCase() === 'person',
      params.min_confidence,
      params.max_results as number,
    ),
};
