// person_counting: how many people are in the frame, with their boxes (CenterNet, COCO "person").
import { toPixelBox } from '../models/geometry.js';
import { detectObjects } from './detections.js';
import { commonParams, frameSize, paramsSchema, round3, type TaskDefinition } from './types.js';

export const personCounting: TaskDefinition = {
  name: 'person_counting',
  summary: 'Counts people (CenterNet COCO-80, class person)',
  models: ['centernet'],
  params: paramsSchema(commonParams({ minConfidence: 0.3, maxResults: 200 })),
  tracked: true,
  async run(ctx, params) {
    const min = params.min_confidence as number;
    const max = params.max_results as number;
    const { width, height } = frameSize(ctx.frame);
    const people = (await detectObjects(ctx))
      .filter((h) => h.label === 'person' && h.score >= min)
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
