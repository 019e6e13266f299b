// face-api's 68-point landmark net and age/gender net, run on 112×112 crops around BlazeFace's boxes
// (cheaper than a full-image pipeline: the nets only ever see the faces).
import type * as TF from '@tensorflow/tfjs';
import type { DecodedFrame } from '../frames/decode.js';
import { faceApi, loadWeightMap, tfjs } from '../runtimes/tfjs.js';
import type { Box } from './geometry.js';

const CROP = 112;
/** BlazeFace boxes are tight around eyes-to-mouth; the landmark net was trained on looser crops. */
const CROP_MARGIN = 1.25;

export interface FaceAttributes {
  /** 68 points in working-frame pixels (iBUG 300-W order). */
  landmarks68: [number, number][];
  age: number;
  gender: 'male' | 'female';
  genderConfidence: number;
}

export interface FaceLandmarker {
  landmarks(crops: TF.Tensor3D[]): Promise<[number, number][][]>;
  dispose(): void;
}
export interface AgeGenderNet {
  predict(
    crops: TF.Tensor3D[],
  ): Promise<{ age: number; gender: 'male' | 'female'; genderConfidence: number }[]>;
  dispose(): void;
}

export async function loadLandmarker(dir: string): Promise<FaceLandmarker> {
  const api = await faceApi();
  const net = new api.FaceLandmark68Net();
  net.loadFromWeightMap(await loadWeightMap(dir, 'face_landmark_68_model'));
  return {
    dispose: () => net.dispose(),
    landmarks: async (crops) => {
      const out = await net.detectLandmarks(crops);
      const list = Array.isArray(out) ? out : [out];
      return list.map((l) => l.relativePositions.map((p) => [p.x, p.y] as [number, number]));
    },
  };
}

export async function loadAgeGender(dir: string): Promise<AgeGenderNet> {
  const api = await faceApi();
  const net = new api.AgeGenderNet();
  net.loadFromWeightMap(await loadWeightMap(dir, 'age_gender_model'));
  return {
    dispose: () => net.dispose(),
    predict: async (crops) => {
      const out = await net.predictAgeAndGender(crops);
      const list = Array.isArray(out) ? out : [out];
      return list.map((p) => ({
        age: p.age,
        gender: p.gender === 'female' ? 'female' : 'male',
        genderConfidence: p.genderProbability,
      }));
    },
  };
}

/** Square crop boxes (working-frame pixels) around each detected face, clamped to the frame. */
export function cropBoxes(frame: DecodedFrame, faces: Box[]): Box[] {
  return faces.map(([x1, y1, x2, y2]) => {
    const cx = (x1 + x2) / 2;
    const cy = (y1 + y2) / 2;
    const half = (Math.max(x2 - x1, y2 - y1) * CROP_MARGIN) / 2;
    return [
      Math.max(0, cx - half),
      Math.max(0, cy - half),
      Math.min(frame.width, cx + half),
      Math.min(frame.height, cy + half),
    ];
  });
}

/** Runs both nets on every face in one batch each; returns attributes in input order. */
export async function describeFaces(
  frame: DecodedFrame,
  faces: Box[],
  landmarker: FaceLandmarker,
  ageGender: AgeGenderNet,
): Promise<FaceAttributes[]> {
  if (faces.length === 0) return [];
  const tf = await tfjs();
  const boxes = cropBoxes(frame, faces);
  const crops = tf.tidy(() => {
    const image = tf
      .tensor3d(frame.data, [frame.height, frame.width, 3], 'int32')
      .toFloat()
      .expandDims<TF.Tensor4D>(0);
    const normalised = boxes.map(([x1, y1, x2, y2]) => [
      y1 / frame.height,
      x1 / frame.width,
      y2 / frame.height,
      x2 / frame.width,
    ]);
    const batch = tf.image.cropAndResize(
      image,
      normalised,
      boxes.map(() => 0),
      [CROP, CROP],
    );
    return tf.unstack(batch) as TF.Tensor3D[];
  });
  try {
    const [points, attrs] = await Promise.all([landmarker.landmarks(crops), ageGender.predict(crops)]);
    return boxes.map(([x1, y1, x2, y2], i) => ({
      landmarks68: (points[i] ?? []).map(
        ([px, py]) => [x1 + px * (x2 - x1), y1 + py * (y2 - y1)] as [number, number],
      ),
      age: attrs[i]?.age ?? 0,
      gender: attrs[i]?.gender ?? 'male',
      genderConfidence: attrs[i]?.genderConfidence ?? 0,
    }));
  } finally {
    tf.dispose(crops);
  }
}

/** The 5 points ADAPTER.md asks for, derived from the 68: eye centres, nose tip, mouth corners. */
export function fivePoints(p68: [number, number][]): [number, number][] {
  const mean = (from: number, to: number): [number, number] => {
    const pts = p68.slice(from, to + 1);
    return [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
  };
  // iBUG order: 36-41 and 42-47 are the eyes as seen in the image (left of image first), 30 the nose tip,
  // 48 and 54 the mouth corners. "Left eye" here means the one on the image's left.
  return [mean(36, 41), mean(42, 47), p68[30] ?? [0, 0], p68[48] ?? [0, 0], p68[54] ?? [0, 0]];
}
