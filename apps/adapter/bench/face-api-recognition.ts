// Used only by face-embedding-eval.ts, the measurement that chose FaceRes over this net.
// face-api's face recognition net (a ResNet-29 trained like dlib's: 150×150 face chips → 128 numbers) rebuilt
// as an ONNX graph from the weights face-api ships, like the other face nets (models/face-attributes.ts).
// Faces are cut out the way face-api aligns them: the landmarks' bounding box, padded by 20 %, centred on a
// black square. Descriptors are scaled to unit length so similarity is a dot product.
import type { DecodedFrame } from '../src/frames/decode.js';
import type { Box } from '../src/models/geometry.js';
import { readFaceApiWeights, weight, type Weight } from '../src/models/face-api-weights.js';
import { conv } from '../src/models/onnx-layers.js';
import { createSession, OnnxGraph, ort } from '../src/runtimes/onnx.js';
import { normalise } from '../src/faces/faceres.js';

export const EMBEDDING_SIZE = 128;
const CHIP = 150;
const MEAN_RGB = [122.782, 117.001, 104.298] as const;

export interface FaceEmbedder {
  /** One unit-length descriptor per box, in order. */
  embed(frame: DecodedFrame, boxes: Box[]): Promise<Float32Array[]>;
  dispose(): void;
}

/** conv → +bias → ×scale +shift (face-api's scale layer, folded into the conv) → optional ReLU. */
function convScale(
  g: OnnxGraph,
  x: string,
  w: Map<string, Weight>,
  prefix: string,
  stride: 1 | 2,
  relu: boolean,
): string {
  const filters = weight(w, `${prefix}/conv/filters`);
  const bias = weight(w, `${prefix}/conv/bias`).data;
  const scale = weight(w, `${prefix}/scale/weights`).data;
  const shift = weight(w, `${prefix}/scale/biases`).data;
  const cout = filters.shape[3]!;
  const [kh, kw, cin] = filters.shape as [number, number, number];
  const scaled = new Float32Array(filters.data.length);
  for (let i = 0; i < filters.data.length; i++) scaled[i] = filters.data[i]! * scale[i % cout]!;
  const folded = new Float32Array(cout);
  for (let o = 0; o < cout; o++) folded[o] = bias[o]! * scale[o]! + shift[o]!;
  const out = conv(
    g,
    x,
    { shape: [kh, kw, cin, cout], data: scaled },
    folded,
    stride,
    stride === 2 ? 'valid' : 'same',
  );
  return relu ? g.node('Relu', [out]) : out;
}

/** The residual blocks; `size` tracks the square feature map so the shortcut can be padded to match. */
function recognitionGraph(w: Map<string, Weight>): OnnxGraph {
  const g = new OnnxGraph();
  let x = convScale(g, g.input('chips', ['n', 3, CHIP, CHIP]), w, 'conv32_down', 2, true);
  let size = Math.floor((CHIP - 7) / 2) + 1;
  x = g.node('MaxPool', [x], { kernel_shape: [3, 3], strides: [2, 2] });
  size = Math.floor((size - 3) / 2) + 1;
  let channels = 32;

  const residual = (prefix: string) => {
    const out = convScale(g, convScale(g, x, w, `${prefix}/conv1`, 1, true), w, `${prefix}/conv2`, 1, false);
    x = g.node('Relu', [g.node('Add', [out, x])]);
  };
  const residualDown = (prefix: string) => {
    let out = convScale(g, x, w, `${prefix}/conv1`, 2, true);
    const outSize = Math.floor((size - 3) / 2) + 1;
    out = convScale(g, out, w, `${prefix}/conv2`, 1, false);
    const outChannels = weight(w, `${prefix}/conv2/conv/filters`).shape[3]!;
    let pooled = g.node('AveragePool', [x], { kernel_shape: [2, 2], strides: [2, 2] });
    const pooledSize = Math.floor(size / 2);
    // face-api appends a zero row and column when the strided conv came out one smaller than the pool…
    const grow = pooledSize - outSize;
    if (grow > 0) out = g.node('Pad', [out, g.int64s([0, 0, 0, 0, 0, 0, grow, grow])]);
    // …and zero channels to the shortcut when the block widens.
    if (outChannels > channels)
      pooled = g.node('Pad', [pooled, g.int64s([0, 0, 0, 0, 0, outChannels - channels, 0, 0])]);
    x = g.node('Relu', [g.node('Add', [pooled, out])]);
    size = pooledSize;
    channels = outChannels;
  };

  for (const b of ['conv32_1', 'conv32_2', 'conv32_3']) residual(b);
  residualDown('conv64_down');
  for (const b of ['conv64_1', 'conv64_2', 'conv64_3']) residual(b);
  residualDown('conv128_down');
  for (const b of ['conv128_1', 'conv128_2']) residual(b);
  residualDown('conv256_down');
  for (const b of ['conv256_1', 'conv256_2']) residual(b);
  residualDown('conv256_down_out');

  const pooled = g.node('Flatten', [g.node('GlobalAveragePool', [x])]);
  const fc = weight(w, 'fc');
  g.output(g.node('MatMul', [pooled, g.weight(fc.shape, fc.data)], {}, 'descriptor'));
  return g;
}

