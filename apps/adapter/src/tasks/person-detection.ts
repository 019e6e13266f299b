// person_detection: like object_detection, persons only.
import { labelledDetections } from './object-detection.js';
import { commonParams, paramsSchema, type TaskDefinition } from './types.js';

export const personDetection: TaskDefinition = {
  name: 'person_detection',
  summary: 'Detects people with boxes and labels (CenterNet, class person)',
  models: ['centernet'],
  params: paramsSchema(commonParams({ minConfidence: 0.3, maxResults: 200 })),
  tracked: true,
  run: (ctx, params) =>
    labelledDetections(
      ctx,
      'person_detection',
      ['person'],
      params.min_confidence as number,
      params.max_results as number,
    ),
};
