// face_detection: a detector (SSD MobileNet v1 on onnxruntime by default, BlazeFace on tfjs-wasm on request)
// finds faces on the whole frame, then face-api's landmark and age/gender nets (onnxruntime) run on 112 px
// crops of just those faces, all faces of the frame in one batch.
import { Type } from '@sinclair/typebox';
import { describeFaces, fivePoints } from '../models/face-attributes.js';
import { scaleBox, toPixelBox } from '../models/geometry.js';
import { detectFaces, type FaceDetector } from './detections.js';
import {
  commonParams,
  frameSize,
  paramsSchema,
  round3,
  type TaskContext,
  type TaskDefinition,
} from './types.js';

export async function findFaces(ctx: TaskContext, detector: FaceDetector, min: number, max: number) {
  const hits = (await detectFaces(ctx, detector)).filter((f) => f.score >= min).slice(0, max);
  const [landmarker, ageGender] = await Promise.all([
    ctx.models.get('face_landmarks68'),
    ctx.models.get('face_age_gender'),
  ]);
  const attrs = await describeFaces(
    ctx.frame,
    hits.map((h) => h.box),
    landmarker,
    ageGender,
  );
  return hits.map((h, i) => ({ hit: h, attrs: attrs[i]! }));
}

/** face_detection's params; face_recognition takes the same plus its threshold. */
export const faceDetectionParams = {
  ...commonParams({ minConfidence: 0.5, maxResults: 50 }),
  landmarks: Type.Union([Type.Literal(5), Type.Literal(68)], { default: 5 }),
  detector: Type.Union([Type.Literal('ssd'), Type.Literal('blazeface')], {
    default: 'ssd',
    description:
      'ssd: finds turned faces (onnxruntime); blazeface: frontal faces only (tfjs-wasm, no faster than ssd here)',
  }),
};

export const faceDetectionModels = (params: Record<string, unknown>) =>
  [
    params.detector === 'blazeface' ? 'blazeface' : 'ssd_face',
    'face_landmarks68',
    'face_age_gender',
  ] as const;

/** face_detection's answer for a frame, plus what each face was found from (for face_recognition). */
export async function detectAndDescribe(ctx: TaskContext, params: Record<string, unknown>) {
  const { frame } = ctx;
  const { width, height } = frameSize(frame);
  const sx = width / frame.width;
  const sy = height / frame.height;
  const toFrame = ([x, y]: [number, number]): [number, number] => [
    Math.min(width, Math.max(0, Math.round(x * sx))),
    Math.min(height, Math.max(0, Math.round(y * sy))),
  ];
  const found = await findFaces(
    ctx,
    params.detector as FaceDetector,
    params.min_confidence as number,
    params.max_results as number,
  );
  const faces = found.map(({ hit, attrs }) => ({
    bbox: toPixelBox(scaleBox(hit.box, sx, sy), width, height),
    confidence: round3(hit.score),
    landmarks: (params.landmarks === 68 ? attrs.landmarks68 : fivePoints(attrs.landmarks68)).map(toFrame),
    age: Math.round(attrs.age),
    gender: attrs.gender,
    gender_confidence: round3(attrs.genderConfidence),
  }));
  return { faces, found, frame: { width, height } };
}

export const faceDetection: TaskDefinition = {
  name: 'face_detection',
  summary:
    'Finds faces with 5- or 68-point landmarks, age and gender (SSD MobileNet v1 or BlazeFace, then face-api landmark and age/gender nets on face crops)',
  models: ['ssd_face', 'blazeface', 'face_landmarks68', 'face_age_gender'],
  modelsFor: faceDetectionModels,
  params: paramsSchema(faceDetectionParams),
  tracked: false,
  async run(ctx, params) {
    const { faces, frame } = await detectAndDescribe(ctx, params);
    return { task: 'face_detection', faces, face_count: faces.length, frame };
  },
};
