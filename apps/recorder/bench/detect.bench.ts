// npm run bench:detect — N test cameras (default 4) streaming a still of real pedestrians, one live
// person_counting model per camera at 1 frame/s, for BENCH_DURATION seconds (default 120) after a warm-up:
//   - end-to-end latency: picture sampled → result stored → `detection` event received by an SSE client
//     (p50/p99), and from the picture's arrival from the camera
//   - the adapter's own latency for the same requests (`latency_ms` it reports), and a bare /infer of the same
//     picture by this process every 5 s, measured in the same run: overhead = end to end − adapter (p50 target
//     < 100 ms)
//   - turns skipped because the adapter was still busy with the previous frame (the loop skips, never queues)
//   - CPU of the recorder's Node process and of its frame-grabber ffmpegs; recorder RSS
// The recorder runs from source (tsx) as its own process; the adapter is the real one (2 workers).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { peopleStill, startAdapterProcess } from '../test/helpers/adapter-process.js';
import { startTestCamera, type TestCamera } from '../test/helpers/rtsp-camera.js';
import {
  api,
  childrenOf,
  cpuSeconds,
  describeMachine,
  freePort,
  login,
  root,
  rssMb,
  stop,
  waitForHealth,
  percentile,
  streamEvents,
} from './harness.js';

const CAMERAS = Number(process.env.BENCH_CAMERAS ?? 4);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 120);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 15);
const INTERVAL_S = 1;
const ADMIN_PASSWORD = 'bench-admin-password';

interface Sample {
  sampledToSse: number;
  capturedToSse: number;
  sampledToStored: number;
  roundTrip: number;
  adapter: number;
}

