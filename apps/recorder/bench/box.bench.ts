// npm run bench:box — cameras per box (issue #35 item 5): how many cameras one machine carries with each camera
// recorded, motion-watched (5 pictures/s, the default) and analysed by a person_detection model on motion, and
// one of them watched live (an HLS viewer). The cameras are one pre-encoded H.264 clip (OpenCV's vtest.avi
// pedestrians, scaled to 1280×720, 10 fps, a keyframe a second, encoded once) served over RTSP by
// h264_cameras.py without re-encoding, so they cost next to nothing — their CPU is measured and printed.
// Phases, each on a fresh recorder (the adapter, 2 workers, stays up):
//   1. the floor: one ffmpeg per camera remuxing its stream into MP4 chunks, nothing else
//   2. the recorder with AI off: recording, motion and the live viewer
//   3. the full load at N = BENCH_CAMERAS (default 1,2,4,8), stopping at the first N over 60 % of the box, then
//      bisecting between the largest N carried under it and the next N tried (BENCH_REFINE=0 skips it); a run
//      carries its cameras when ≥ 80 % of the pictures due were analysed
//   4. the motion decoder before and after skipping H.264's deblocking (greyFramesArgs): both decode the same
//      camera streams side by side in the same window, fed by one remuxer per camera
// CPU is CPU time (utime + stime from /proc) of the recorder's Node process, its ffmpeg children and the adapter
// (its worker threads included) over BENCH_DURATION seconds (default 30) after BENCH_WARMUP (default 20); the
// rest of the machine's load in the same window is printed beside it (the machine may be shared).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { greyFramesArgs } from '../src/media/ffmpeg/args.js';
import { VTEST, startAdapterProcess, type AdapterProcess } from '../test/helpers/adapter-process.js';
import {
  api,
  buildRecorder,
  childrenOf,
  cmdline,
  cpuSeconds,
  describeMachine,
  freePort,
  login,
  reapedChildrenCpuSeconds,
  startRecorder,
  stop,
  watchLive,
} from './harness.js';

const STEPS = (process.env.BENCH_CAMERAS ?? '1,2,4,8').split(',').map(Number);
const BASELINE_CAMERAS = Number(process.env.BENCH_BASELINE_CAMERAS ?? 4);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 20);
const REFINE = process.env.BENCH_REFINE !== '0';
/** Seconds between a model's pictures: 1 is the shortest inference_interval the API accepts. */
const DETECT_INTERVAL_S = Number(process.env.BENCH_DETECT_INTERVAL ?? 1);
const LIMIT_PCT_OF_BOX = 60;
/** Pictures due per camera each second: the walkers never stop, so the camera is always in motion. */
const DUE_PER_S = 1 / DETECT_INTERVAL_S;
/** A run carries its cameras when at least this share of the pictures due were analysed. */
const CARRIED = 0.8;
const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 10;
const CORES = cpus().length;
const ADMIN_PASSWORD = 'bench-admin-password';
const CAMERA_SCRIPT = new URL('./h264_cameras.py', import.meta.url).pathname;
/** Frigate's docs: 9 cameras detecting at 2 fps take about 80–115 % of one CPU (their CPU detector included). */
const FRIGATE = { cameras: 9, fps: 2, lowPct: 80, highPct: 115 };

const sleep = (s: number) => new Promise<void>((resolve) => setTimeout(resolve, s * 1000));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The clip every camera serves: encoded once, never again. */
function encodeClip(target: string): void {
  const result = spawnSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-y', '-ss', '2', '-t', '30', '-i', VTEST, '-an'],
      ...['-vf', `scale=${WIDTH}:${HEIGHT},fps=${FPS}`, '-c:v', 'libx264', '-preset', 'veryfast'],
      ...['-profile:v', 'main', '-bf', '0', '-g', String(FPS), '-keyint_min', String(FPS)],
      ...['-sc_threshold', '0', '-b:v', '2M', '-pix_fmt', 'yuv420p', target],
    ],
    { stdio: 'inherit' },
  );
  if (result.status !== 0)
    throw new Error(`could not encode the clip from ${VTEST} (apt-get install opencv-doc)`);
}

