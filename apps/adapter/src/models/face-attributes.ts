// face-api's 68-point landmark net and age/gender net, run on onnxruntime-node on 112×112 crops around the
// detector's boxes (cheaper than a full-image pipeline: the nets only ever see the faces, all faces of a
// frame in one batch). The graphs are face-api's layers rebuilt in ONNX from its shipped weights.
import type * as Ort from 'onnxruntime-node';
import type { DecodedFrame } from '../frames/decode.js';
import { createSession, OnnxGraph, ort } from '../runtimes/onnx.js';
import { readFaceApiWeights, weight, type Weight } from './face-api-weights.js';
import type { Box } from './geometry.js';
import { conv, separableConv } from './onnx-layers.js';

const CROP = 112;
/** Detector boxes are tight around eyes-to-mouth; the landmark net was trained on looser crops. */
const CROP_MARGIN = 1.25;
/** face-api's input normalisation for both nets: (rgb − mean) / 255. */
const MEAN_RGB = [122.782, 117.001, 104.298] as const;

export interface FaceAttributes {
  /** 68 points in working-frame pixels (iBUG 300-W order). */
  landmarks68: [number, number][];
  age: number;
  gender: 'male' | 'female';
  genderConfidence: number;
}

/** A batch of normalised 112×112 crops, NCHW. */
export interface CropBatch {
  count: number;
  data: Float32Array;
}

export interface FaceLandmarker {
  /** Per crop, 68 points relative to the crop (0..1). */
  landmarks(crops: CropBatch): Promise<[number, number][][]>;
  dispose(): void;
}
export interface AgeGenderNet {
  predict(crops: CropBatch): Promise<{ age: number; gender: 'male' | 'female'; genderConfidence: number }[]>;
  dispose(): void;
}

const relu = (g: OnnxGraph, x: string) => g.node('Relu', [x]);
const add = (g: OnnxGraph, a: string, b: string) => g.node('Add', [a, b]);
const separable = (w: Map<string, Weight>, prefix: string) => ({
  depthwise: weight(w, `${prefix}/depthwise_filter`),
  pointwise: weight(w, `${prefix}/pointwise_filter`),
  bias: weight(w, `${prefix}/bias`),
});
const fc = (g: OnnxGraph, x: string, w: Map<string, Weight>, prefix: string) => {
  const m = weight(w, `${prefix}/weights`);
  const b = weight(w, `${prefix}/bias`);
  return g.node('Gemm', [x, g.weight(m.shape, m.data), g.weight(b.shape, b.data)]);
};
/** 7×7 features → [n, channels] (face-api's 7×7 valid average pool on a 7×7 map). */
const pool = (g: OnnxGraph, x: string) => g.node('Flatten', [g.node('GlobalAveragePool', [x])]);

/** face-api's FaceFeatureExtractor (four dense blocks) + the 136-value landmark layer. */
function landmarkGraph(w: Map<string, Weight>): OnnxGraph {
  const g = new OnnxGraph();
  let x = g.input('crops', ['n', 3, CROP, CROP]);
  for (let b = 0; b < 4; b++) {
    const p = `dense${b}`;
    const out1 = relu(
      g,
      b === 0
        ? conv(g, x, weight(w, `${p}/conv0/filters`), weight(w, `${p}/conv0/bias`), 2)
        : separableConv(g, x, separable(w, `${p}/conv0`), 2),
    );
    const out2 = separableConv(g, out1, separable(w, `${p}/conv1`));
    const out3 = separableConv(g, relu(g, add(g, out1, out2)), separable(w, `${p}/conv2`));
    const sum3 = add(g, out1, add(g, out2, out3));
    const out4 = separableConv(g, relu(g, sum3), separable(w, `${p}/conv3`));
    x = relu(g, add(g, out1, add(g, out2, add(g, out3, out4))));
  }
  g.output(g.node('Identity', [fc(g, pool(g, x), w, 'fc')], {}, 'landmarks'));
  return g;
}

/** face-api's TinyXception (2 main blocks) + age regression and gender logits. */
function ageGenderGraph(w: Map<string, Weight>): OnnxGraph {
  const g = new OnnxGraph();
  const expansion = (x: string, p: string) =>
    conv(g, x, weight(w, `${p}/expansion_conv/filters`), weight(w, `${p}/expansion_conv/bias`), 2);
  const reduction = (x: string, p: string, activateInput: boolean) => {
    let out = separableConv(g, activateInput ? relu(g, x) : x, separable(w, `${p}/separable_conv0`));
    out = separableConv(g, relu(g, out), separable(w, `${p}/separable_conv1`));
    out = g.node('MaxPool', [out], { kernel_shape: [3, 3], strides: [2, 2], auto_pad: 'SAME_UPPER' });
    return add(g, out, expansion(x, p));
  };
  const input = g.input('crops', ['n', 3, CROP, CROP]);
  let x = relu(
    g,
    conv(g, input, weight(w, 'entry_flow/conv_in/filters'), weight(w, 'entry_flow/conv_in/bias'), 2),
  );
  x = reduction(x, 'entry_flow/reduction_block_0', false);
  x = reduction(x, 'entry_flow/reduction_block_1', true);
  for (let b = 0; b < 2; b++) {
    const p = `middle_flow/main_block_${b}`;
    let out = separableConv(g, relu(g, x), separable(w, `${p}/separable_conv0`));
    out = separableConv(g, relu(g, out), separable(w, `${p}/separable_conv1`));
    out = separableConv(g, relu(g, out), separable(w, `${p}/separable_conv2`));
    x = add(g, out, x);
  }
  x = reduction(x, 'exit_flow/reduction_block', true);
  x = relu(g, separableConv(g, x, separable(w, 'exit_flow/separable_conv')));
  const pooled = pool(g, x);
  g.output(g.node('Identity', [fc(g, pooled, w, 'fc/age')], {}, 'age'));
  g.output(g.node('Identity', [fc(g, pooled, w, 'fc/gender')], {}, 'gender'));
  return g;
}

