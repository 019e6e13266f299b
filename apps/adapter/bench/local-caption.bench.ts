// Local captioning model section of `npm run bench:adapter` (BENCH_TASKS=local_caption runs only this): the
// tiny generated ViT-GPT2 of the tests (test/fixtures/make-tiny-caption-model.py), so the figures are the
// adapter's own overhead — generator time, worker start + load, caption latency in-process and over /infer —
// not what a real ViT-GPT2 costs (that needs real weights, see docs/adapter.md).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeFrame } from '../src/frames/decode.js';
import { inspect } from '../src/scene/local-caption/layout.js';
import { loadCaptionModel } from '../src/scene/local-caption/model.js';

interface BenchHelpers {
  fixtures: string;
  iterations: number;
  startAdapter(dataDir: string): Promise<{ url: string; stop(): Promise<void> }>;
  pct(values: number[], p: number): number;
}

const GENERATOR = new URL('../test/fixtures/make-tiny-caption-model.py', import.meta.url).pathname;
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const IMAGES = ['vtest-2s.jpg', 'sample5.jpg'];

export async function benchLocalCaption(h: BenchHelpers): Promise<string[]> {
  const f1 = (n: number) => n.toFixed(1);
  const stats = (v: number[]) => `p50 ${f1(h.pct(v, 50))} p95 ${f1(h.pct(v, 95))}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'caption-bench-'));
  const modelsDir = join(dataDir, 'models');
  const modelDir = join(modelsDir, 'nvr-bench', 'tiny-vit-gpt2');
  mkdirSync(join(dataDir, 'frames'), { recursive: true });
  for (const img of IMAGES) copyFileSync(join(h.fixtures, img), join(dataDir, 'frames', img));
  const lines: string[] = [];
  try {
    let t = performance.now();
    execFileSync(PYTHON, [GENERATOR, modelDir, '--seed', '1']);
    lines.push(`tiny model generated in ${f1(performance.now() - t)} ms`);

    // In-process: the same load and caption code the caption worker runs.
    t = performance.now();
    const model = await loadCaptionModel(inspect(modelsDir, modelDir).layout!);
    const loadMs = performance.now() - t;
    const bytes = IMAGES.map((i) => new Uint8Array(readFileSync(join(h.fixtures, i))));
    const raw: number[] = [];
    let tokens = 0;
    for (let i = 0; i < h.iterations + 2; i++) {
      t = performance.now();
      const out = await model.caption(await decodeFrame(bytes[i % bytes.length]!));
      if (i >= 2) raw.push(performance.now() - t); // two warm-up runs
      tokens = out.tokens.length;
    }
    await model.dispose();
    lines.push(`in-process: load ${f1(loadMs)} ms; decode + caption (${tokens} tokens) ms ${stats(raw)}`);

    const adapter = await h.startAdapter(dataDir);
    // Without ADAPTER_TOKEN the adapter creates DATA_DIR/adapter.token; /infer needs it.
    const authorization = `Bearer ${readFileSync(join(dataDir, 'adapter.token'), 'utf8').trim()}`;
    try {
      const describe = async (image: string) => {
        const started = performance.now();
        const res = await fetch(`${adapter.url}/infer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization },
          body: JSON.stringify({ task: 'scene_description', data: { frame: { uri: `frame://${image}` } } }),
        });
        const body = (await res.json()) as { model_id?: string };
        if (res.status !== 200 || body.model_id !== 'local/nvr-bench/tiny-vit-gpt2')
          throw new Error(`scene_description: ${res.status} ${JSON.stringify(body)}`);
        return performance.now() - started;
      };
      const cold = await describe(IMAGES[0]!);
      const health = (await (await fetch(`${adapter.url}/health`)).json()) as {
        models: { name: string; load_ms: number | null }[];
      };
      const workerLoad = health.models.find((m) => m.name === 'local/nvr-bench/tiny-vit-gpt2')?.load_ms;
      const warm: number[] = [];
      for (let i = 0; i < h.iterations; i++) warm.push(await describe(IMAGES[i % IMAGES.length]!));
      lines.push(
        `/infer scene_description: first request (worker start + load + caption) ${f1(cold)} ms, ` +
          `load_ms in /health ${workerLoad}; then ms ${stats(warm)}`,
      );
    } finally {
      await adapter.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}