interface CameraServer {
  child: ChildProcess;
  url(index: number): string;
}

/** h264_cameras.py serving `count` cameras of the clip. */
async function startCameras(clip: string, count: number): Promise<CameraServer> {
  const port = await freePort();
  const child = spawn(
    '/usr/bin/python3',
    [CAMERA_SCRIPT, '--port', String(port), '--clip', clip, '--cameras', String(count)].concat([
      '--fps',
      String(FPS),
      '--width',
      String(WIDTH),
      '--height',
      String(HEIGHT),
    ]),
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`camera server exited (${code})`)));
  });
  return { child, url: (index) => `rtsp://127.0.0.1:${port}/cam${index}` };
}

/** Busy and total jiffies of the whole machine (/proc/stat), to tell how loaded it was. */
function machineJiffies(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + fields[4]!;
  const total = sum(fields.slice(0, 8));
  return { busy: total - idle, total };
}

/** What each of the recorder's ffmpeg processes does, from its command line. */
const ROLES = ['camera (ingest + recording)', 'motion', 'AI pictures', 'live'] as const;
function roleOf(pid: number): (typeof ROLES)[number] {
  const args = cmdline(pid).join(' ');
  if (args.includes('format=gray')) return 'motion';
  if (args.includes('image2pipe')) return 'AI pictures';
  if (args.includes('rtsp://')) return 'camera (ingest + recording)';
  return 'live';
}

interface Figures {
  cameras: number;
  /** % of a core, in all (not per camera) */
  recorder: number;
  ffmpeg: number;
  ffmpegProcesses: number;
  /** ffmpeg (or ffprobe) processes that ended in the window: restarts, probes */
  ffmpegEnded: number;
  /** the recorder's ffmpeg CPU by role, % of a core in all */
  roles: Partial<Record<(typeof ROLES)[number], number>>;
  adapter: number;
  cameraServer: number;
  /** everything else on the machine in the same window, % of a core */
  others: number;
  /** pictures analysed per second per camera, and turns that found the adapter still busy */
  analysedPerS: number;
  failures: number;
}

const ours = (f: Figures) => f.recorder + f.ffmpeg + f.adapter;
const carried = (f: Figures) => f.analysedPerS >= CARRIED * DUE_PER_S;
const ofBox = (pctOfCore: number) => pctOfCore / CORES;

/**
 * CPU of each group of processes over DURATION_S (% of a core), after WARMUP_S; `atStart` runs as the window
 * opens. Each group is listed again at the end: a process that started in the window counts from zero, one that
 * ended is left out (`ended` counts them) — except in `reaped.group`, which gets the CPU its parent's children
 * spent before they ended (cutime + cstime), so its total is whole. `machine`: the whole machine's busy time.
 */
async function measure(
  groups: Record<string, () => number[]>,
  options: { atStart?: () => Promise<void>; reaped?: { group: string; parent: number } } = {},
): Promise<Record<string, number>> {
  await sleep(WARMUP_S);
  await options.atStart?.();
  const before = new Map<string, Map<number, number>>();
  for (const [name, list] of Object.entries(groups))
    before.set(name, new Map(list().map((pid) => [pid, cpuSeconds(pid)])));
  const reapedBefore = options.reaped ? reapedChildrenCpuSeconds(options.reaped.parent) : 0;
  const machineBefore = machineJiffies();
  const started = performance.now();
  await sleep(DURATION_S);
  const seconds = (performance.now() - started) / 1000;
  const machineAfter = machineJiffies();
  const result: Record<string, number> = { ended: 0 };
  for (const [name, list] of Object.entries(groups)) {
    const then = before.get(name)!;
    const now = new Map(list().map((pid) => [pid, cpuSeconds(pid)]));
    let used = sum([...now].map(([pid, cpu]) => cpu - (then.get(pid) ?? 0)));
    const ended = [...then.keys()].filter((pid) => !now.has(pid));
    if (name === options.reaped?.group) {
      used += reapedChildrenCpuSeconds(options.reaped.parent) - reapedBefore;
      used -= sum(ended.map((pid) => then.get(pid)!));
      result.ended! += ended.length;
    }
    result[name] = (used / seconds) * 100;
  }
  // /proc/stat counts in USER_HZ ticks (100 a second) across all cores.
  result.machine = ((machineAfter.busy - machineBefore.busy) / 100 / seconds) * 100;
  return result;
}

