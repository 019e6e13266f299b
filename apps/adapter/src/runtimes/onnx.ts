// onnxruntime-node (CPU, MLAS kernels) for the face pipeline. No npm package ships ONNX face models, so the
// graphs are built here, in memory, from the weights face-api ships (see models/face-onnx.ts): a minimal
// ONNX protobuf writer plus a small graph builder. Sessions are created from the bytes; nothing is written
// to disk and nothing is downloaded.
import { createRequire } from 'node:module';
import type * as Ort from 'onnxruntime-node';

const require = createRequire(import.meta.url);
let ortModule: typeof Ort | undefined;

/** onnxruntime-node, loaded on first use (its native binding is only needed by face models). */
export function ort(): typeof Ort {
  ortModule ??= require('onnxruntime-node') as typeof Ort;
  return ortModule;
}

// --- protobuf wire format (only what ONNX's ModelProto needs) -----------------------------------------

class ProtoWriter {
  private readonly chunks: Uint8Array[] = [];
  private scratch: number[] = [];

  private flushScratch(): void {
    if (this.scratch.length) this.chunks.push(Uint8Array.from(this.scratch));
    this.scratch = [];
  }
  private varint(value: number | bigint): void {
    let v = BigInt.asUintN(64, BigInt(value));
    while (v >= 0x80n) {
      this.scratch.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.scratch.push(Number(v));
  }
  private key(field: number, wire: number): void {
    this.varint((field << 3) | wire);
  }
  int(field: number, value: number): this {
    this.key(field, 0);
    this.varint(value);
    return this;
  }
  float(field: number, value: number): this {
    this.key(field, 5);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    this.scratch.push(...b);
    return this;
  }
  bytes(field: number, value: Uint8Array): this {
    this.key(field, 2);
    this.varint(value.byteLength);
    this.flushScratch();
    this.chunks.push(value);
    return this;
  }
  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }
  message(field: number, build: (w: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    return this.bytes(field, inner.finish());
  }
  finish(): Uint8Array {
    this.flushScratch();
    const size = this.chunks.reduce((s, c) => s + c.byteLength, 0);
    const out = new Uint8Array(size);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    return out;
  }
}

const FLOAT = 1;
const INT64 = 7;
type Attr = number | number[] | string | { float: number } | { floats: number[] };

/** Builds one ONNX graph; `tensor` names are unique, `node` returns the output name. */
export class OnnxGraph {
  private readonly nodes: { op: string; inputs: string[]; output: string; attrs: Record<string, Attr> }[] =
    [];
  private readonly initializers: { name: string; dims: number[]; data: Float32Array | BigInt64Array }[] = [];
  private readonly inputs: { name: string; dims: (number | string)[] }[] = [];
  private readonly outputs: string[] = [];
  private counter = 0;

  input(name: string, dims: (number | string)[]): string {
    this.inputs.push({ name, dims });
    return name;
  }
  output(name: string): void {
    this.outputs.push(name);
  }
  weight(dims: number[], data: Float32Array): string {
    const size = dims.reduce((a, b) => a * b, 1);
    if (size !== data.length)
      throw new Error(`weight of ${data.length} values for shape [${dims.join(',')}]`);
    const name = `w${this.counter++}`;
    this.initializers.push({ name, dims, data });
    return name;
  }
  int64s(values: number[]): string {
    const name = `i${this.counter++}`;
    this.initializers.push({ name, dims: [values.length], data: BigInt64Array.from(values.map(BigInt)) });
    return name;
  }
  scalar(value: number): string {
    const name = `s${this.counter++}`;
    this.initializers.push({ name, dims: [], data: Float32Array.of(value) });
    return name;
  }
  node(op: string, inputs: string[], attrs: Record<string, Attr> = {}, output?: string): string {
    const out = output ?? `t${this.counter++}`;
    this.nodes.push({ op, inputs, output: out, attrs });
    return out;
  }

  /** ModelProto bytes (IR 8, opset 17). */
  serialize(): Uint8Array {
    const model = new ProtoWriter();
    model.int(1, 8); // ir_version
    model.string(2, 'nvr-adapter');
    model.message(7, (g) => {
      for (const n of this.nodes) {
        g.message(1, (w) => {
          for (const i of n.inputs) w.string(1, i);
          w.string(2, n.output);
          w.string(4, n.op);
          for (const [name, value] of Object.entries(n.attrs)) w.message(5, (a) => writeAttr(a, name, value));
        });
      }
      g.string(2, 'main');
      for (const t of this.initializers) {
        g.message(5, (w) => {
          for (const d of t.dims) w.int(1, d);
          w.int(2, t.data instanceof Float32Array ? FLOAT : INT64);
          w.string(8, t.name);
          w.bytes(9, new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
        });
      }
      for (const i of this.inputs) g.message(11, (w) => valueInfo(w, i.name, i.dims));
      for (const o of this.outputs) g.message(12, (w) => valueInfo(w, o, undefined));
    });
    model.message(8, (o) => o.string(1, '').int(2, 17)); // opset_import
    return model.finish();
  }
}

function writeAttr(a: ProtoWriter, name: string, value: Attr): void {
  a.string(1, name);
  if (typeof value === 'number') a.int(3, value).int(20, 2);
  else if (typeof value === 'string') a.string(4, value).int(20, 3);
  else if (Array.isArray(value)) {
    for (const v of value) a.int(8, v);
    a.int(20, 7);
  } else if ('float' in value) {
    a.float(2, value.float).int(20, 1);
  } else {
    for (const v of value.floats) a.float(7, v);
    a.int(20, 6);
  }
}

function valueInfo(w: ProtoWriter, name: string, dims: (number | string)[] | undefined): void {
  w.string(1, name);
  w.message(2, (type) =>
    type.message(1, (tensor) => {
      tensor.int(1, FLOAT);
      if (dims)
        tensor.message(2, (shape) => {
          for (const d of dims)
            shape.message(1, (dim) => (typeof d === 'number' ? dim.int(1, d) : dim.string(2, d)));
        });
    }),
  );
}

/**
 * One CPU session per worker with a single intra-op thread: the pool already runs one worker per core, so
 * more threads would only oversubscribe the cores. `threads: 2` is for the sessions a job uses only while
 * another core is idle (runtimes/idle-cores.ts); their threads sleep rather than spin between runs, so they
 * take nothing from the other workers when idle.
 */
export async function createSession(
  graph: OnnxGraph,
  { threads = 1 }: { threads?: number } = {},
): Promise<Ort.InferenceSession> {
  return ort().InferenceSession.create(graph.serialize(), {
    executionProviders: ['cpu'],
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    ...(threads > 1 ? { extra: { session: { intra_op: { allow_spinning: '0' } } } } : {}),
  });
}
