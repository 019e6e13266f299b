// Detector section of `npm run bench:adapter` (BENCH_SECTION=detection runs only this), issue #35's targets:
//  - the net alone at 512×512: CenterNet's tfjs graph on tfjs-wasm (the runtime it had until issue #35: the
//    baseline) against the same graph rewritten as ONNX on onnxruntime, with one thread and with two;
//  - a 320×320 picture through /v1/vision/detection (Frigate's deepstack detector sends these, 0.1 s timeout)
//    beside the raw model call on the same picture (decode + person_detection in this process);
//  - person_counting on a 768×576 camera frame over /infer beside its raw model call.
// Raw and HTTP calls alternate, so load from elsewhere hits both alike. The raw calls run as an idle adapter
// runs them: this process announces a pool of `cores` workers with nothing running, so the detector takes the
// two-thread session a request gets while the other worker is idle.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import { Value } from '@sinclair/typebox/value';
import sharp from 'sharp';
import { decodeFrame } from '../src/frames/decode.js';
import { CENTERNET_INPUT } from '../src/models/centernet.js';
import { convertTfjsGraph } from '../src/models/tfjs-graph-onnx.js';
import { ModelCache } from '../src/models/instances.js';
import { createPoolLoad, watchPoolLoad } from '../src/runtimes/idle-cores.js';
import { createSession, ort } from '../src/runtimes/onnx.js';
import { HUMAN_MODELS, loadGraphModel, tfjs } from '../src/runtimes/tfjs.js';
import { TASKS } from '../src/tasks/index.js';
import { createTaskContext } from '../src/tasks/context.js';

interface BenchHelpers {
  fixtures: string;
  iterations: number;
  /** POST /infer with a frame:// picture of the adapter's frames dir; ms */
  infer(task: string, image: string): Promise<number>;
  /** a DeepStack-style multipart POST; ms */
  vision(path: string, image: Buffer): Promise<number>;
  pct(values: number[], p: number): number;
}

const f1 = (n: number) => n.toFixed(1);

async function timed(iterations: number, run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return times;
}

/** decode + the task's run(), in this process, as a worker does it for one request */
function rawCall(cache: ModelCache, task: string, bytes: Uint8Array): () => Promise<unknown> {
  const t = TASKS.get(task)!;
  const params = Value.Default(t.params, {}) as Record<string, unknown>;
  return async () => {
    const frame = await decodeFrame(bytes);
    const ctx = createTaskContext(bytes, frame, cache);
    return t.run(ctx, params);
  };
}

export async function benchDetector(h: BenchHelpers): Promise<string[]> {
  const lines: string[] = [];
  const stats = (v: number[]) => `p50 ${f1(h.pct(v, 50))} p95 ${f1(h.pct(v, 95))} ms`;
  const size = CENTERNET_INPUT;
  const json = join(HUMAN_MODELS(), 'centernet.json');

  // 1. The net alone.
  const tf = await tfjs();
  const graph = await loadGraphModel(json);
  const nhwc = tf.zeros<TF.Rank.R4>([1, size, size, 3]);
  const wasm = await timed(h.iterations, async () => {
    const out = graph.execute(nhwc, 'tower_0/detections') as TF.Tensor;
    await out.data();
    out.dispose();
  });
  const { graph: onnx } = await convertTfjsGraph(json, ['tower_0/keypoints', 'tower_0/wh'], {
    height: size,
    width: size,
  });
  const input = {
    images: new (ort().Tensor)('float32', new Float32Array(3 * size * size), [1, 3, size, size]),
  };
  const perThreads: string[] = [];
  for (const threads of [1, 2]) {
    const session = await createSession(onnx, { threads });
    perThreads.push(
      `onnxruntime ${threads} thread${threads > 1 ? 's' : ''} ${stats(await timed(h.iterations, () => session.run(input)))}`,
    );
    await session.release();
  }
  graph.dispose();
  lines.push(
    `CenterNet ${size}×${size}, the net alone: tfjs-wasm (baseline) ${stats(wasm)} | ${perThreads.join(' | ')}`,
  );

  // 2 and 3. Raw model calls beside the HTTP routes, as an idle adapter runs them.
  watchPoolLoad(createPoolLoad(availableParallelism()));
  const cache = new ModelCache(join(h.fixtures, 'no-models-override'));
  const street = readFileSync(join(h.fixtures, 'vtest-2s.jpg'));
  const small = await sharp(street).resize(320, 320, { fit: 'cover' }).jpeg().toBuffer();
  const rawSmall = rawCall(cache, 'person_detection', new Uint8Array(small));
  const rawStreet = rawCall(cache, 'person_counting', new Uint8Array(street));
  const raw320: number[] = [];
  const http320: number[] = [];
  const raw768: number[] = [];
  const http768: number[] = [];
  for (let i = 0; i < 3; i++) {
    await rawSmall();
    await h.vision('/v1/vision/detection', small);
    await rawStreet();
    await h.infer('person_counting', 'vtest-2s.jpg');
  }
  for (let i = 0; i < h.iterations * 2; i++) {
    let t = performance.now();
    await rawSmall();
    raw320.push(performance.now() - t);
    http320.push(await h.vision('/v1/vision/detection', small));
    t = performance.now();
    await rawStreet();
    raw768.push(performance.now() - t);
    http768.push(await h.infer('person_counting', 'vtest-2s.jpg'));
  }
  const within = http320.filter((ms) => ms <= 100).length;
  lines.push(
    `320×320 picture: raw person_detection ${stats(raw320)} | /v1/vision/detection ${stats(http320)}; within Frigate's 0.1 s: ${within}/${http320.length} (target p50 < 100 ms)`,
  );
  lines.push(
    `768×576 camera frame: raw person_counting ${stats(raw768)} | /infer person_counting ${stats(http768)} (target p50 < 150 ms)`,
  );
  return lines;
}
