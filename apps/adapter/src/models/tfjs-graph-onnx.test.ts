// The converter against TensorFlow.js itself: a small graph with every op the converter knows, random weights,
// run by tfjs-wasm and by onnxruntime on the converted graph; the outputs must agree.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ort } from '../runtimes/onnx.js';
import { loadGraphModel, tfjs } from '../runtimes/tfjs.js';
import { convertTfjsGraph, UnsupportedGraphError } from './tfjs-graph-onnx.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const listI = (...v: number[]) => ({ list: { i: v.map(String) } });
const conv = (strides: number, padding: 'SAME' | 'VALID', fused: string[] = []) => ({
  strides: listI(1, strides, strides, 1),
  dilations: listI(1, 1, 1, 1),
  padding: { s: b64(padding) },
  data_format: { s: b64('NHWC') },
  ...(fused.length ? { fused_ops: { list: { s: fused.map(b64) } }, num_args: { i: '1' } } : {}),
});

/** name, shape and values of every weight, in manifest order */
function weights(seed: number) {
  let s = seed;
  const random = () => ((s = (s * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const w = (name: string, shape: number[]) => ({
    name,
    shape,
    data: Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, random),
  });
  return [
    w('stem/filter', [3, 3, 3, 8]),
    w('stem/bias', [8]),
    w('dw/filter', [3, 3, 8, 1]),
    w('dw/bias', [8]),
    w('scale', [8]),
    w('se/filter', [1, 1, 8, 8]),
    w('down/filter', [3, 3, 8, 2]),
    w('head/filter', [1, 1, 24, 4]),
    w('head/bias', [4]),
    { name: 'half', shape: [], data: Float32Array.of(0.5) },
  ];
}

/** int32 constants (axes, sizes), stored after the float weights as the tfjs converter stores them */
const INT_CONSTANTS = [
  { name: 'mean/axes', values: [1, 2] },
  { name: 'concat/axis', values: [3] },
  { name: 'resize/size', values: [8, 8] },
];

/** A Const node as the tfjs converter writes one: its value is in the weights. */
const constant = (name: string, dtype: string, shape: number[]) => ({
  name,
  op: 'Const',
  attr: {
    dtype: { type: dtype },
    value: { tensor: { dtype, tensorShape: { dim: shape.map((d) => ({ size: String(d) })) } } },
  },
});

function graph(extraOp?: string) {
  const nodes = [
    { name: 'images', op: 'Placeholder', attr: {} },
    ...weights(1)
      .filter((w) => w.name !== 'half')
      .map((w) => constant(w.name, 'DT_FLOAT', w.shape)),
    ...INT_CONSTANTS.map((c) => constant(c.name, 'DT_INT32', [c.values.length])),
    constant('half', 'DT_FLOAT', []),
    {
      name: 'stem',
      op: '_FusedConv2D',
      input: ['images', 'stem/filter', 'stem/bias'],
      attr: conv(2, 'SAME', ['BiasAdd', 'Relu6']),
    },
    {
      name: 'dw',
      op: 'FusedDepthwiseConv2dNative',
      input: ['stem', 'dw/filter', 'dw/bias'],
      attr: conv(1, 'SAME', ['BiasAdd', 'Relu']),
    },
    { name: 'scaled', op: 'Mul', input: ['dw', 'scale'], attr: {} },
    { name: 'mean', op: 'Mean', input: ['scaled', 'mean/axes'], attr: { keep_dims: { b: true } } },
    { name: 'se', op: 'Conv2D', input: ['mean', 'se/filter'], attr: conv(1, 'VALID') },
    { name: 'gate', op: 'Sigmoid', input: ['se'], attr: {} },
    { name: 'gated', op: 'Mul', input: ['scaled', 'gate'], attr: {} },
    { name: 'down', op: 'DepthwiseConv2dNative', input: ['gated', 'down/filter'], attr: conv(2, 'SAME') },
    { name: 'leaky', op: 'LeakyRelu', input: ['down'], attr: { alpha: { f: 0.1 } } },
    {
      name: 'up',
      op: 'ResizeBilinear',
      input: ['leaky', 'resize/size'],
      attr: { align_corners: { b: false }, half_pixel_centers: { b: false } },
    },
    { name: 'cat', op: 'ConcatV2', input: ['gated', 'up', 'concat/axis'], attr: {} },
    {
      name: 'head',
      op: '_FusedConv2D',
      input: ['cat', 'head/filter', 'head/bias'],
      attr: conv(1, 'VALID', ['BiasAdd']),
    },
    { name: 'halved', op: extraOp ?? 'Mul', input: ['head', 'half'], attr: {} },
    {
      name: 'pool',
      op: 'MaxPool',
      input: ['halved'],
      attr: { ...conv(1, 'SAME'), ksize: listI(1, 3, 3, 1) },
    },
    { name: 'out', op: 'Identity', input: ['pool'], attr: {} },
  ];
  return nodes;
}

describe('tfjs graph → ONNX', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tfjs-onnx-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  async function write(name: string, extraOp?: string): Promise<string> {
    const w = weights(1);
    const bytes = Buffer.concat([
      ...w.map((x) => Buffer.from(x.data.buffer)),
      ...INT_CONSTANTS.map((c) => Buffer.from(Int32Array.from(c.values).buffer)),
    ]);
    await writeFile(join(dir, `${name}.bin`), bytes);
    const json = {
      format: 'graph-model',
      modelTopology: { node: graph(extraOp), versions: { producer: 1 } },
      weightsManifest: [
        {
          paths: [`${name}.bin`],
          weights: [
            ...w.map((x) => ({ name: x.name, shape: x.shape, dtype: 'float32' })),
            ...INT_CONSTANTS.map((c) => ({ name: c.name, shape: [c.values.length], dtype: 'int32' })),
          ],
        },
      ],
    };
    const path = join(dir, `${name}.json`);
    await writeFile(path, JSON.stringify(json));
    return path;
  }

  it('computes what tfjs computes, at the size given', async () => {
    const path = await write('model');
    const size = 16;
    const pixels = Float32Array.from({ length: size * size * 3 }, (_, i) => ((i * 37) % 255) / 255);
    const tf = await tfjs();
    const model = await loadGraphModel(path);
    const expected = (
      model.execute(tf.tensor4d(pixels, [1, size, size, 3]), 'out') as { dataSync(): Float32Array }
    ).dataSync();

    const { graph: onnx } = await convertTfjsGraph(path, ['out'], { height: size, width: size });
    const session = await ort().InferenceSession.create(onnx.serialize());
    const nchw = new Float32Array(pixels.length);
    for (let p = 0; p < size * size; p++)
      for (let c = 0; c < 3; c++) nchw[c * size * size + p] = pixels[p * 3 + c]!;
    const result = await session.run({ images: new (ort().Tensor)('float32', nchw, [1, 3, size, size]) });
    const out = result.out!;
    assert.deepEqual(out.dims, [1, 4, 8, 8]);
    const got = out.data as Float32Array;
    let worst = 0;
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++)
        for (let c = 0; c < 4; c++)
          worst = Math.max(worst, Math.abs(expected[(y * 8 + x) * 4 + c]! - got[c * 64 + y * 8 + x]!));
    assert.ok(worst < 1e-4, `largest difference ${worst}`);
    await session.release();
  });

  it('refuses an op it does not know, by name', async () => {
    const path = await write('odd', 'Pow');
    await assert.rejects(
      convertTfjsGraph(path, ['out'], { height: 16, width: 16 }),
      (err: unknown) => err instanceof UnsupportedGraphError && /halved: op Pow/.test(err.message),
    );
  });
});
