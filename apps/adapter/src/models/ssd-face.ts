// face-api's SSD MobileNet v1 face detector (WIDER FACE), run on onnxruntime-node. face-api ships only tfjs
// weights, so the graph (MobileNet v1 + SSD box predictors, exactly face-api's layers) is assembled in ONNX
// at load time from those weights; the anchor decoding and NMS run here in JS. On this CPU the ONNX run is
// several times faster than the same layers on tfjs-wasm (see docs/adapter.md).
import sharp from 'sharp';
import type { DecodedFrame } from '../frames/decode.js';
import { createSession, OnnxGraph, ort } from '../runtimes/onnx.js';
import { readFaceApiWeights, weight, type Weight } from './face-api-weights.js';
import type { FaceHit } from './blazeface.js';
import { nms } from './geometry.js';
import { conv, depthwiseConvBatchNorm, relu6 } from './onnx-layers.js';

/** face-api's SSD input: the frame padded to a square (bottom/right) and scaled to 512 × 512. */
export const SSD_INPUT = 512;
const BN_EPSILON = 0.0010000000474974513;
const IOU = 0.5;

export interface SsdFace {
  detect(frame: DecodedFrame, minScore: number): Promise<FaceHit[]>;
  dispose(): void;
}

function buildGraph(w: Map<string, Weight>): OnnxGraph {
  const g = new OnnxGraph();
  const pointwise = (x: string, prefix: string, stride: number) =>
    relu6(
      g,
      conv(
        g,
        x,
        weight(w, `${prefix}_pointwise/weights`),
        weight(w, `${prefix}_pointwise/convolution_bn_offset`),
        stride,
      ),
    );
  let x = pointwise(g.input('image', [1, 3, SSD_INPUT, SSD_INPUT]), 'MobilenetV1/Conv2d_0', 2);
  let conv11 = x;
  for (let i = 1; i <= 13; i++) {
    const dw = `MobilenetV1/Conv2d_${i}_depthwise`;
    x = relu6(
      g,
      depthwiseConvBatchNorm(
        g,
        x,
        weight(w, `${dw}/depthwise_weights`),
        {
          gamma: weight(w, `${dw}/BatchNorm/gamma`),
          beta: weight(w, `${dw}/BatchNorm/beta`),
          mean: weight(w, `${dw}/BatchNorm/moving_mean`),
          variance: weight(w, `${dw}/BatchNorm/moving_variance`),
          epsilon: BN_EPSILON,
        },
        [2, 4, 6, 12].includes(i) ? 2 : 1,
      ),
    );
    x = pointwise(x, `MobilenetV1/Conv2d_${i}`, 1);
    if (i === 11) conv11 = x;
  }
  const extra: string[] = [];
  let y = x;
  for (let i = 0; i < 8; i++) {
    y = pointwise(y, `Prediction/Conv2d_${i}`, i % 2 === 1 ? 2 : 1);
    extra.push(y);
  }
  // Feature maps in face-api's order: conv11, the backbone output, then extra layers 1, 3, 5, 7.
  const maps = [conv11, x, extra[1]!, extra[3]!, extra[5]!, extra[7]!];
  const boxes: string[] = [];
  const classes: string[] = [];
  maps.forEach((m, i) => {
    const head = (kind: string, width: number) => {
      const p = `Prediction/BoxPredictor_${i}/${kind}`;
      const out = conv(g, m, weight(w, `${p}/weights`), weight(w, `${p}/biases`));
      // NCHW → NHWC before flattening, so rows come out cell by cell, anchor by anchor, as in TensorFlow.
      const nhwc = g.node('Transpose', [out], { perm: [0, 2, 3, 1] });
      return g.node('Reshape', [nhwc, g.int64s([1, -1, width])]);
    };
    boxes.push(head('BoxEncodingPredictor', 4));
    classes.push(head('ClassPredictor', 3));
  });
  g.output(g.node('Concat', boxes, { axis: 1 }, 'boxes'));
  g.output(g.node('Concat', classes, { axis: 1 }, 'classes'));
  return g;
}

export async function loadSsdFace(dir: string): Promise<SsdFace> {
  const weights = await readFaceApiWeights(dir, 'ssd_mobilenetv1_model');
  const anchors = weight(weights, 'Output/extra_dim').data; // [n, 4]: ymin, xmin, ymax, xmax (0..1)
  const session = await createSession(buildGraph(weights));
  weights.clear();
  const input = new Float32Array(3 * SSD_INPUT * SSD_INPUT);

  const detect = async (frame: DecodedFrame, minScore: number): Promise<FaceHit[]> => {
    const side = Math.max(frame.width, frame.height);
    const scale = SSD_INPUT / side;
    const w = Math.max(1, Math.round(frame.width * scale));
    const h = Math.max(1, Math.round(frame.height * scale));
    const { data } = await sharp(frame.data, {
      raw: { width: frame.width, height: frame.height, channels: 3 },
    })
      .resize(w, h, { fit: 'fill', kernel: 'linear' })
      .extend({ right: SSD_INPUT - w, bottom: SSD_INPUT - h, background: { r: 0, g: 0, b: 0 } })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // HWC uint8 → CHW float in [-1, 1].
    const plane = SSD_INPUT * SSD_INPUT;
    for (let i = 0, p = 0; i < plane; i++, p += 3) {
      input[i] = data[p]! / 127.5 - 1;
      input[plane + i] = data[p + 1]! / 127.5 - 1;
      input[2 * plane + i] = data[p + 2]! / 127.5 - 1;
    }
    const out = await session.run({
      image: new (ort().Tensor)('float32', input, [1, 3, SSD_INPUT, SSD_INPUT]),
    });
    const enc = out.boxes!.data as Float32Array;
    const logits = out.classes!.data as Float32Array;
    const hits: FaceHit[] = [];
    const count = logits.length / 3;
    for (let i = 0; i < count; i++) {
      const score = 1 / (1 + Math.exp(-logits[i * 3 + 1]!));
      if (score < minScore) continue;
      const [ay1, ax1, ay2, ax2] = [
        anchors[i * 4]!,
        anchors[i * 4 + 1]!,
        anchors[i * 4 + 2]!,
        anchors[i * 4 + 3]!,
      ];
      const ah = ay2 - ay1;
      const aw = ax2 - ax1;
      const cy = (enc[i * 4]! / 10) * ah + ay1 + ah / 2;
      const cx = (enc[i * 4 + 1]! / 10) * aw + ax1 + aw / 2;
      const hh = (Math.exp(enc[i * 4 + 2]! / 5) * ah) / 2;
      const hw = (Math.exp(enc[i * 4 + 3]! / 5) * aw) / 2;
      // Normalised to the padded square; clamp to the square, then to working-frame pixels.
      const clamp = (v: number) => Math.min(1, Math.max(0, v)) * side;
      hits.push({ score, box: [clamp(cx - hw), clamp(cy - hh), clamp(cx + hw), clamp(cy + hh)] });
    }
    for (const t of Object.values(out)) t.dispose?.();
    return nms(hits, IOU);
  };
  await detect(
    { data: new Uint8Array(32 * 32 * 3), width: 32, height: 32, original: { width: 32, height: 32 } },
    0.99,
  );
  return { detect, dispose: () => void session.release() };
}
