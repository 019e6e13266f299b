// npm run bench:recording — N test cameras recorded at once (default 16 for 180 s):
//   - CPU of the recorder's own Node process, per camera (target < 0.5 % of a core)
//   - CPU of the recorder's ffmpeg per camera vs. a bare `ffmpeg -c copy` segmenter of the same stream run
//     beside it in the same run (target ratio ≤ 1.1)
//   - missing chunks: gaps ≥ 1 s between consecutive chunks of a camera (target 0)
//   - live: time from the first playlist request to a playable HLS playlist
//   - live: end-to-end latency read from a clock code burned into the picture (bench/live-latency.ts)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestCamera, type TestCamera } from '../test/helpers/rtsp-camera.js';
import {
  api,
  buildRecorder,
  childrenOf,
  cpuSeconds,
  describeMachine,
  login,
  startRecorder,
  stop,
} from './harness.js';
import { measureLiveLatency, printLatency } from './live-latency.js';

const CAMERAS = Number(process.env.BENCH_CAMERAS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 180);
const WARMUP_S = 20;
const SEGMENT = 10;
const ADMIN_PASSWORD = 'bench-admin-password';

async function main() {
  describeMachine('bench:recording');
  console.log(
    `${CAMERAS} cameras (320x180, 10 fps, H.264), ${SEGMENT} s chunks, ${DURATION_S} s measured after ${WARMUP_S} s`,
  );
  buildRecorder();
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-rec-'));
  const bareDir = mkdtempSync(join(tmpdir(), 'nvr-bench-bare-'));
  const cameras: TestCamera[] = [];
  const bare: ChildProcess[] = [];
  const recorder = await startRecorder({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  try {
    for (let i = 0; i < CAMERAS; i++)
      cameras.push(await startTestCamera({ width: 320, height: 180, fps: 10, gop: 10 }));
    const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);
    const ids: number[] = [];
    for (const [i, camera] of cameras.entries()) {
      const created = await api(recorder.base, '/api/v1/cameras?force=true', {
        method: 'POST',
        token,
        body: JSON.stringify({ name: `bench ${i}`, ip_address: '127.0.0.1', rtsp_url: camera.url }),
      });
      ids.push(created.id as number);
      await api(recorder.base, `/api/v1/camera-config/${String(created.id)}`, {
        method: 'PATCH',
        token,
        body: JSON.stringify({
          recording_enabled: true,
          recording_segment_seconds: SEGMENT,
          transport_security: 'plaintext_allowed',
        }),
      });
      // The baseline: the same stream segmented by a bare ffmpeg, no wrapper, no progress pipe, no indexing.
      bare.push(
        spawn(
          'ffmpeg',
          [
            '-hide_banner',
            '-loglevel',
            'error',
            '-rtsp_transport',
            'tcp',
            '-i',
            camera.url,
            '-map',
            '0:v:0',
            '-c',
            'copy',
            '-f',
            'segment',
            '-segment_time',
            String(SEGMENT),
            '-segment_format',
            'mp4',
            '-segment_format_options',
            'movflags=+frag_keyframe+empty_moov+default_base_moof',
            '-reset_timestamps',
            '1',
            join(bareDir, `${i}-%06d.mp4`),
          ],
          { stdio: 'ignore' },
        ),
      );
    }

    // Live: first request to a playable playlist, on a camera nobody watches yet.
    const liveStart = performance.now();
    const live = await fetch(`${recorder.base}/api/v1/cameras/${ids[0]!}/live/index.m3u8`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!live.ok) throw new Error(`live playlist: ${live.status}`);
    const liveMs = performance.now() - liveStart;

    await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
    const recorderPid = recorder.child.pid!;
    const ours = childrenOf(recorderPid, 'ffmpeg');
    const before = {
      node: cpuSeconds(recorderPid),
      ours: ours.map(cpuSeconds),
      bare: bare.map((b) => cpuSeconds(b.pid!)),
    };
    const windowStart = Date.now();
    await new Promise((r) => setTimeout(r, DURATION_S * 1000));
    const after = {
      node: cpuSeconds(recorderPid),
      ours: ours.map(cpuSeconds),
      bare: bare.map((b) => cpuSeconds(b.pid!)),
    };
    const windowEnd = Date.now();

    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const nodePct = ((after.node - before.node) / DURATION_S) * 100;
    const oursPct = ((sum(after.ours) - sum(before.ours)) / DURATION_S) * 100;
    const barePct = ((sum(after.bare) - sum(before.bare)) / DURATION_S) * 100;

    let missing = 0;
    let chunks = 0;
    for (const id of ids) {
      const list = (await fetch(
        `${recorder.base}/api/v1/recordings/${id}?start_unix=${Math.floor(windowStart / 1000)}&end_unix=${Math.floor(windowEnd / 1000)}`,
        { headers: { authorization: `Bearer ${token}` } },
      ).then((r) => r.json())) as { start_time: string; end_time: string }[];
      chunks += list.length;
      for (let i = 1; i < list.length; i++) {
        if (Date.parse(list[i]!.start_time) - Date.parse(list[i - 1]!.end_time) >= 1000) missing += 1;
      }
    }
    console.log('\n| measure | value | target |');
    console.log('|---|---|---|');
    console.log(
      `| recorder Node process CPU, per camera | ${(nodePct / CAMERAS).toFixed(3)} % of a core (total ${nodePct.toFixed(2)} %) | < 0.5 % |`,
    );
    console.log(
      `| recorder ffmpeg CPU, per camera (${ours.length} processes) | ${(oursPct / CAMERAS).toFixed(3)} % of a core | |`,
    );
    console.log(`| bare ffmpeg -c copy CPU, per camera | ${(barePct / CAMERAS).toFixed(3)} % of a core | |`);
    console.log(`| ffmpeg ratio ours / bare | ${(oursPct / barePct).toFixed(2)} | ≤ 1.1 |`);
    console.log(
      `| chunks indexed in the window | ${chunks} (expected ≈ ${Math.floor(DURATION_S / SEGMENT) * CAMERAS}) | |`,
    );
    console.log(`| gaps ≥ 1 s between consecutive chunks | ${missing} | 0 |`);
    console.log(`| live: first request → playable HLS playlist | ${liveMs.toFixed(0)} ms | |`);
    // After the CPU window, so the browser does not count against the recorder's figures.
    printLatency(await measureLiveLatency(recorder.base, token));
  } finally {
    for (const b of bare) b.kill('SIGTERM');
    await stop(recorder.child);
    await Promise.all(cameras.map((camera) => camera.close()));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bareDir, { recursive: true, force: true });
  }
}

await main();
