// Layers of face-api's nets expressed as ONNX nodes. face-api stores TensorFlow layouts (NHWC activations,
// HWIO filters, [h, w, channels, multiplier] depthwise filters); ONNX Conv wants OIHW, so filters are
// transposed here, and batch norms are folded into the convolution in front of them.
import type { OnnxGraph } from '../runtimes/onnx.js';
import type { Weight } from './face-api-weights.js';

/** HWIO → OIHW, optionally scaling every output channel. */
export function oihw(w: Weight, scale?: Float32Array): { dims: number[]; data: Float32Array } {
  const [kh, kw, cin, cout] = w.shape as [number, number, number, number];
  const out = new Float32Array(w.data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < cin; i++)
        for (let o = 0; o < cout; o++)
          out[((o * cin + i) * kh + y) * kw + x] =
            w.data[((y * kw + x) * cin + i) * cout + o]! * (scale ? scale[o]! : 1);
  return { dims: [cout, cin, kh, kw], data: out };
}

/** [h, w, C, M] depthwise → [C·M, 1, h, w] for a grouped Conv. */
export function depthwiseOihw(w: Weight, scale?: Float32Array): { dims: number[]; data: Float32Array } {
  const [kh, kw, c, m] = w.shape as [number, number, number, number];
  const out = new Float32Array(w.data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < c; i++)
        for (let j = 0; j < m; j++)
          out[((i * m + j) * kh + y) * kw + x] =
            w.data[((y * kw + x) * c + i) * m + j]! * (scale ? scale[i * m + j]! : 1);
  return { dims: [c * m, 1, kh, kw], data: out };
}

export type Padding = 'same' | 'valid';

function convAttrs(stride: number, padding: Padding, group = 1) {
  return {
    strides: [stride, stride],
    // TensorFlow's SAME puts the odd pixel of padding at the bottom/right, which is ONNX's SAME_UPPER.
    auto_pad: padding === 'same' ? 'SAME_UPPER' : 'VALID',
    group,
  };
}

export function conv(
  g: OnnxGraph,
  x: string,
  filters: Weight,
  bias: Weight | Float32Array | undefined,
  stride = 1,
  padding: Padding = 'same',
): string {
  const w = oihw(filters);
  const inputs = [x, g.weight(w.dims, w.data)];
  if (bias) inputs.push(g.weight([w.dims[0]!], bias instanceof Float32Array ? bias : bias.data));
  return g.node('Conv', inputs, convAttrs(stride, padding));
}

export function depthwiseConv(
  g: OnnxGraph,
  x: string,
  filters: Weight,
  bias: Weight | undefined,
  stride = 1,
  padding: Padding = 'same',
): string {
  const w = depthwiseOihw(filters);
  const inputs = [x, g.weight(w.dims, w.data)];
  if (bias) inputs.push(g.weight([w.dims[0]!], bias.data));
  return g.node('Conv', inputs, convAttrs(stride, padding, filters.shape[2]));
}

/** Depthwise conv followed by an inference-mode batch norm, folded into one Conv. */
export function depthwiseConvBatchNorm(
  g: OnnxGraph,
  x: string,
  filters: Weight,
  bn: { gamma: Weight; beta: Weight; mean: Weight; variance: Weight; epsilon: number },
  stride: number,
): string {
  const channels = bn.gamma.data.length;
  const scale = new Float32Array(channels);
  const bias = new Float32Array(channels);
  for (let c = 0; c < channels; c++) {
    scale[c] = bn.gamma.data[c]! / Math.sqrt(bn.variance.data[c]! + bn.epsilon);
    bias[c] = bn.beta.data[c]! - bn.mean.data[c]! * scale[c]!;
  }
  const w = depthwiseOihw(filters, scale);
  return g.node(
    'Conv',
    [x, g.weight(w.dims, w.data), g.weight([channels], bias)],
    convAttrs(stride, 'same', filters.shape[2]),
  );
}

/** Separable conv (depthwise without bias, pointwise with bias), as face-api's separableConv2d. */
export function separableConv(
  g: OnnxGraph,
  x: string,
  p: { depthwise: Weight; pointwise: Weight; bias: Weight },
  stride = 1,
): string {
  const dw = depthwiseConv(g, x, p.depthwise, undefined, stride);
  return conv(g, dw, p.pointwise, p.bias, 1);
}

export function relu6(g: OnnxGraph, x: string): string {
  return g.node('Clip', [x, g.scalar(0), g.scalar(6)]);
}
