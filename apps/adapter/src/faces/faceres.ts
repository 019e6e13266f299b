// Human's FaceRes (HSE FaceRec, a MobileNet v1 at 224 px) as the face embedding: its 1024-value global
// pooling output is the descriptor Human matches faces with. Human ships it as a TensorFlow.js graph; this
// file reads that graph's nodes and weights and rebuilds the descriptor part as an ONNX graph for
// onnxruntime (about 10× faster than tfjs-wasm here). Only the ops FaceRes uses are understood; a replaced
// faceres.json with anything else fails to load with the op named. Why FaceRes and not face-api's 128-d
// net: docs/adapter.md "Face recognition" (measured on real photos).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DecodedFrame } from '../frames/decode.js';
import { cropBatch } from '../models/face-attributes.js';
import { readTfjsWeights, type ManifestGroup, type Weight } from '../models/face-api-weights.js';
import type { Box } from '../models/geometry.js';
import { conv, depthwiseConv, type Padding } from '../models/onnx-layers.js';
import { idleCores } from '../runtimes/idle-cores.js';
import { createSession, OnnxGraph, ort } from '../runtimes/onnx.js';

export const EMBEDDING_SIZE = 1024;
const INPUT = 224;
/** FaceRes takes 0–255 RGB as is. */
const RAW_PIXELS = { size: INPUT, mean: [0, 0, 0], divisor: 1 } as const;

export interface FaceEmbedder {
  /** One unit-length descriptor per face box (working-frame pixels), in order. */
  embed(frame: DecodedFrame, boxes: Box[]): Promise<Float32Array[]>;
  dispose(): void;
}

interface GraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, { list?: { i?: string[] }; s?: string }>;
}
interface GraphJson {
  modelTopology: { node: GraphNode[] };
  weightsManifest: ManifestGroup[];
}

const decode = (s: string | undefined) => (s ? Buffer.from(s, 'base64').toString() : '');

/**
 * A value of the tfjs graph, emitted in ONNX on first use. Lazy so that Keras' relu6 (Relu → Minimum 6 →
 * Maximum 0) becomes one Clip that onnxruntime fuses into the convolution before it, instead of three passes.
 */
interface Value {
  emit: () => string;
  /** Produced by Relu(reluOf) */
  reluOf?: string;
  /** Produced by Minimum(Relu(x), hi) */
  clipOf?: { x: string; hi: number };
}

