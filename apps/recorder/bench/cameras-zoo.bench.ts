// npm run bench:cameras-zoo — what each kind of camera costs the recorder (issue #33), beside ffmpeg doing the same
// work alone (the physical limit: one process, one output, no fan-out), in two parts of one run:
//   1. recording, one camera at a time (640×360, 15 fps, a keyframe a second): H.264, H.264 + G.711 µ-law (audio
//      converted to AAC), H.264 + AAC, MJPEG (converted to H.264), H.265 — the CPU of every ffmpeg the recorder
//      runs for the camera (its recording, which also feeds the camera stream's fan-out), over BENCH_DURATION s;
//   2. an H.265 camera (1280×720, 15 fps) watched live by 1, 4 and 16 players that decode only H.264 (the HLS
//      media playlist every second and each new segment, asked with video=h264): the CPU of the live transcode
//      and how many transcodes run (it must stay one), beside ffmpeg alone transcoding the camera the same way.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_H264 } from '../src/media/ffmpeg/args.js';
import { startTestCamera, type TestCamera, type TestCameraOptions } from '../test/helpers/rtsp-camera.js';
import {
  api,
  buildRecorder,
  childrenOf,
  cmdline,
  cpuOver,
  describeMachine,
  login,
  startRecorder,
  stop,
} from './harness.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const WARMUP_S = 8;
const ADMIN_PASSWORD = 'bench-admin-password';

interface Kind {
  name: string;
  camera: TestCameraOptions;
  /** what ffmpeg alone does with the camera to record it (the codecs the recorder's plan chooses) */
  alone: string[];
}

const SMALL = { width: 640, height: 360, fps: 15, gop: 15 };
const COPY = ['-c', 'copy'];
const TO_H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];
const KINDS: Kind[] = [
  { name: 'H.264', camera: SMALL, alone: COPY },
  {
    name: 'H.264 + G.711 µ-law',
    camera: { ...SMALL, audio: 'pcmu' },
    alone: ['-c:v', 'copy', '-c:a', 'aac'],
  },
  { name: 'H.264 + AAC', camera: { ...SMALL, audio: 'aac' }, alone: COPY },
  { name: 'MJPEG', camera: { ...SMALL, codec: 'mjpeg' }, alone: TO_H264 },
  { name: 'H.265', camera: { ...SMALL, codec: 'h265' }, alone: COPY },
];
const VIEWERS = [1, 4, 16];

const sleep = (s: number) => new Promise<void>((resolve) => setTimeout(resolve, s * 1000));

