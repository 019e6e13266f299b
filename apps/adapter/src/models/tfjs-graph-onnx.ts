// A TensorFlow.js graph model (NHWC, as converted from TensorFlow) rewritten as an ONNX graph (NCHW) for
// onnxruntime's CPU kernels, which run these convolutional nets several times faster than tfjs-wasm on the same
// core (docs/adapter.md has the figures). Only the ops the shipped detectors use are known; any other op is
// refused by name, so a new model fails at load rather than giving wrong answers.
//
// Layout: every 4-D activation is kept NCHW. Filters go HWIO → OIHW, constants that broadcast over channels go
// [C] → [C, 1, 1], and ops with an axis (concat, mean) have it mapped NHWC → NCHW.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { OnnxGraph } from '../runtimes/onnx.js';
import { readTfjsWeights, type ManifestGroup, type Weight } from './face-api-weights.js';
import { depthwiseOihw, oihw } from './onnx-layers.js';

interface TfAttr {
  s?: string;
  i?: string;
  f?: number;
  b?: boolean;
  list?: { i?: string[]; s?: string[] };
  tensor?: {
    dtype?: string;
    tensorShape?: { dim?: { size: string }[] };
    intVal?: number[];
    floatVal?: number[];
  };
}

interface TfNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfAttr>;
}

interface GraphModelJson {
  modelTopology: { node: TfNode[] };
  weightsManifest: ManifestGroup[];
}

/** What the conversion produced: the graph (input "images", NCHW) and which tf nodes its outputs are. */
export interface ConvertedGraph {
  graph: OnnxGraph;
  outputs: string[];
}

const NHWC_TO_NCHW_AXIS = [0, 2, 3, 1];

const text = (a: TfAttr | undefined): string => (a?.s ? Buffer.from(a.s, 'base64').toString() : '');
const ints = (a: TfAttr | undefined): number[] => (a?.list?.i ?? []).map(Number);

export class UnsupportedGraphError extends Error {}

/**
 * Reads `jsonPath` and its weight shards and writes the part of the graph that `outputs` (tf node names) need.
 * The input is declared [1, 3, height, width]; the convolutional part works at any size that the model's
 * strides divide.
 */