/** Detection events over SSE, each timed on arrival. */
async function main() {
  describeMachine('bench:detect');
  console.log(
    `${CAMERAS} cameras (768x576 still of vtest.avi pedestrians, H.264 5 fps) × person_counting every ${INTERVAL_S} s, ` +
      `${DURATION_S} s measured after ${WARMUP_S} s`,
  );
  const work = mkdtempSync(join(tmpdir(), 'nvr-bench-detect-'));
  const framesDir = join(work, 'frames');
  const still = peopleStill(work);
  const cameras: TestCamera[] = [];
  const adapter = await startAdapterProcess({ framesDir, workers: 2 });
  let recorder: ChildProcess | null = null;
  let closeSse = () => {};
  try {
    for (let i = 0; i < CAMERAS; i++)
      cameras.push(await startTestCamera({ image: still, width: 768, height: 576, fps: 5, gop: 10 }));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    recorder = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', join(root, 'apps/recorder/src/main.ts')],
      {
        cwd: root,
        env: {
          ...process.env,
          RECORDER_PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(work, 'data'),
          RTSP_PORT: '0',
          FRAMES_DIR: framesDir,
          ADAPTER_URLS: adapter.url,
          ADAPTER_TOKEN_ADAPTER_1: adapter.token,
          ADAPTER_POLL_SECONDS: '5',
          ADMIN_PASSWORD,
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      },
    );
    await waitForHealth(`${base}/health`, recorder);
    const token = await login(base, 'admin', ADMIN_PASSWORD);

    let measuring = false;
    const samples: Sample[] = [];
    closeSse = streamEvents(base, token, 'detection', (event, receivedAt) => {
      const d = event.data;
      if (!measuring || typeof d?.sampled_at !== 'number') return;
      samples.push({
        sampledToSse: receivedAt - d.sampled_at,
        capturedToSse: receivedAt - d.captured_at,
        sampledToStored: d.stored_at - d.sampled_at,
        roundTrip: d.round_trip_ms,
        adapter: d.latency_ms,
      });
    });

    const modelIds: number[] = [];
    for (const camera of cameras) {
      const created = await api(base, '/api/v1/cameras?force=true', {
        method: 'POST',
        token,
        body: JSON.stringify({ name: `bench ${camera.port}`, ip_address: '127.0.0.1', rtsp_url: camera.url }),
      });
      const model = await api(base, '/api/v1/ai-models', {
        method: 'POST',
        token,
        body: JSON.stringify({
          name: `people ${camera.port}`,
          model_name: 'centernet',
          task: 'person_counting',
          inference_interval: INTERVAL_S,
          assigned_camera_id: created.id,
          // continuous detection is what this bench measures (bench:motion measures the gated kind)
          config: JSON.stringify({ trigger: 'always' }),
        }),
      });
      modelIds.push(model.id as number);
    }

    // Bare /infer of the same picture, in the same run, every 5 s (a light extra load).
    const { copyFileSync } = await import('node:fs');
    copyFileSync(still, join(framesDir, 'bench-still.jpg'));
    const bare: { roundTrip: number; adapter: number }[] = [];
    let bareTimer: NodeJS.Timeout | null = null;
    const bareOnce = async () => {
      const started = performance.now();
      const response = await fetch(`${adapter.url}/infer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          task: 'person_counting',
          data: { frame: { uri: 'frame://bench-still.jpg' } },
        }),
      });
      const body = (await response.json()) as { latency_ms: number };
      if (measuring) bare.push({ roundTrip: performance.now() - started, adapter: body.latency_ms });
    };

    const status = async () =>
      Promise.all(
        modelIds.map(
          (id) =>
            api(base, `/api/v1/ai-models/${id}/status`, { token }) as Promise<{
              runs: number;
              failures: number;
            }>,
        ),
      );
    console.log(`warming up for ${WARMUP_S} s…`);
    await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
    const recorderPid = recorder.pid!;
    const grabbers = childrenOf(recorderPid, 'ffmpeg');
    const before = {
      node: cpuSeconds(recorderPid),
      ffmpeg: grabbers.map(cpuSeconds),
      status: await status(),
      at: performance.now(),
      rss: rssMb(recorderPid),
    };
    measuring = true;
    bareTimer = setInterval(() => void bareOnce().catch(() => undefined), 5000);
    await new Promise((r) => setTimeout(r, DURATION_S * 1000));
    measuring = false;
    clearInterval(bareTimer);
    const after = {
      node: cpuSeconds(recorderPid),
      ffmpeg: grabbers.map(cpuSeconds),
      status: await status(),
      at: performance.now(),
      rss: rssMb(recorderPid),
    };
    const seconds = (after.at - before.at) / 1000;
    const turns = Math.floor(seconds / INTERVAL_S) * CAMERAS;
    const runs = after.status.reduce((sum, s, i) => sum + s.runs - before.status[i]!.runs, 0);
    const failures = after.status.reduce((sum, s, i) => sum + s.failures - before.status[i]!.failures, 0);
    const skipped = Math.max(0, turns - runs - failures);

    const col = (pick: (s: Sample) => number) => samples.map(pick);
    const row = (name: string, values: number[], note = '') =>
      console.log(
        `| ${name} | ${percentile(values, 50).toFixed(0)} | ${percentile(values, 99).toFixed(0)} | ${values.length} | ${note} |`,
      );
    console.log('\n| latency (ms) | p50 | p99 | samples | |');
    console.log('|---|---|---|---|---|');
    row(
      'sampled → stored → SSE (end to end)',
      col((s) => s.sampledToSse),
    );
    row(
      'camera picture arrived → SSE',
      col((s) => s.capturedToSse),
      'includes waiting for the next turn',
    );
    row(
      'sampled → stored',
      col((s) => s.sampledToStored),
    );
    row(
      'recorder → adapter /infer round trip',
      col((s) => s.roundTrip),
      'as the loop saw it',
    );
    row(
      "adapter's own latency_ms (same requests)",
      col((s) => s.adapter),
      'baseline',
    );
    row(
      'bare /infer round trip (this process)',
      bare.map((b) => b.roundTrip),
      'baseline, same run',
    );
    row(
      "bare /infer, adapter's latency_ms",
      bare.map((b) => b.adapter),
      'baseline, same run',
    );
    const overhead = samples.map((s) => s.sampledToSse - s.adapter);
    row('overhead = end to end − adapter latency_ms', overhead, 'target p50 < 100');

    const nodePct = ((after.node - before.node) / seconds) * 100;
    const ffmpegPct =
      ((after.ffmpeg.reduce((a, b) => a + b, 0) - before.ffmpeg.reduce((a, b) => a + b, 0)) / seconds) * 100;
    console.log('\n| load | value |');
    console.log('|---|---|');
    console.log(`| turns due (${CAMERAS} models × ${seconds.toFixed(0)} s) | ${turns} |`);
    console.log(`| results stored | ${runs} |`);
    console.log(`| failed calls | ${failures} |`);
    console.log(
      `| turns without a result (skipped while the previous frame was in analysis, or no new picture; never queued) | ${skipped} (${((skipped / Math.max(1, turns)) * 100).toFixed(1)} %) |`,
    );
    console.log(`| recorder Node process CPU | ${nodePct.toFixed(1)} % of a core |`);
    console.log(
      `| frame-grabber ffmpeg CPU (${grabbers.length} processes) | ${ffmpegPct.toFixed(1)} % of a core |`,
    );
    console.log(`| recorder RSS before → after | ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB |`);
  } finally {
    closeSse();
    if (recorder) await stop(recorder);
    await adapter.close();
    for (const camera of cameras) await camera.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