/** ffmpeg alone reading the camera with `codecs`, writing 10-second MP4 segments (or nothing: `null`). */
async function alone(camera: TestCamera, codecs: string[], output: 'segments' | 'null'): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-zoo-'));
  const out =
    output === 'null'
      ? ['-f', 'null', '-']
      : ['-f', 'segment', '-segment_time', '10', '-segment_format', 'mp4', join(dir, '%03d.mp4')];
  const child = spawn(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-rtsp_transport', 'tcp', '-i', camera.url, ...codecs, ...out],
    { stdio: 'ignore' },
  );
  try {
    await sleep(WARMUP_S);
    return await cpuOver([child.pid!], () => sleep(DURATION_S));
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function addCamera(base: string, token: string, name: string, camera: TestCamera): Promise<number> {
  const created = await api(base, '/api/v1/cameras?force=true', {
    method: 'POST',
    token,
    body: JSON.stringify({ name, ip_address: '127.0.0.1', rtsp_url: camera.url }),
  });
  const id = (created as { id: number }).id;
  await api(base, `/api/v1/camera-config/${id}`, {
    method: 'PATCH',
    token,
    body: JSON.stringify({ transport_security: 'plaintext_allowed' }),
  });
  return id;
}

/** A player of the live view that decodes only H.264: the media playlist every second and each new segment. */
function watch(base: string, token: string, cameraId: number, signal: AbortSignal): void {
  const seen = new Set<string>();
  const headers = { authorization: `Bearer ${token}` };
  const live = `${base}/api/v1/cameras/${cameraId}/live`;
  void (async () => {
    while (!signal.aborted) {
      const playlist = await fetch(`${live}/media.m3u8?video=h264`, { headers, signal })
        .then((r) => (r.ok ? r.text() : ''))
        .catch(() => '');
      for (const name of playlist.match(/^seg-\d+\.m4s\S*$/gm) ?? []) {
        if (seen.has(name)) continue;
        seen.add(name);
        await fetch(`${live}/${name}`, { headers, signal })
          .then((r) => r.arrayBuffer())
          .catch(() => undefined);
      }
      await sleep(1).catch(() => undefined);
    }
  })();
}

async function main(): Promise<void> {
  describeMachine('bench:cameras-zoo');
  buildRecorder();
  const data = mkdtempSync(join(tmpdir(), 'bench-zoo-data-'));
  const recorder = await startRecorder({ DATA_DIR: data, ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  const ffmpegs = () => childrenOf(recorder.child.pid!, 'ffmpeg');
  try {
    const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);
    console.log(
      `\nRecording, one camera at a time (640×360, 15 fps), CPU over ${DURATION_S} s (% of a core):`,
    );
    console.log('| camera | recorder (every ffmpeg of the camera) | ffmpeg alone, same codecs | ratio |');
    console.log('|---|---|---|---|');
    for (const kind of KINDS) {
      const camera = await startTestCamera(kind.camera);
      try {
        const id = await addCamera(recorder.base, token, kind.name, camera);
        await api(recorder.base, `/api/v1/camera-config/${id}`, {
          method: 'PATCH',
          token,
          body: JSON.stringify({ recording_enabled: true }),
        });
        await sleep(WARMUP_S);
        const ours = await cpuOver(ffmpegs(), () => sleep(DURATION_S));
        // Recording off: its ffmpeg ends, and ffmpeg alone has the camera to itself.
        await api(recorder.base, `/api/v1/camera-config/${id}`, {
          method: 'PATCH',
          token,
          body: JSON.stringify({ recording_enabled: false }),
        });
        for (let waited = 0; ffmpegs().length > 0 && waited < 40; waited++) await sleep(1);
        const limit = await alone(camera, kind.alone, 'segments');
        console.log(
          `| ${kind.name} | ${ours.toFixed(1)} % | ${limit.toFixed(1)} % | ${(ours / limit).toFixed(2)} |`,
        );
      } finally {
        await camera.close();
      }
    }

    console.log(`\nH.265 1280×720 at 15 fps live, players that decode only H.264, CPU over ${DURATION_S} s:`);
    console.log('| viewers | live transcodes | recorder ffmpeg CPU | ffmpeg alone transcoding | ratio |');
    console.log('|---|---|---|---|---|');
    const camera = await startTestCamera({ width: 1280, height: 720, fps: 15, gop: 15, codec: 'h265' });
    try {
      const limit = await alone(camera, LIVE_H264, 'null');
      const id = await addCamera(recorder.base, token, 'H.265 live', camera);
      for (const viewers of VIEWERS) {
        const stopWatching = new AbortController();
        for (let i = 0; i < viewers; i++) watch(recorder.base, token, id, stopWatching.signal);
        await sleep(WARMUP_S);
        const ours = await cpuOver(ffmpegs(), () => sleep(DURATION_S));
        const transcodes = ffmpegs().filter((pid) => cmdline(pid).includes('libx264')).length;
        stopWatching.abort();
        console.log(
          `| ${viewers} | ${transcodes} | ${ours.toFixed(1)} % | ${limit.toFixed(1)} % | ${(ours / limit).toFixed(2)} |`,
        );
      }
    } finally {
      await camera.close();
    }
  } finally {
    await stop(recorder.child);
    rmSync(data, { recursive: true, force: true });
  }
}

await main();
