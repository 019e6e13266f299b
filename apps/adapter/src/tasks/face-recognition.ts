// face_recognition: face_detection, then Human's FaceRes descriptor of every face (one batch). The worker
// returns the descriptors beside the faces; the main thread matches them against the gallery (faces/) and
// replaces them with `person` and `similarity` before anything leaves the adapter.
import { Type } from '@sinclair/typebox';
import { alignedBox } from '../faces/align.js';
import { DEFAULT_MATCH_THRESHOLD } from '../faces/recognition.js';
import { detectAndDescribe, faceDetectionModels, faceDetectionParams } from './face-detection.js';
import { paramsSchema, type TaskDefinition } from './types.js';

export const faceRecognition: TaskDefinition = {
  name: 'face_recognition',
  summary:
    "face_detection plus the registered person each face belongs to (FaceRes 1024-d descriptors matched against the adapter's face gallery)",
  models: ['ssd_face', 'blazeface', 'face_landmarks68', 'face_age_gender', 'face_embedding'],
  modelsFor: (params) => [...faceDetectionModels(params), 'face_embedding'],
  params: paramsSchema({
    ...faceDetectionParams,
    threshold: Type.Number({
      minimum: 0,
      maximum: 1,
      default: DEFAULT_MATCH_THRESHOLD,
      description:
        'lowest cosine similarity to a gallery face that names the person; below it, person is null',
    }),
  }),
  tracked: false,
  async run(ctx, params) {
    const { faces, found, frame } = await detectAndDescribe(ctx, params);
    const embedder = await ctx.models.get('face_embedding');
    const descriptors = await embedder.embed(
      ctx.frame,
      found.map((f) => alignedBox(f.attrs.landmarks68)),
    );
    return { task: 'face_recognition', faces, face_count: faces.length, frame, descriptors };
  },
};