export async function convertTfjsGraph(
  jsonPath: string,
  outputs: string[],
  input: { height: number | string; width: number | string },
): Promise<ConvertedGraph> {
  const json = JSON.parse(await readFile(jsonPath, 'utf8')) as GraphModelJson;
  const weights = await readTfjsWeights(dirname(jsonPath), json.weightsManifest, jsonPath);
  const nodes = new Map(json.modelTopology.node.map((n) => [n.name, n]));
  const g = new OnnxGraph();
  const done = new Map<string, string>(); // tf tensor name → onnx tensor name

  const constant = (name: string): Weight | undefined => {
    const w = weights.get(name);
    if (w) return w;
    const node = nodes.get(name);
    const t = node?.op === 'Const' ? node.attr?.value?.tensor : undefined;
    if (!t) return undefined;
    const shape = (t.tensorShape?.dim ?? []).map((d) => Number(d.size));
    const values = t.intVal ?? t.floatVal ?? [];
    const size = shape.reduce((a, b) => a * b, 1);
    const data = new Float32Array(size);
    for (let i = 0; i < size; i++) data[i] = values[values.length === 1 ? 0 : i] ?? 0;
    return { shape, data };
  };

  /** A constant operand of an elementwise op, shaped to broadcast against NCHW activations. */
  const broadcastConstant = (w: Weight): string => {
    const size = w.data.length;
    if (size === 1) return g.scalar(w.data[0]!);
    const channels = w.shape[w.shape.length - 1]!;
    if (size === channels) return g.weight([channels, 1, 1], w.data);
    throw new UnsupportedGraphError(`an elementwise constant of shape [${w.shape.join(', ')}]`);
  };

  const convert = (ref: string): string => {
    const [name, index = '0'] = ref.split(':') as [string, string?];
    if (index !== '0') throw new UnsupportedGraphError(`output ${index} of ${name}`);
    const known = done.get(name);
    if (known) return known;
    const node = nodes.get(name);
    if (!node) throw new UnsupportedGraphError(`no node ${name}`);
    const out = convertNode(node);
    done.set(name, out);
    return out;
  };

  const operands = (node: TfNode): string[] => (node.input ?? []).filter((i) => !i.startsWith('^'));

  const convolution = (node: TfNode, depthwise: boolean): string => {
    const [x, filterName, biasName] = operands(node) as [string, string, string?];
    const filter = constant(filterName);
    if (!filter) throw new UnsupportedGraphError(`${node.name}: filter is not a constant`);
    if (text(node.attr?.data_format) !== 'NHWC')
      throw new UnsupportedGraphError(`${node.name}: ${text(node.attr?.data_format)} data format`);
    // HWIO → OIHW; a depthwise [h, w, C, M] filter becomes [C·M, 1, h, w] with group C.
    const { dims, data } = depthwise ? depthwiseOihw(filter) : oihw(filter);
    const strides = ints(node.attr?.strides);
    const dilations = ints(node.attr?.dilations);
    const padding = text(node.attr?.padding);
    if (padding !== 'SAME' && padding !== 'VALID')
      throw new UnsupportedGraphError(`${node.name}: ${padding} padding`);
    const inputs = [convert(x), g.weight(dims, data)];
    const fused = (node.attr?.fused_ops?.list?.s ?? []).map((s) => Buffer.from(s, 'base64').toString());
    if (fused[0] === 'BiasAdd') {
      const bias = constant(biasName!);
      if (!bias) throw new UnsupportedGraphError(`${node.name}: bias is not a constant`);
      inputs.push(g.weight([bias.data.length], bias.data));
    } else if (fused.length) throw new UnsupportedGraphError(`${node.name}: fused ${fused.join('+')}`);
    let y = g.node('Conv', inputs, {
      strides: [strides[1] ?? 1, strides[2] ?? 1],
      dilations: [dilations[1] ?? 1, dilations[2] ?? 1],
      // TensorFlow's SAME puts the odd pixel of padding at the bottom/right, which is ONNX's SAME_UPPER.
      auto_pad: padding === 'SAME' ? 'SAME_UPPER' : 'VALID',
      group: depthwise ? filter.shape[2]! : 1,
    });
    for (const activation of fused.slice(1)) y = activate(node, activation, y);
    return y;
  };

  const activate = (node: TfNode, op: string, x: string): string => {
    if (op === 'Relu') return g.node('Relu', [x]);
    if (op === 'Relu6') return g.node('Clip', [x, g.scalar(0), g.scalar(6)]);
    if (op === 'Sigmoid') return g.node('Sigmoid', [x]);
    if (op === 'LeakyRelu') return g.node('LeakyRelu', [x], { alpha: { float: node.attr?.alpha?.f ?? 0.2 } });
    throw new UnsupportedGraphError(`${node.name}: activation ${op}`);
  };

  const convertNode = (node: TfNode): string => {
    const ins = operands(node);
    switch (node.op) {
      case 'Placeholder':
        return g.input('images', [1, 3, input.height, input.width]);
      case 'Identity':
        return convert(ins[0]!);
      case '_FusedConv2D':
      case 'Conv2D':
        return convolution(node, false);
      case 'FusedDepthwiseConv2dNative':
      case 'DepthwiseConv2dNative':
        return convolution(node, true);
      case 'Relu':
      case 'Relu6':
      case 'Sigmoid':
      case 'LeakyRelu':
        return activate(node, node.op, convert(ins[0]!));
      case 'Add':
      case 'AddV2':
      case 'Mul':
      case 'Sub': {
        const op = node.op === 'Mul' ? 'Mul' : node.op === 'Sub' ? 'Sub' : 'Add';
        const [a, b] = ins.map((i) => {
          const c = constant(i);
          return c ? broadcastConstant(c) : convert(i);
        }) as [string, string];
        return g.node(op, [a, b]);
      }
      case 'Mean': {
        const axes = constant(ins[1]!);
        if (!axes) throw new UnsupportedGraphError(`${node.name}: axes are not a constant`);
        return g.node('ReduceMean', [convert(ins[0]!)], {
          axes: [...axes.data].map((a) => NHWC_TO_NCHW_AXIS[a < 0 ? a + 4 : a]!),
          keepdims: node.attr?.keep_dims?.b ? 1 : 0,
        });
      }
      case 'ConcatV2': {
        const axis = constant(ins[ins.length - 1]!);
        if (!axis) throw new UnsupportedGraphError(`${node.name}: axis is not a constant`);
        const a = axis.data[0]!;
        return g.node(
          'Concat',
          ins.slice(0, -1).map((i) => convert(i)),
          { axis: NHWC_TO_NCHW_AXIS[a < 0 ? a + 4 : a]! },
        );
      }
      case 'ResizeBilinear': {
        // The shipped detectors only ever double (an FPN's upsampling), so the ONNX op scales by 2 and works at
        // other input sizes. The size constant is not read: a model that resized by another factor would give
        // other answers than tfjs, which is what the tests compare (tfjs-graph-onnx.test.ts, and CenterNet itself
        // in docs/adapter.md).
        if (node.attr?.align_corners?.b || node.attr?.half_pixel_centers?.b)
          throw new UnsupportedGraphError(`${node.name}: aligned corners or half-pixel centres`);
        return g.node('Resize', [convert(ins[0]!), '', g.weight([4], Float32Array.of(1, 1, 2, 2))], {
          mode: 'linear',
          coordinate_transformation_mode: 'asymmetric',
        });
      }
      case 'MaxPool': {
        const k = ints(node.attr?.ksize);
        const s = ints(node.attr?.strides);
        return g.node('MaxPool', [convert(ins[0]!)], {
          kernel_shape: [k[1]!, k[2]!],
          strides: [s[1]!, s[2]!],
          auto_pad: text(node.attr?.padding) === 'SAME' ? 'SAME_UPPER' : 'VALID',
        });
      }
      default:
        throw new UnsupportedGraphError(`${node.name}: op ${node.op}`);
    }
  };

  const names = outputs.map((o) => {
    const t = convert(o);
    // A graph output must be produced by a node; name it after the tf node for whoever reads the session.
    return g.node('Identity', [t], {}, o);
  });
  for (const n of names) g.output(n);
  return { graph: g, outputs: names };
}