/** Phase 1: one plain ffmpeg per camera copying its stream into 10 s MP4 chunks (what recording alone costs). */
async function floor(server: CameraServer, count: number, work: string): Promise<Figures> {
  const remuxers = Array.from({ length: count }, (_, i) => {
    const dir = join(work, `floor-${i}`);
    mkdirSync(dir, { recursive: true });
    return spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostats', '-rtsp_transport', 'tcp', '-i', server.url(i)],
        ...['-map', '0:v:0', '-c', 'copy', '-f', 'segment', '-segment_time', '10', '-segment_format', 'mp4'],
        ...['-reset_timestamps', '1', join(dir, '%06d.mp4')],
      ],
      { stdio: 'ignore' },
    );
  });
  try {
    const cpu = await measure({
      ffmpeg: () => remuxers.map((r) => r.pid!),
      cameraServer: () => [server.child.pid!],
    });
    return {
      cameras: count,
      recorder: 0,
      ffmpeg: cpu.ffmpeg!,
      ffmpegProcesses: remuxers.length,
      ffmpegEnded: 0,
      roles: {},
      adapter: 0,
      cameraServer: cpu.cameraServer!,
      others: cpu.machine! - cpu.ffmpeg! - cpu.cameraServer!,
      analysedPerS: 0,
      failures: 0,
    };
  } finally {
    for (const remuxer of remuxers) remuxer.kill('SIGTERM');
  }
}

/**
 * Phase 4: the motion decoder as the recorder runs it (greyFramesArgs) and the same without skipping the
 * deblocking filter (as before issue #35), each camera's stream remuxed once to MPEG-TS (as the fan-out sends it)
 * and fed to both at once: % of a core per camera for each.
 */
