// npm run bench:recording — N test cameras (default 16), each recorded, decoded for live AI at 1 frame/s and
// watched live by one HLS viewer, for DURATION seconds (default 120), in two phases of one run:
//   1. the recorder: one RTSP session per camera, fanned out to every consumer (media/ingest)
//   2. the baseline: the same load as separate pulls, as the recorder ran it before the camera streams (one
//      segmenter, one live HLS and one frame grabber ffmpeg per camera, each with its own RTSP session)
// Figures: RTSP sessions per camera (the test cameras count their clients), total ffmpeg CPU, the recorder's
// own CPU, chunk gaps ≥ 1 s (target 0), decoded pixels per second for the AI role; then live start and the
// end-to-end latency read from a clock code (bench/live-latency.ts).
//   3. the AI role with a substream: BENCH_SUB_CAMERAS cameras (default 4) with a 640x360 main stream and a
//      320x180 substream (two test cameras each), recorded with live AI, on a fresh recorder; the AI role reads
//      the substream (detect_stream 'sub', the default), then the main stream (detect_stream 'main') — frame
//      grabber CPU, decoded pixels/s and RTSP sessions of each stream beside each other.
//   4. evidence (issue #37, docs/evidence.md): the CPU of hashing the chunks phase 1 recorded (SHA-256, as the
//      recorder does when it indexes one) and of signing a chain head, per camera, beside the recording's own
//      ffmpeg CPU; an evidence export of a minute of footage beside a plain export of the same minute.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PULL_LINGER_MS } from '../src/media/ingest/stream-hub.js';
import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { signHead } from '../src/platform/crypto/evidence.js';
import { sha256File } from '../src/platform/crypto/file-hash.js';
import { startTestCamera, type TestCamera } from '../test/helpers/rtsp-camera.js';
import {
  api,
  buildRecorder,
  childrenOf,
  cmdline,
  cpuOver,
  cpuSeconds,
  describeMachine,
  login,
  startRecorder,
  stop,
  watchLive,
} from './harness.js';
import { measureLiveLatency, printLatency } from './live-latency.js';

const CAMERAS = Number(process.env.BENCH_CAMERAS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 120);
const WARMUP_S = 20;
const SEGMENT = 10;
const WIDTH = 320;
const HEIGHT = 180;
const FPS = 10;
/** The detection loop samples at twice the rate of the camera's most frequent model (1 s here). */
const AI_FPS = 2;
const ADMIN_PASSWORD = 'bench-admin-password';
const SUB_CAMERAS = Number(process.env.BENCH_SUB_CAMERAS ?? 4);
const MAIN_SIZE = { width: 640, height: 360 };
const SUB_SIZE = { width: 320, height: 180 };