async function run(
  session: Ort.InferenceSession,
  crops: CropBatch,
): Promise<Ort.InferenceSession.OnnxValueMapType> {
  return session.run({ crops: new (ort().Tensor)('float32', crops.data, [crops.count, 3, CROP, CROP]) });
}

export async function loadLandmarker(dir: string): Promise<FaceLandmarker> {
  const session = await createSession(landmarkGraph(await readFaceApiWeights(dir, 'face_landmark_68_model')));
  return {
    dispose: () => void session.release(),
    landmarks: async (crops) => {
      if (crops.count === 0) return [];
      const out = await run(session, crops);
      const values = out.landmarks!.data as Float32Array;
      const result = Array.from({ length: crops.count }, (_, i) =>
        Array.from({ length: 68 }, (_, p): [number, number] => [
          values[i * 136 + 2 * p]!,
          values[i * 136 + 2 * p + 1]!,
        ]),
      );
      out.landmarks!.dispose();
      return result;
    },
  };
}

export async function loadAgeGender(dir: string): Promise<AgeGenderNet> {
  const session = await createSession(ageGenderGraph(await readFaceApiWeights(dir, 'age_gender_model')));
  return {
    dispose: () => void session.release(),
    predict: async (crops) => {
      if (crops.count === 0) return [];
      const out = await run(session, crops);
      const ages = out.age!.data as Float32Array;
      const logits = out.gender!.data as Float32Array;
      const result = Array.from({ length: crops.count }, (_, i) => {
        // softmax over [male, female]
        const m = logits[2 * i]!;
        const f = logits[2 * i + 1]!;
        const pMale = 1 / (1 + Math.exp(f - m));
        const male = pMale > 0.5;
        return {
          age: ages[i]!,
          gender: male ? ('male' as const) : ('female' as const),
          genderConfidence: male ? pMale : 1 - pMale,
        };
      });
      out.age!.dispose();
      out.gender!.dispose();
      return result;
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

/** How crops are sized and scaled: the landmark and age/gender nets want 112 px, (rgb − mean) / 255. */
export interface CropOptions {
  size: number;
  mean: readonly [number, number, number];
  divisor: number;
}
const ATTRIBUTE_CROPS: CropOptions = { size: CROP, mean: MEAN_RGB, divisor: 255 };

/**
 * Bilinear crop-and-resize of each box to a square (the box corners map to the outer pixel centres, like
 * TensorFlow's cropAndResize), normalised and laid out NCHW; by default what both attribute nets take.
 */
export function cropBatch(
  frame: DecodedFrame,
  boxes: Box[],
  options: CropOptions = ATTRIBUTE_CROPS,
): CropBatch {
  const { size, mean, divisor } = options;
  const plane = size * size;
  const data = new Float32Array(boxes.length * 3 * plane);
  const { width, height } = frame;
  const px = frame.data;
  boxes.forEach(([x1, y1, x2, y2], n) => {
    const base = n * 3 * plane;
    // cropAndResize samples box coordinates normalised by (size − 1)-less image extents.
    const sx = ((x2 - x1) / width) * (width - 1);
    const sy = ((y2 - y1) / height) * (height - 1);
    const ox = (x1 / width) * (width - 1);
    const oy = (y1 / height) * (height - 1);
    for (let y = 0; y < size; y++) {
      const fy = Math.min(height - 1, Math.max(0, oy + (y * sy) / (size - 1)));
      const y0 = Math.floor(fy);
      const y1i = Math.min(height - 1, y0 + 1);
      const dy = fy - y0;
      for (let x = 0; x < size; x++) {
        const fx = Math.min(width - 1, Math.max(0, ox + (x * sx) / (size - 1)));
        const x0 = Math.floor(fx);
        const x1i = Math.min(width - 1, x0 + 1);
        const dx = fx - x0;
        const a = (y0 * width + x0) * 3;
        const b = (y0 * width + x1i) * 3;
        const c = (y1i * width + x0) * 3;
        const d = (y1i * width + x1i) * 3;
        const o = y * size + x;
        for (let ch = 0; ch < 3; ch++) {
          const top = px[a + ch]! + (px[b + ch]! - px[a + ch]!) * dx;
          const bottom = px[c + ch]! + (px[d + ch]! - px[c + ch]!) * dx;
          data[base + ch * plane + o] = (top + (bottom - top) * dy - mean[ch]!) / divisor;
        }
      }
    }
  });
  return { count: boxes.length, data };
}

/** Runs both nets on every face in one batch each; returns attributes in input order. */
export async function describeFaces(
  frame: DecodedFrame,
  faces: Box[],
  landmarker: FaceLandmarker,
  ageGender: AgeGenderNet,
): Promise<FaceAttributes[]> {
  if (faces.length === 0) return [];
  const boxes = cropBoxes(frame, faces);
  const crops = cropBatch(frame, boxes);
  const [points, attrs] = await Promise.all([landmarker.landmarks(crops), ageGender.predict(crops)]);
  return boxes.map(([x1, y1, x2, y2], i) => ({
    landmarks68: (points[i] ?? []).map(
      ([px, py]) => [x1 + px * (x2 - x1), y1 + py * (y2 - y1)] as [number, number],
    ),
    age: attrs[i]?.age ?? 0,
    gender: attrs[i]?.gender ?? 'male',
    genderConfidence: attrs[i]?.genderConfidence ?? 0,
  }));
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