async function motionDecoders(
  server: CameraServer,
  count: number,
): Promise<{ product: number; full: number }> {
  const product = greyFramesArgs(5, 320, 180);
  const full = product.filter(
    (arg, i) => arg !== '-skip_loop_filter' && product[i - 1] !== '-skip_loop_filter',
  );
  const children: ChildProcess[] = [];
  const decoders = { product: [] as number[], full: [] as number[] };
  for (let i = 0; i < count; i++) {
    const remuxer = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostats', '-rtsp_transport', 'tcp', '-i', server.url(i)],
        ...['-map', '0:v:0', '-c', 'copy', '-f', 'mpegts', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    children.push(remuxer);
    for (const [name, args] of [
      ['product', product],
      ['full', full],
    ] as const) {
      // stdout (the grey pictures) and fd 3 (progress) drained, as the recorder drains them
      const decoder = spawn('ffmpeg', args, { stdio: ['pipe', 'pipe', 'ignore', 'pipe'] });
      decoder.stdout!.resume();
      (decoder.stdio[3] as NodeJS.ReadableStream).resume();
      decoder.stdin!.on('error', () => undefined);
      remuxer.stdout.on('data', (chunk: Buffer) => decoder.stdin!.write(chunk));
      children.push(decoder);
      decoders[name].push(decoder.pid!);
    }
  }
  try {
    const cpu = await measure({ product: () => decoders.product, full: () => decoders.full });
    return { product: cpu.product! / count, full: cpu.full! / count };
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

/** Phases 2 and 3: a fresh recorder with `count` cameras, with or without the person detection model. */
async function recorderRun(
  server: CameraServer,
  adapter: AdapterProcess,
  count: number,
  ai: boolean,
  work: string,
): Promise<Figures> {
  const dataDir = mkdtempSync(join(work, 'data-'));
  const recorder = await startRecorder({
    DATA_DIR: dataDir,
    FRAMES_DIR: adapter.framesDir,
    ADAPTER_URLS: adapter.url,
    ADAPTER_TOKEN_ADAPTER_1: adapter.token,
    ADAPTER_POLL_SECONDS: '2',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  });
  const viewer = new AbortController();
  try {
    const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);
    const call = (path: string, method: string, body?: object) =>
      api(recorder.base, path, { method, token, ...(body ? { body: JSON.stringify(body) } : {}) });
    const modelIds: number[] = [];
    const cameraIds: number[] = [];
    for (let i = 0; i < count; i++) {
      const created = await call('/api/v1/cameras?force=true', 'POST', {
        name: `box ${i}`,
        ip_address: '127.0.0.1',
        rtsp_url: server.url(i),
      });
      const id = created.id as number;
      cameraIds.push(id);
      await call(`/api/v1/camera-config/${id}`, 'PATCH', {
        recording_enabled: true,
        transport_security: 'plaintext_allowed',
      });
      await call(`/api/v1/cameras/${id}/motion`, 'PUT', { enabled: true });
      if (!ai) continue;
      const model = await call('/api/v1/ai-models', 'POST', {
        name: `people ${i}`,
        model_name: 'default',
        task: 'person_detection',
        inference_interval: DETECT_INTERVAL_S,
        assigned_camera_id: id,
        config: JSON.stringify({ trigger: 'on_motion' }),
      });
      modelIds.push(model.id as number);
    }
    watchLive(recorder.base, token, cameraIds[0]!, viewer.signal);
    const analysed = async () => {
      let runs = 0;
      let failures = 0;
      for (const id of modelIds) {
        const status = await call(`/api/v1/ai-models/${id}/status`, 'GET');
        runs += status.runs as number;
        failures += status.failures as number;
      }
      return { runs, failures };
    };
    const recorderPid = recorder.child.pid!;
    let before = { runs: 0, failures: 0 };
    let windowStart = 0;
    const cpu = await measure(
      {
        recorder: () => [recorderPid],
        ffmpeg: () => childrenOf(recorderPid, 'ffmpeg'),
        ...Object.fromEntries(
          ROLES.map((role) => [
            role,
            () => childrenOf(recorderPid, 'ffmpeg').filter((pid) => roleOf(pid) === role),
          ]),
        ),
        adapter: () => [adapter.pid!],
        cameraServer: () => [server.child.pid!],
      },
      {
        atStart: async () => {
          before = await analysed();
          windowStart = performance.now();
        },
        reaped: { group: 'ffmpeg', parent: recorderPid },
      },
    );
    const after = await analysed();
    const seconds = (performance.now() - windowStart) / 1000;
    const ffmpegProcesses = childrenOf(recorderPid, 'ffmpeg').length;
    return {
      cameras: count,
      recorder: cpu.recorder!,
      ffmpeg: cpu.ffmpeg!,
      ffmpegProcesses,
      ffmpegEnded: cpu.ended!,
      roles: Object.fromEntries(ROLES.map((role) => [role, cpu[role]!])),
      adapter: cpu.adapter!,
      cameraServer: cpu.cameraServer!,
      others: cpu.machine! - cpu.recorder! - cpu.ffmpeg! - cpu.adapter! - cpu.cameraServer!,
      analysedPerS: count > 0 ? (after.runs - before.runs) / seconds / count : 0,
      failures: after.failures - before.failures,
    };
  } finally {
    viewer.abort();
    await stop(recorder.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printRows(title: string, rows: { label: string; figures: Figures }[]): void {
  const pct = (value: number) => `${value.toFixed(1)} %`;
  console.log(`\n${title}`);
  console.log(
    '| run | cameras | recorder Node | ffmpeg (processes) | adapter | total | per camera | % of the box | pictures analysed/s per camera | camera server | rest of the machine |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { label, figures: f } of rows) {
    console.log(
      `| ${label} | ${f.cameras} | ${pct(f.recorder)} | ${pct(f.ffmpeg)} (${f.ffmpegProcesses}${f.ffmpegEnded ? `, ${f.ffmpegEnded} ended` : ''}) | ${pct(f.adapter)} | ` +
        `${pct(ours(f))} | ${pct(ours(f) / f.cameras)} | ${pct(ofBox(ours(f)))} | ${f.analysedPerS.toFixed(2)}${f.failures ? ` (${f.failures} failed)` : ''} | ` +
        `${pct(f.cameraServer)} | ${pct(f.others)} |`,
    );
  }
}

function printRoles(rows: { label: string; figures: Figures }[]): void {
  console.log(`\n| the recorder's ffmpeg per camera, by role | ${ROLES.join(' | ')} |`);
  console.log(`|---|${ROLES.map(() => '---|').join('')}`);
  for (const { label, figures: f } of rows)
    console.log(
      `| ${label} | ${ROLES.map((role) => `${((f.roles[role] ?? 0) / f.cameras).toFixed(2)} %`).join(' | ')} |`,
    );
}

async function main() {
  describeMachine('bench:box');
  console.log(
    `cameras: vtest.avi pedestrians ${WIDTH}x${HEIGHT}, ${FPS} fps H.264, a keyframe a second, served without re-encoding; ` +
      `each recorded, motion at 5 pictures/s, person_detection on motion every ${DETECT_INTERVAL_S} s, camera 0 watched live (HLS); ` +
      `${DURATION_S} s measured after ${WARMUP_S} s per run; CPU in % of one core (${CORES} cores = ${CORES * 100} %)`,
  );
  buildRecorder();
  const work = mkdtempSync(join(tmpdir(), 'nvr-bench-box-'));
  const clip = join(work, 'clip.mp4');
  encodeClip(clip);
  const most = Math.max(...STEPS, BASELINE_CAMERAS) * 2;
  const server = await startCameras(clip, most);
  const adapter = await startAdapterProcess({ framesDir: join(work, 'frames'), workers: 2 });
  try {
    console.log(`adapter: ${cmdline(adapter.pid!).slice(1).join(' ')}`);
    console.log(`phase 1: the floor, ${BASELINE_CAMERAS} plain ffmpeg remuxers…`);
    const bare = await floor(server, BASELINE_CAMERAS, work);
    console.log(`phase 2: the recorder with AI off, ${BASELINE_CAMERAS} cameras…`);
    const aiOff = await recorderRun(server, adapter, BASELINE_CAMERAS, false, work);

    const runs = new Map<number, Figures>();
    const run = async (count: number) => {
      console.log(`phase 3: the full load, ${count} camera${count === 1 ? '' : 's'}…`);
      const figures = await recorderRun(server, adapter, count, true, work);
      runs.set(count, figures);
      console.log(
        `  ${ofBox(ours(figures)).toFixed(1)} % of the box (${(ours(figures) / count).toFixed(1)} % of a core per camera), ` +
          `${figures.analysedPerS.toFixed(2)} of ${DUE_PER_S.toFixed(2)} pictures/s per camera analysed`,
      );
      return figures;
    };
    const good = (f: Figures) => carried(f) && ofBox(ours(f)) <= LIMIT_PCT_OF_BOX;
    // Up the steps until the box is over the limit (a machine too busy to carry even one camera still shows
    // what each costs); then bisect between the largest N carried under the limit and the next N tried.
    for (const count of STEPS) if (ofBox(ours(await run(count))) > LIMIT_PCT_OF_BOX) break;
    const tried = () => [...runs.keys()].sort((a, b) => a - b);
    let under = Math.max(0, ...tried().filter((count) => good(runs.get(count)!)));
    let over: number | null = tried().find((count) => count > under) ?? null;
    while (REFINE && over !== null && over - under > 1) {
      const middle = Math.floor((under + over) / 2);
      if (good(await run(middle))) under = middle;
      else over = middle;
    }
    console.log(`phase 4: the motion decoder before and after, ${BASELINE_CAMERAS} cameras side by side…`);
    const decoders = await motionDecoders(server, BASELINE_CAMERAS);

    const fullRows = [...runs.entries()]
      .sort(([a], [b]) => a - b)
      .map(([count, figures]) => ({ label: `full load, ${count}`, figures }));
    printRows('Baselines (same run)', [
      { label: 'floor: plain ffmpeg remux to MP4 chunks', figures: bare },
      { label: 'recorder, AI off (recording + motion + live)', figures: aiOff },
    ]);
    printRows('Full load', fullRows);
    printRoles([{ label: 'recorder, AI off', figures: aiOff }, ...fullRows]);

    // The costs at the full detection rate, from the runs: what the recorder and its ffmpeg spend per camera,
    // and what the adapter spends per picture (a machine busy with other work analyses fewer pictures, so the
    // measured total alone would flatter it).
    const analysing = [...runs.values()].filter((f) => f.analysedPerS > 0);
    const adapterPerPicture =
      sum(analysing.map((f) => f.adapter)) / sum(analysing.map((f) => f.analysedPerS * f.cameras));
    const recorderPerCamera =
      sum([...runs.values()].map((f) => f.recorder + f.ffmpeg)) / sum([...runs.keys()]);
    const projected = recorderPerCamera + adapterPerPicture * DUE_PER_S;
    const largest = runs.get(under);
    console.log(
      `\nmost cameras carried (≥ ${CARRIED * 100} % of the pictures due analysed) under ${LIMIT_PCT_OF_BOX} % of the box, measured: ${under}` +
        (over === null ? ' (every N tried; try larger BENCH_CAMERAS)' : `; ${over} was not`) +
        (largest
          ? ` — ${ofBox(ours(largest)).toFixed(1)} % of the box, ${(ours(largest) / under).toFixed(1)} % of a core per camera`
          : ''),
    );
    console.log(
      `at the full rate (${DUE_PER_S.toFixed(2)} pictures/s per camera): recorder + ffmpeg ${recorderPerCamera.toFixed(1)} % of a core per camera ` +
        `+ adapter ${(adapterPerPicture * 10).toFixed(0)} ms of CPU per picture = ${projected.toFixed(1)} % per camera → ` +
        `${Math.floor((LIMIT_PCT_OF_BOX * CORES) / projected)} cameras under ${LIMIT_PCT_OF_BOX} % of the box`,
    );
    console.log(
      `AI off: recorder ${(aiOff.recorder / aiOff.cameras).toFixed(1)} %, ffmpeg ${(aiOff.ffmpeg / aiOff.cameras).toFixed(1)} % per camera; ` +
        `floor: ffmpeg ${(bare.ffmpeg / bare.cameras).toFixed(2)} % per camera; the camera server ${(bare.cameraServer / bare.cameras).toFixed(2)} % per camera`,
    );
    console.log(
      `motion decoder per camera, same streams, same window: ${decoders.product.toFixed(2)} % of a core skipping the deblocking (greyFramesArgs) ` +
        `against ${decoders.full.toFixed(2)} % decoding in full (before): ${((1 - decoders.product / decoders.full) * 100).toFixed(0)} % less`,
    );
    console.log(
      `Frigate (published): ${FRIGATE.cameras} cameras detecting at ${FRIGATE.fps} fps ≈ ${FRIGATE.lowPct}–${FRIGATE.highPct} % of a CPU, ` +
        `${(FRIGATE.lowPct / FRIGATE.cameras).toFixed(1)}–${(FRIGATE.highPct / FRIGATE.cameras).toFixed(1)} % per camera; here at ${FRIGATE.fps} pictures/s: ` +
        `${(recorderPerCamera + adapterPerPicture * FRIGATE.fps).toFixed(1)} % per camera, ` +
        `${Math.floor((LIMIT_PCT_OF_BOX * CORES) / (recorderPerCamera + adapterPerPicture * FRIGATE.fps))} cameras under ${LIMIT_PCT_OF_BOX} % of the box`,
    );
  } finally {
    await adapter.close();
    server.child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