/**
 * Cuts each box (clamped to the frame) onto a black 150×150 square, the long side filling it and the short
 * side centred (face-api's padToSquare + resize), bilinear, normalised and laid out NCHW.
 */
export function chipBatch(frame: DecodedFrame, boxes: Box[]): Float32Array {
  const plane = CHIP * CHIP;
  const data = new Float32Array(boxes.length * 3 * plane);
  const { width, height, data: px } = frame;
  boxes.forEach((box, n) => {
    const x1 = Math.max(0, box[0]);
    const y1 = Math.max(0, box[1]);
    const x2 = Math.min(width, box[2]);
    const y2 = Math.min(height, box[3]);
    const side = Math.max(x2 - x1, y2 - y1, 1);
    const scale = side / CHIP;
    const offX = (side - (x2 - x1)) / 2;
    const offY = (side - (y2 - y1)) / 2;
    const base = n * 3 * plane;
    for (let y = 0; y < CHIP; y++) {
      const sy = (y + 0.5) * scale - offY;
      for (let x = 0; x < CHIP; x++) {
        const sx = (x + 0.5) * scale - offX;
        const o = y * CHIP + x;
        if (sx < 0 || sy < 0 || sx > x2 - x1 || sy > y2 - y1) {
          for (let ch = 0; ch < 3; ch++) data[base + ch * plane + o] = -MEAN_RGB[ch]! / 255;
          continue;
        }
        const fx = Math.min(width - 1, Math.max(0, x1 + sx - 0.5));
        const fy = Math.min(height - 1, Math.max(0, y1 + sy - 0.5));
        const x0 = Math.floor(fx);
        const y0 = Math.floor(fy);
        const xb = Math.min(width - 1, x0 + 1);
        const yb = Math.min(height - 1, y0 + 1);
        const dx = fx - x0;
        const dy = fy - y0;
        for (let ch = 0; ch < 3; ch++) {
          const a = px[(y0 * width + x0) * 3 + ch]!;
          const b = px[(y0 * width + xb) * 3 + ch]!;
          const c = px[(yb * width + x0) * 3 + ch]!;
          const d = px[(yb * width + xb) * 3 + ch]!;
          const top = a + (b - a) * dx;
          const value = top + (c + (d - c) * dx - top) * dy;
          data[base + ch * plane + o] = (value - MEAN_RGB[ch]!) / 255;
        }
      }
    }
  });
  return data;
}

export async function loadFaceEmbedder(dir: string): Promise<FaceEmbedder> {
  const session = await createSession(
    recognitionGraph(await readFaceApiWeights(dir, 'face_recognition_model')),
  );
  return {
    dispose: () => void session.release(),
    embed: async (frame, boxes) => {
      if (boxes.length === 0) return [];
      const chips = new (ort().Tensor)('float32', chipBatch(frame, boxes), [boxes.length, 3, CHIP, CHIP]);
      const out = await session.run({ chips });
      const values = out.descriptor!.data as Float32Array;
      const result = boxes.map((_, i) =>
        normalise(values.slice(i * EMBEDDING_SIZE, (i + 1) * EMBEDDING_SIZE)),
      );
      out.descriptor!.dispose();
      return result;
    },
  };
}