/** Walks the tfjs graph (NHWC) and emits the same computation in ONNX (NCHW) up to the global pooling. */
function descriptorGraph(json: GraphJson, weights: Map<string, Weight>): OnnxGraph {
  const g = new OnnxGraph();
  const values = new Map<string, Value>();
  const constant = (name: string) => {
    const w = weights.get(name);
    if (!w) throw new Error(`faceres: ${name} is neither a weight nor a computed value`);
    return w;
  };
  const lookup = (name: string) => {
    const v = values.get(name.split(':')[0]!);
    if (!v) throw new Error(`faceres: ${name} is used before it is computed`);
    return v;
  };
  const value = (name: string) => lookup(name).emit();
  const scalar = (name: string) => {
    const w = constant(name);
    return w.shape.length === 0 ? w.data[0]! : null;
  };
  /** Per-channel constants ([C]) broadcast over NCHW as [C, 1, 1]; scalars stay scalars. */
  const operand = (name: string) => {
    const w = constant(name);
    return w.shape.length === 0 ? g.scalar(w.data[0]!) : g.weight([w.data.length, 1, 1], w.data);
  };
  const once = (emit: () => string) => {
    let out: string | undefined;
    return () => (out ??= emit());
  };
  for (const node of json.modelTopology.node) {
    const [a, b] = node.input ?? [];
    const stride = Number(node.attr?.strides?.list?.i?.[1] ?? 1);
    const padding = decode(node.attr?.padding?.s).toLowerCase() as Padding;
    let v: Value;
    switch (node.op) {
      case 'Const':
        continue;
      case 'Placeholder': {
        const input = g.input('faces', ['n', 3, INPUT, INPUT]);
        v = { emit: () => input };
        break;
      }
      case 'Conv2D':
        v = { emit: once(() => conv(g, value(a!), constant(b!), undefined, stride, padding)) };
        break;
      case 'DepthwiseConv2dNative':
        v = { emit: once(() => depthwiseConv(g, value(a!), constant(b!), undefined, stride, padding)) };
        break;
      case 'Add':
      case 'Mul':
        v = { emit: once(() => g.node(node.op, [value(a!), operand(b!)])) };
        break;
      case 'Relu':
        v = { emit: once(() => g.node('Relu', [value(a!)])), reluOf: a! };
        break;
      case 'Minimum': {
        const hi = scalar(b!);
        const reluOf = lookup(a!).reluOf;
        v = {
          emit: once(() => g.node('Min', [value(a!), operand(b!)])),
          ...(hi !== null && reluOf ? { clipOf: { x: reluOf, hi } } : {}),
        };
        break;
      }
      case 'Maximum': {
        const lo = scalar(b!);
        const clip = lookup(a!).clipOf;
        v =
          clip && lo !== null && lo <= 0
            ? { emit: once(() => g.node('Clip', [value(clip.x), g.scalar(0), g.scalar(clip.hi)])) }
            : { emit: once(() => g.node('Max', [value(a!), operand(b!)])) };
        break;
      }
      case 'Mean': {
        // global_pooling: the descriptor; the age, gender and 256-d heads after it are not needed.
        const pooled = g.node('GlobalAveragePool', [value(a!)]);
        g.output(g.node('Flatten', [pooled], {}, 'descriptor'));
        return g;
      }
      default:
        throw new Error(`faceres: unsupported op ${node.op} (${node.name})`);
    }
    values.set(node.name, v);
  }
  throw new Error('faceres: the graph has no global pooling (Mean) node');
}

/** The square FaceRes looks at: centred on the face box, as wide as its longer side. */
export function embeddingBox([x1, y1, x2, y2]: Box): Box {
  const half = Math.max(x2 - x1, y2 - y1) / 2;
  const cx = (x1 + x2) / 2;
  const cy = (y1 + y2) / 2;
  return [cx - half, cy - half, cx + half, cy + half];
}

export function normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum) || 1;
  return v.map((x) => x / norm);
}

/**
 * Two sessions of the same graph: a frame's face crops are one batch of independent pictures, which splits
 * almost perfectly over two cores (4 crops: 63 → 36 ms here). The two-thread session runs only while another
 * worker is idle; under full load each worker keeps to its core (two threads there cost ~20% throughput).
 */
export async function loadFaceRes(dir: string): Promise<FaceEmbedder> {
  const json = JSON.parse(await readFile(join(dir, 'faceres.json'), 'utf8')) as GraphJson;
  const graph = descriptorGraph(json, await readTfjsWeights(dir, json.weightsManifest, 'faceres'));
  const [narrow, wide] = await Promise.all([createSession(graph), createSession(graph, { threads: 2 })]);
  return {
    dispose: () => {
      void narrow.release();
      void wide.release();
    },
    embed: async (frame, boxes) => {
      if (boxes.length === 0) return [];
      const crops = cropBatch(frame, boxes.map(embeddingBox), RAW_PIXELS);
      const faces = new (ort().Tensor)('float32', crops.data, [crops.count, 3, INPUT, INPUT]);
      const session = boxes.length > 1 && idleCores() > 0 ? wide : narrow;
      const out = await session.run({ faces });
      const values = out.descriptor!.data as Float32Array;
      const result = boxes.map((_, i) =>
        normalise(values.slice(i * EMBEDDING_SIZE, (i + 1) * EMBEDDING_SIZE)),
      );
      out.descriptor!.dispose();
      return result;
    },
  };
}