const GOP = FPS; // a keyframe a second
const isGrabber = (pid: number) => cmdline(pid).includes('image2pipe');
const sleep = (s: number) => new Promise<void>((resolve) => setTimeout(resolve, s * 1000));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The pre-runtime pipelines of one camera, each pulling the camera itself. */
function separatePulls(url: string, dir: string): ChildProcess[] {
  const input = ['-hide_banner', '-loglevel', 'error', '-nostats', '-rtsp_transport', 'tcp', '-i', url];
  const run = (args: string[]) => spawn('ffmpeg', [...input, ...args], { stdio: 'ignore' });
  mkdirSync(join(dir, 'live'), { recursive: true });
  return [
    run([
      ...['-map', '0:v:0', '-c', 'copy', '-f', 'segment', '-segment_time', String(SEGMENT)],
      ...['-segment_format', 'mp4', '-segment_format_options'],
      'movflags=+frag_keyframe+empty_moov+default_base_moof:frag_duration=1000000:flush_packets=1',
      ...['-reset_timestamps', '1', join(dir, '%06d.mp4')],
    ]),
    run([
      ...['-map', '0:v:0', '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '6'],
      ...['-hls_flags', 'delete_segments+independent_segments+omit_endlist+temp_file'],
      ...['-hls_segment_type', 'fmp4', '-hls_segment_filename', join(dir, 'live', 'seg-%d.m4s')],
      join(dir, 'live', 'index.m3u8'),
    ]),
    run([
      ...['-map', '0:v:0', '-an', '-vf', `fps=${AI_FPS}`, '-q:v', '3', '-f', 'image2pipe', '-c:v', 'mjpeg'],
      '-y',
      '/dev/null',
    ]),
  ];
}

/** A live AI model on the camera, every second (no adapter answers: the frames are decoded all the same). */
function addLiveModel(base: string, token: string, cameraId: number) {
  return api(base, '/api/v1/ai-models', {
    method: 'POST',
    token,
    body: JSON.stringify({
      name: `ai ${cameraId}`,
      model_name: 'bench',
      task: 'person_counting',
      inference_interval: 1,
      assigned_camera_id: cameraId,
      config: JSON.stringify({ trigger: 'always' }),
    }),
  });
}

interface RoleFigures {
  grabberPct: number;
  /** decoded frames per second of one grabber (keyframes only, or every frame) */
  decodedFps: number;
  mainSessions: number;
  subSessions: number;
}

/** Phase 3: the AI role on the substream, then on the main stream, of cameras that have both. */
async function substreamPhase(): Promise<{ sub: RoleFigures; main: RoleFigures }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-sub-'));
  const recorder = await startRecorder({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  const mains: TestCamera[] = [];
  const subs: TestCamera[] = [];
  try {
    for (let i = 0; i < SUB_CAMERAS; i++) {
      mains.push(await startTestCamera({ ...MAIN_SIZE, fps: FPS, gop: GOP }));
      subs.push(await startTestCamera({ ...SUB_SIZE, fps: FPS, gop: GOP }));
    }
    const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);
    const ids: number[] = [];
    for (const [i, camera] of mains.entries()) {
      const created = await api(recorder.base, '/api/v1/cameras?force=true', {
        method: 'POST',
        token,
        body: JSON.stringify({
          name: `sub bench ${i}`,
          ip_address: '127.0.0.1',
          rtsp_url: camera.url,
          substream_url: subs[i]!.url,
        }),
      });
      ids.push(created.id as number);
    }
    const configure = (detectStream: 'sub' | 'main') =>
      Promise.all(
        ids.map((id) =>
          api(recorder.base, `/api/v1/camera-config/${id}`, {
            method: 'PATCH',
            token,
            body: JSON.stringify({
              recording_enabled: true,
              recording_segment_seconds: SEGMENT,
              transport_security: 'plaintext_allowed',
              detect_stream: detectStream,
            }),
          }),
        ),
      );
    await configure('sub');
    for (const id of ids) await addLiveModel(recorder.base, token, id);
    const measure = async (settleS = WARMUP_S): Promise<RoleFigures> => {
      await sleep(settleS);
      for (const camera of [...mains, ...subs]) camera.resetMaxSessions();
      const grabbers = childrenOf(recorder.child.pid!, 'ffmpeg').filter(isGrabber);
      const keyframesOnly = grabbers.every((pid) => cmdline(pid).includes('nokey'));
      const grabberPct = await cpuOver(grabbers, () => sleep(Math.min(DURATION_S, 60)));
      return {
        grabberPct: grabberPct / SUB_CAMERAS,
        decodedFps: keyframesOnly ? FPS / GOP : FPS,
        mainSessions: sum(mains.map((camera) => camera.maxSessions)) / SUB_CAMERAS,
        subSessions: sum(subs.map((camera) => camera.maxSessions)) / SUB_CAMERAS,
      };
    };
    console.log(`phase 3: ${SUB_CAMERAS} cameras with a substream, the AI role on the substream…`);
    const sub = await measure();
    console.log('… and on the main stream');
    await configure('main');
    // The substreams nobody reads any more are closed after the hub's linger time: counted only after it.
    const main = await measure(Math.max(WARMUP_S, PULL_LINGER_MS / 1000 + 5));
    return { sub, main };
  } finally {
    await stop(recorder.child);
    await Promise.all([...mains, ...subs].map((camera) => camera.close()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  describeMachine('bench:recording');
  console.log(
    `${CAMERAS} cameras (${WIDTH}x${HEIGHT}, ${FPS} fps, H.264), ${SEGMENT} s chunks, live AI at 1 frame/s and one HLS viewer each; ` +
      `${DURATION_S} s measured after ${WARMUP_S} s, per phase`,
  );
  buildRecorder();
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-rec-'));
  const bareDir = mkdtempSync(join(tmpdir(), 'nvr-bench-bare-'));
  const cameras: TestCamera[] = [];
  const bare: ChildProcess[] = [];
  const viewers = new AbortController();
  const recorder = await startRecorder({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  try {
    for (let i = 0; i < CAMERAS; i++)
      cameras.push(await startTestCamera({ width: WIDTH, height: HEIGHT, fps: FPS, gop: GOP }));
    const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);

    // Live start on a recording camera nobody watches yet: the stream is already flowing.
    const ids: number[] = [];
    for (const [i, camera] of cameras.entries()) {
      const created = await api(recorder.base, '/api/v1/cameras?force=true', {
        method: 'POST',
        token,
        body: JSON.stringify({ name: `bench ${i}`, ip_address: '127.0.0.1', rtsp_url: camera.url }),
      });
      const id = created.id as number;
      ids.push(id);
      await api(recorder.base, `/api/v1/camera-config/${id}`, {
        method: 'PATCH',
        token,
        body: JSON.stringify({
          recording_enabled: true,
          recording_segment_seconds: SEGMENT,
          transport_security: 'plaintext_allowed',
        }),
      });
    }
    await sleep(5);
    const liveStart = performance.now();
    const live = await fetch(`${recorder.base}/api/v1/cameras/${ids[0]!}/live/index.m3u8`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!live.ok) throw new Error(`live playlist: ${live.status}`);
    const liveMs = performance.now() - liveStart;

    for (const id of ids) {
      await addLiveModel(recorder.base, token, id);
      watchLive(recorder.base, token, id, viewers.signal);
    }
    console.log('phase 1: the recorder, one session per camera…');
    await sleep(WARMUP_S);
    for (const camera of cameras) camera.resetMaxSessions();
    const recorderPid = recorder.child.pid!;
    const ffmpeg = childrenOf(recorderPid, 'ffmpeg');
    const grabbers = ffmpeg.filter(isGrabber);
    const keyframesOnly = grabbers.filter((pid) => cmdline(pid).includes('nokey')).length;
    const windowStart = Date.now();
    const nodeBefore = cpuSeconds(recorderPid);
    let oursGrabPct = 0;
    const oursPct = await cpuOver(ffmpeg, async () => {
      oursGrabPct = await cpuOver(grabbers, () => sleep(DURATION_S));
    });
    const nodePct = ((cpuSeconds(recorderPid) - nodeBefore) / DURATION_S) * 100;
    const windowEnd = Date.now();
    const oursSessions = sum(cameras.map((camera) => camera.maxSessions)) / CAMERAS;

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
    // Evidence: an export of a minute of phase 1 with its evidence, beside a plain one, while the recorder runs.
    const exportMinute = `start_unix=${Math.floor(windowStart / 1000)}&end_unix=${Math.floor(windowStart / 1000) + 60}`;
    const timedExport = async (query: string) => {
      const started = performance.now();
      const answer = await fetch(
        `${recorder.base}/api/v1/recordings/${ids[0]!}/export?${exportMinute}${query}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      const bytes = (await answer.arrayBuffer()).byteLength;
      if (!answer.ok) throw new Error(`export${query}: ${answer.status}`);
      return { ms: performance.now() - started, bytes };
    };
    const plainExport = await timedExport('');
    const evidenceExport = await timedExport('&evidence=true');
    // The end-to-end latency, on the recorder's own clock-code camera, before the recorder stops.
    console.log('live latency…');
    const latency = await measureLiveLatency(recorder.base, token);
    viewers.abort();
    await stop(recorder.child);
    // Nothing of the recorder may still read a camera when the baseline starts.
    const left = await Promise.race([
      Promise.all(cameras.map((camera) => camera.sessionsReach(0))).then(() => 0),
      sleep(30).then(() => sum(cameras.map((camera) => camera.sessions))),
    ]);
    if (left > 0) console.log(`warning: ${left} RTSP sessions still open 30 s after the recorder stopped`);

    const roles = await substreamPhase();

    console.log('phase 4: evidence — hashing the chunks of phase 1, signing chain heads…');
    const recorded = chunkFilesIn(join(dataDir, 'recordings')).filter((file) => {
      const startMs = Number(file.slice(file.lastIndexOf('/') + 1, -'.mp4'.length));
      return startMs >= windowStart && startMs < windowEnd;
    });
    const hashBefore = process.cpuUsage();
    let hashedBytes = 0;
    for (const file of recorded) {
      await sha256File(file);
      hashedBytes += statSync(file).size;
    }
    const hashCpu = process.cpuUsage(hashBefore);
    const hashSeconds = (hashCpu.user + hashCpu.system) / 1e6;
    const windowSeconds = (windowEnd - windowStart) / 1000;
    const { privateKey } = generateKeyPairSync('ed25519');
    const SIGNATURES = 2000;
    const signBefore = process.cpuUsage();
    for (let i = 0; i < SIGNATURES; i++)
      signHead({ camera_id: 1, seq: i, hash: 'a'.repeat(64), signed_at_ms: Date.now() }, privateKey);
    const signCpu = process.cpuUsage(signBefore);
    const signMs = (signCpu.user + signCpu.system) / 1000 / SIGNATURES;

    console.log('phase 2: the same load as separate pulls…');
    for (const [i, camera] of cameras.entries())
      bare.push(...separatePulls(camera.url, join(bareDir, `${i}`)));
    await sleep(WARMUP_S);
    for (const camera of cameras) camera.resetMaxSessions();
    let bareGrabPct = 0;
    const barePct = await cpuOver(
      bare.map((b) => b.pid!),
      async () => {
        bareGrabPct = await cpuOver(bare.map((b) => b.pid!).filter(isGrabber), () => sleep(DURATION_S));
      },
    );
    const bareSessions = sum(cameras.map((camera) => camera.maxSessions)) / CAMERAS;

    const pixels = (decodedFps: number) => (WIDTH * HEIGHT * decodedFps).toLocaleString('en');
    const oursDecodedFps = keyframesOnly === grabbers.length ? FPS / GOP : FPS;
    console.log('\n| measure | one session per camera (recorder) | separate pulls (baseline) | target |');
    console.log('|---|---|---|---|');
    console.log(`| RTSP sessions per camera | ${oursSessions.toFixed(2)} | ${bareSessions.toFixed(2)} | 1 |`);
    console.log(
      `| ffmpeg CPU, per camera | ${(oursPct / CAMERAS).toFixed(2)} % of a core (${ffmpeg.length} processes) | ${(barePct / CAMERAS).toFixed(2)} % (${bare.length} processes) | |`,
    );
    console.log(
      `| recorder Node process CPU, per camera | ${(nodePct / CAMERAS).toFixed(3)} % of a core (total ${nodePct.toFixed(2)} %) | — (no recorder) | < 0.5 % |`,
    );
    console.log(
      `| chunks indexed in the window | ${chunks} (expected ≈ ${Math.floor(DURATION_S / SEGMENT) * CAMERAS}) | — | |`,
    );
    console.log(`| gaps ≥ 1 s between consecutive chunks | ${missing} | — | 0 |`);
    console.log(
      `| AI role: decoded pixels/s per camera | ${pixels(oursDecodedFps)} (${keyframesOnly}/${grabbers.length} grabbers decode keyframes only) | ${pixels(FPS)} (every frame) | |`,
    );
    console.log(
      `| AI role: frame grabber ffmpeg CPU per camera | ${(oursGrabPct / CAMERAS).toFixed(2)} % | ${(bareGrabPct / CAMERAS).toFixed(2)} % | |`,
    );
    console.log(
      `| live: first request → playable HLS playlist (recording camera) | ${liveMs.toFixed(0)} ms | | |`,
    );
    printLatency(latency);

    console.log(
      `\n| evidence, per camera (${recorded.length} chunks of phase 1 hashed, ${(hashedBytes / 1e6).toFixed(1)} MB) | CPU |`,
    );
    console.log('|---|---|');
    console.log(
      `| recording ffmpeg (phase 1: segmenting + the live fan-out, frame grabbers excluded) | ${((oursPct - oursGrabPct) / CAMERAS).toFixed(2)} % of a core |`,
    );
    console.log(
      `| SHA-256 of its chunks as they are indexed | ${((hashSeconds / windowSeconds / CAMERAS) * 100).toFixed(3)} % of a core (${(hashedBytes / 1e6 / Math.max(hashSeconds, 1e-9)).toFixed(0)} MB/s) |`,
    );
    console.log(
      `| signing its chain head once a minute | ${((signMs / 60_000) * 100).toFixed(5)} % of a core (${signMs.toFixed(3)} ms a signature) |`,
    );
    console.log('\n| export of 60 s of one camera | time | bytes |');
    console.log('|---|---|---|');
    console.log(
      `| plain MP4 | ${plainExport.ms.toFixed(0)} ms | ${plainExport.bytes.toLocaleString('en')} |`,
    );
    console.log(
      `| evidence ZIP (original chunks, signed manifest) | ${evidenceExport.ms.toFixed(0)} ms | ${evidenceExport.bytes.toLocaleString('en')} |`,
    );

    const pixelsOf = (size: { width: number; height: number }, figures: RoleFigures) =>
      (size.width * size.height * figures.decodedFps).toLocaleString('en');
    const sessionsOf = (figures: RoleFigures) =>
      `${(figures.mainSessions + figures.subSessions).toFixed(2)} (main ${figures.mainSessions.toFixed(2)}, sub ${figures.subSessions.toFixed(2)})`;
    console.log(
      `\n| AI role, ${SUB_CAMERAS} cameras with a ${MAIN_SIZE.width}x${MAIN_SIZE.height} main stream and a ${SUB_SIZE.width}x${SUB_SIZE.height} substream | on the substream (detect_stream 'sub', default) | on the main stream (baseline) |`,
    );
    console.log('|---|---|---|');
    console.log(
      `| decoded pixels/s per camera | ${pixelsOf(SUB_SIZE, roles.sub)} | ${pixelsOf(MAIN_SIZE, roles.main)} |`,
    );
    console.log(
      `| frame grabber ffmpeg CPU per camera | ${roles.sub.grabberPct.toFixed(2)} % of a core | ${roles.main.grabberPct.toFixed(2)} % |`,
    );
    console.log(`| RTSP sessions per camera | ${sessionsOf(roles.sub)} | ${sessionsOf(roles.main)} |`);
  } finally {
    viewers.abort();
    for (const b of bare) b.kill('SIGTERM');
    await stop(recorder.child);
    await Promise.all(cameras.map((camera) => camera.close()));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bareDir, { recursive: true, force: true });
  }
}

/** Every `<ms>.mp4` under the recordings root (the cameras' YYYY/MM/DD directories). */
function chunkFilesIn(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/^\d+\.mp4$/.test(entry.name)) files.push(path);
    }
  };
  walk(root);
  return files;
}

await main();
