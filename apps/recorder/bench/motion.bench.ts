// npm run bench:motion — what motion detection costs (issue #19): BENCH_CAMERAS test cameras (default 16) at
// 640×360, 10 fps, each recorded by one recorder (so every camera stream flows in both phases, as in an NVR), for
// BENCH_DURATION seconds (default 60) per phase:
//   1. motion detection on at 5 pictures/s (the default rate) on every camera
//   2. the baseline: the same recording with motion off
// Figures: recorder Node CPU (the detector runs there), the motion ffmpeg processes' CPU (decode and scale to
// 320×180 grey), and all of the recorder's ffmpeg CPU, per camera, beside the baseline; the motion.start events
// seen (the test pattern's ball never stops, so each camera starts moving once and stays in motion).
// Target (issue #19): under 3 % of a core per camera for motion at 5 fps.
// Then section 3 (motion-gating.bench.ts): AI gated by motion against always-on AI. BENCH_ONLY=cpu runs sections
// 1–2 only, BENCH_ONLY=gating section 3 only.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestCamera, type TestCamera } from '../test/helpers/rtsp-camera.js';
import { benchGating } from './motion-gating.bench.js';
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

const CAMERAS = Number(process.env.BENCH_CAMERAS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 60);
const WARMUP_S = 20;
const ADMIN_PASSWORD = 'bench-admin-password';

const sleep = (s: number) => new Promise<void>((resolve) => setTimeout(resolve, s * 1000));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const isMotion = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('format=gray');
  } catch {
    return false;
  }
};

interface PhaseFigures {
  nodePct: number;
  motionFfmpegPct: number;
  allFfmpegPct: number;
  motionProcesses: number;
}

/** CPU of the recorder and its ffmpeg children over DURATION_S, per camera (% of a core). */
async function measure(recorderPid: number): Promise<PhaseFigures> {
  await sleep(WARMUP_S);
  const ffmpeg = childrenOf(recorderPid, 'ffmpeg');
  const motion = ffmpeg.filter(isMotion);
  const before = {
    node: cpuSeconds(recorderPid),
    all: sum(ffmpeg.map(cpuSeconds)),
    motion: sum(motion.map(cpuSeconds)),
  };
  const started = performance.now();
  await sleep(DURATION_S);
  const seconds = (performance.now() - started) / 1000;
  const pct = (now: number, then: number) => ((now - then) / seconds / CAMERAS) * 100;
  return {
    nodePct: pct(cpuSeconds(recorderPid), before.node),
    motionFfmpegPct: pct(sum(motion.map(cpuSeconds)), before.motion),
    allFfmpegPct: pct(sum(ffmpeg.map(cpuSeconds)), before.all),
    motionProcesses: motion.length,
  };
}

const ONLY = process.env.BENCH_ONLY;

async function main() {
  describeMachine('bench:motion');
  buildRecorder();
  if (ONLY !== 'gating') await benchMotionCpu();
  if (ONLY !== 'cpu') await benchGating();
}

async function benchMotionCpu() {
  console.log(
    `${CAMERAS} cameras (640x360, 10 fps, H.264) recorded; motion at 5 pictures/s on 320x180 grey; ${DURATION_S} s measured after ${WARMUP_S} s, per phase`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-motion-'));
  const cameras: TestCamera[] = [];
  const recorder = await startRecorder({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  try {
    for (let i = 0; i < CAMERAS; i++)
      cameras.push(await startTestCamera({ width: 640, height: 360, fps: 10, gop: 10 }));
    const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);
    const ids: number[] = [];
    for (const [i, camera] of cameras.entries()) {
      const created = await api(recorder.base, '/api/v1/cameras?force=true', {
        method: 'POST',
        token,
        body: JSON.stringify({ name: `motion ${i}`, ip_address: '127.0.0.1', rtsp_url: camera.url }),
      });
      const id = created.id as number;
      ids.push(id);
      await api(recorder.base, `/api/v1/camera-config/${id}`, {
        method: 'PATCH',
        token,
        body: JSON.stringify({ recording_enabled: true, transport_security: 'plaintext_allowed' }),
      });
    }
    const setMotion = (enabled: boolean) =>
      Promise.all(
        ids.map((id) =>
          api(recorder.base, `/api/v1/cameras/${id}/motion`, {
            method: 'PUT',
            token,
            body: JSON.stringify({ enabled }),
          }),
        ),
      );

    console.log('phase 1: motion on…');
    const since = new Date().toISOString();
    await setMotion(true);
    const on = await measure(recorder.child.pid!);
    const latest = (await api(recorder.base, '/api/v1/events/latest?type=motion.start&limit=500', {
      token,
    })) as { events: { camera_id: number; timestamp: string }[] };
    const list = latest.events.filter((event) => event.timestamp >= since);
    const startedCameras = new Set(list.map((event) => event.camera_id)).size;

    console.log('phase 2: motion off (the baseline)…');
    await setMotion(false);
    const off = await measure(recorder.child.pid!);

    const pct = (value: number) => `${value.toFixed(2)} %`;
    console.log(
      '\n| per camera (% of a core) | motion on | motion off (baseline) | motion’s share | target |',
    );
    console.log('|---|---|---|---|---|');
    console.log(
      `| recorder Node process (the detector) | ${pct(on.nodePct)} | ${pct(off.nodePct)} | ${pct(on.nodePct - off.nodePct)} | |`,
    );
    console.log(
      `| motion ffmpeg (decode, scale, grey) | ${pct(on.motionFfmpegPct)} (${on.motionProcesses} processes) | ${pct(off.motionFfmpegPct)} (${off.motionProcesses}) | ${pct(on.motionFfmpegPct - off.motionFfmpegPct)} | |`,
    );
    console.log(
      `| all of the recorder's ffmpeg | ${pct(on.allFfmpegPct)} | ${pct(off.allFfmpegPct)} | ${pct(on.allFfmpegPct - off.allFfmpegPct)} | |`,
    );
    const total = on.nodePct - off.nodePct + (on.allFfmpegPct - off.allFfmpegPct);
    console.log(`| motion detection in all | | | ${pct(total)} | < 3 % |`);
    console.log(`\ncameras that reported motion.start in phase 1: ${startedCameras} of ${CAMERAS}`);
  } finally {
    await stop(recorder.child);
    await Promise.all(cameras.map((camera) => camera.close()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
