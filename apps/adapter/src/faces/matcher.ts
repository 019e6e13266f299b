// The gallery's lookup index: every registered face's unit-length descriptor as the columns of one matrix,
// so matching a frame's faces is one matrix product (cosine similarities) and a max per face. It runs on
// onnxruntime's CPU kernels (SIMD, off the event loop): a plain JavaScript scan of 10,000 × 1024-d
// descriptors took ~26 ms per face here, the matrix product a fraction of a millisecond (see "Face
// recognition" in docs/adapter.md for the measurement).
import type * as Ort from 'onnxruntime-node';
import { createSession, OnnxGraph, ort } from '../runtimes/onnx.js';

export interface Match {
  /** The `owner` of the most similar registered face. */
  owner: number;
  similarity: number;
}

export class FaceIndex {
  private constructor(
    readonly dimensions: number,
    private readonly owners: Int32Array,
    private readonly session: Ort.InferenceSession | null,
  ) {}

  static async build(
    dimensions: number,
    entries: readonly { owner: number; descriptor: Float32Array }[],
  ): Promise<FaceIndex> {
    const owners = Int32Array.from(entries.map((e) => e.owner));
    if (entries.length === 0) return new FaceIndex(dimensions, owners, null);
    // [dimensions, faces]: column j is face j.
    const matrix = new Float32Array(dimensions * entries.length);
    entries.forEach((e, j) => {
      if (e.descriptor.length !== dimensions)
        throw new Error(`descriptor of ${e.descriptor.length} values in a ${dimensions}-d index`);
      for (let k = 0; k < dimensions; k++) matrix[k * entries.length + j] = e.descriptor[k]!;
    });
    const g = new OnnxGraph();
    const similarities = g.node('MatMul', [
      g.input('probes', ['n', dimensions]),
      g.weight([dimensions, entries.length], matrix),
    ]);
    g.output(g.node('ReduceMax', [similarities], { axes: [1], keepdims: 0 }, 'similarity'));
    // The graph builder declares float outputs; row numbers up to 2^24 are exact as floats.
    const row = g.node('ArgMax', [similarities], { axis: 1, keepdims: 0 });
    g.output(g.node('Cast', [row], { to: 1 }, 'row'));
    return new FaceIndex(dimensions, owners, await createSession(g));
  }

  get size(): number {
    return this.owners.length;
  }

  /** The best match of each probe (null for an empty index), in order. */
  async best(probes: readonly Float32Array[]): Promise<(Match | null)[]> {
    if (!this.session || probes.length === 0) return probes.map(() => null);
    const input = new Float32Array(probes.length * this.dimensions);
    probes.forEach((p, i) => input.set(p, i * this.dimensions));
    const out = await this.session.run({
      probes: new (ort().Tensor)('float32', input, [probes.length, this.dimensions]),
    });
    const similarity = out.similarity!.data as Float32Array;
    const row = out.row!.data as Float32Array;
    const result = probes.map((_, i) => ({
      owner: this.owners[row[i]!]!,
      similarity: similarity[i]!,
    }));
    out.similarity!.dispose();
    out.row!.dispose();
    return result;
  }

  dispose(): void {
    void this.session?.release();
  }
}
