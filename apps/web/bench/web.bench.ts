// npm run bench:web — the web app as a person meets it, on this machine, with a baseline from the same run:
//   1. JavaScript and CSS the first screen loads, in bytes on the wire as the recorder serves them to a browser
//      that accepts Brotli and gzip (target < 250 KB), beside their uncompressed size and React + ReactDOM alone
//      (compressed as the build compresses the app's files: Brotli at its best quality).
//   2. Sign-in to a 4-tile layout with every tile playing (target < 3 s): cold over HLS (nobody was watching those
//      cameras), cold over WebRTC (cameras with webrtc_publisher), and warm (already live), beside the recorder
//      alone: stream ticket to a playable live playlist over the API, no browser.
//   3. A 16-tile wall in one chromium (two tabs showing it) for 60 s: browser CPU, recorder CPU (Node + its
//      ffmpeg), and upstream RTSP connections per camera, beside the same 60 s with nobody watching. Every camera
//      records meanwhile, as in an NVR.
//   4. The Recordings timeline of a camera with 7 days of 10 s chunks (60,480): first render (target < 500 ms), a
//      zoom change (< 500 ms), click-to-first-frame (< 1.5 s) and the stall where playback at 1× crosses a chunk
//      boundary (< 250 ms). Baseline, from the same run: the same page for a camera with one hour of the same
//      chunks (360), so the cost of the week itself shows; for the stall, the longest gap between frames over the
//      same length of playback inside one chunk (what the picture does when there is no boundary). Seeding: a test
//      camera records ~30 s through the recorder (10 s chunks); its whole chunks are hard-linked under the
//      paths the recorder itself derives (`cam-<id>/YYYY/MM/DD/<start ms>.mp4`), one per 10 s of the week, and
//      their rows bulk-inserted into the recorder's `recordings` table (its SQLite file, as the coverage test
//      does), so the coverage and playlist endpoints and the chunk downloads serve real, playable files.
//      Definitions, all measured inside the page: "drawn" is the timeline slider showing the expected span
//      (data-view-start/end), its wrapper no longer aria-busy (the spans of that range have arrived) and at least
//      one recorded span <rect> in it, seen at an animation frame; first render counts from navigation start
//      (performance.timeOrigin), a zoom from the `+` keydown (pressed once the calendar beside the timeline has
//      its month as well: the steady state, not the first 100 ms); click-to-first-frame from the pointerup to the
//      video's first requestVideoFrameCallback after it (for a click inside the loaded hour: after its `seeked`);
//      the stall is the longest gap between presented frames while the playhead is within 2 s of the boundary.
//      The footage ends now; the browser's time zone is one where it is past 02:00, so the hour the clicks play
//      lies on the day the page opens with. The cameras take turns run by run.
//   Review with 1,000 incidents: see review.bench-section.ts; the recordings screen with 5,000 detections in a
//   day: see timeline-detections.bench-section.ts.
// Environment: BENCH_DURATION (seconds, section 3), BENCH_ONLY=timeline (sections 1 and 4 only, ~4 minutes),
// BENCH_ONLY=review (sections 1 and Review only), BENCH_ONLY=timeline-detections (that section alone),
// BENCH_TIMELINE_RUNS (repetitions in section 4, default 5), BENCH_DEBUG=1 (section 4 prints the requests of
// each first render with their start and end, ms after navigation).
import { execFileSync, spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { request } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  buildRecorder,
  childrenOf,
  cpuSeconds,
  describeMachine,
  login,
  root,
  startRecorder,
  stop,
} from '../../recorder/bench/harness.js';
import { openDatabase, type DatabaseHandle } from '../../recorder/src/platform/db/database.js';
import { launchChromium } from '../../recorder/test/helpers/browser-player.js';
import { startTestCamera, type TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';
import {
  ADMIN_PASSWORD,
  addCamera,
  chunkPath,
  median,
  recordRealChunks,
  signIn,
  type RealChunk,
} from './bench-support.js';
import { reviewBench } from './review.bench-section.js';
import { timelineDetectionsBench } from './timeline-detections.bench-section.js';

const CAMERAS = 16;
const WALL_SECONDS = Number(process.env.BENCH_DURATION ?? 60);
const web = join(root, 'apps/web');

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** One GET as a browser that takes Brotli and gzip sends it: the body's bytes as they came, and how encoded. */
function onTheWire(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${url}: ${response.statusCode}`));
        const bytes = parts.reduce((sum, part) => sum + part.length, 0);
        resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' });
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * 1. What index.html makes the browser fetch before the first screen (entry script, preloads, style sheets), asked
 * of a recorder serving the build: bytes on the wire, and the files' own size.
 */
async function bundleSizes(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-bundle-'));
  const recorder = await startRecorder({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  const sizes = { js: { wire: 0, raw: 0, files: 0 }, css: { wire: 0, raw: 0, files: 0 } };
  const encodings = new Set<string>();
  try {
    const index = await fetch(`${recorder.base}/`);
    if (!index.ok) throw new Error(`the recorder serves no web app: ${index.status}`);
    const page = await index.text();
    const files = [...page.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1]!,
    );
    for (const file of files) {
      const wire = await onTheWire(`${recorder.base}/${file}`);
      encodings.add(wire.encoding);
      const kind = file.endsWith('.css') ? sizes.css : sizes.js;
      kind.wire += wire.bytes;
      kind.raw += readFileSync(join(web, 'dist', file)).length;
      kind.files++;
    }
  } finally {
    await stop(recorder.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  // The floor of any React app: React and ReactDOM's client, minified for production, nothing else.
  const floor = await build({
    stdin: {
      contents: "import 'react'; import { createRoot } from 'react-dom/client'; console.log(createRoot);",
      resolveDir: web,
    },
    bundle: true,
    minify: true,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const floorRaw = floor.outputFiles[0]!.contents;
  // Compressed as apps/web/scripts/compress-dist.mjs compresses the app's files.
  const floorWire = brotliCompressSync(floorRaw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: floorRaw.length,
    },
  }).length;
  console.log(
    `\n| first screen, as the recorder serves it (${[...encodings].join(', ')}) | on the wire | uncompressed | target |`,
  );
  console.log('|---|---|---|---|');
  console.log(
    `| JavaScript (${sizes.js.files} file${sizes.js.files === 1 ? '' : 's'}) | ${kb(sizes.js.wire)} | ${kb(sizes.js.raw)} | |`,
  );
  console.log(
    `| CSS (${sizes.css.files} file${sizes.css.files === 1 ? '' : 's'}) | ${kb(sizes.css.wire)} | ${kb(sizes.css.raw)} | |`,
  );
  console.log(
    `| total | ${kb(sizes.js.wire + sizes.css.wire)} | ${kb(sizes.js.raw + sizes.css.raw)} | < 250 KB on the wire |`,
  );
  console.log(`| baseline: React + ReactDOM alone (Brotli) | ${kb(floorWire)} | ${kb(floorRaw.length)} | |`);
}

/** Every <video> of the page shows moving pictures. */
async function allPlaying(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const videos = Array.from(document.querySelectorAll('video'));
      return videos.length === n && videos.every((video) => video.currentTime > 0 && video.readyState >= 2);
    },
    count,
    { timeout: 60_000, polling: 50 },
  );
}

/** ms from pressing "Sign in" on the layout's deep link to all four tiles playing, in a fresh profile. */
async function signInToWall(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel('Username').waitFor();
  const started = performance.now();
  await signIn(page);
  await allPlaying(page, 4);
  const elapsed = performance.now() - started;
  await context.close();
  return elapsed;
}

/** The recorder alone: stream ticket, then the live playlist players open (answered once playable). */
async function apiToPlayable(base: string, token: string, cameraId: number): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${base}/api/v1/cameras/${cameraId}/stream-ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const ticket = (await answer.json()) as { hls_url: string };
  for (;;) {
    const response = await fetch(`${base}${ticket.hls_url}`);
    // The multivariant playlist is answered once the first segment can be played.
    if (response.ok && (await response.text()).includes('#EXT-X-STREAM-INF'))
      return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Established TCP connections to a camera's RTSP port (the client side of each: one per upstream session). */
function upstreamConnections(port: number): number {
  const out = execFileSync('ss', ['-Htn', 'state', 'established', `( dport = :${port} )`], {
    encoding: 'utf8',
  });
  return out.split('\n').filter((line) => line.trim()).length;
}

/** CPU seconds of the children a process has waited for (cutime + cstime in /proc/<pid>/stat). */
function reapedChildrenCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function chromiumPids(): number[] {
  const result = spawnSync('pgrep', ['-f', 'chromium'], { encoding: 'utf8' });
  return result.stdout.split('\n').filter(Boolean).map(Number);
}

/** 2 and 3: the live wall. */
async function liveWall(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-web-'));
  const cameras: TestCamera[] = [];
  const recorder = await startRecorder({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  let browser: Browser | null = null;
  try {
    const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);
    const ids: number[] = [];
    for (let i = 0; i < CAMERAS; i++) {
      const camera = await startTestCamera({ width: 320, height: 180, fps: 10, gop: 10 });
      cameras.push(camera);
      const created = await api(recorder.base, '/api/v1/cameras?force=true', {
        method: 'POST',
        token,
        body: JSON.stringify({ name: `Camera ${i + 1}`, ip_address: '127.0.0.1', rtsp_url: camera.url }),
      });
      ids.push(created.id as number);
      await api(recorder.base, `/api/v1/camera-config/${String(created.id)}`, {
        method: 'PATCH',
        token,
        body: JSON.stringify({
          transport_security: 'plaintext_allowed',
          recording_enabled: true,
          recording_segment_seconds: 10,
          webrtc_publisher: i >= 12,
        }),
      });
    }
    const layout = (first: number) => ({
      id: `four-${first}`,
      name: `Four from ${first + 1}`,
      enabled: true,
      grid_columns: 2,
      grid_rows: 2,
      tiles: [0, 1, 2, 3].map((i) => ({ row: Math.floor(i / 2), col: i % 2, camera_id: ids[first + i]! })),
    });
    for (const first of [0, 4, 12]) {
      await api(recorder.base, '/api/v1/layouts', {
        method: 'POST',
        token,
        body: JSON.stringify(layout(first)),
      });
    }
    browser = await launchChromium();

    // 2. Cold: layouts of cameras nobody has watched (HLS twice, WebRTC once); warm: the first layout again.
    const layoutWall = (first: number) =>
      signInToWall(browser!, `${recorder.base}/live/layout/four-${first}`);
    const cold = [await layoutWall(0), await layoutWall(4)];
    const coldWebrtc = [await layoutWall(12)];
    const warm = [await layoutWall(0), await layoutWall(0), await layoutWall(0)];
    const floor: number[] = [];
    for (const id of ids.slice(8, 11)) floor.push(await apiToPlayable(recorder.base, token, id));
    const row = (title: string, values: number[], target: string) =>
      console.log(
        `| ${title} | ${(median(values) / 1000).toFixed(2)} s | ${values.map((value) => `${(value / 1000).toFixed(2)} s`).join(', ')} | ${target} |`,
      );
    console.log('\n| sign-in to a 4-tile layout, all playing | median | runs | target |');
    console.log('|---|---|---|---|');
    row('cold over HLS (cameras nobody watched)', cold, '< 3 s');
    row('cold over WebRTC (webrtc_publisher)', coldWebrtc, '< 3 s');
    row('warm (cameras already live)', warm, '< 3 s');
    row('baseline: recorder alone, ticket → playable live playlist (cold)', floor, '');

    // 3. The same 60 s with nobody watching, then with the 16-tile wall in two tabs.
    const recorderPid = recorder.child.pid!;
    // Node, the ffmpeg processes running now, and those that ended (reaped children count in the parent's stat).
    const recorderCpu = () =>
      cpuSeconds(recorderPid) +
      reapedChildrenCpu(recorderPid) +
      childrenOf(recorderPid, 'ffmpeg').reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const browserCpu = () => chromiumPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const connections = () => cameras.map((camera) => upstreamConnections(camera.port));
    // Let the live streams of the runs above end (nobody watches them any more): recording alone is left.
    for (let waited = 0; waited < 180 && connections().some((count) => count > 1); waited++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const idleConnections = connections();
    let mark = { recorder: recorderCpu(), browser: browserCpu(), at: performance.now() };
    await new Promise((resolve) => setTimeout(resolve, WALL_SECONDS * 1000));
    const idle = {
      recorder: recorderCpu() - mark.recorder,
      browser: browserCpu() - mark.browser,
      seconds: (performance.now() - mark.at) / 1000,
    };

    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    const wall = await context.newPage();
    await wall.goto(`${recorder.base}/live`);
    await signIn(wall);
    await allPlaying(wall, CAMERAS);
    const second = await context.newPage();
    await second.setViewportSize({ width: 1600, height: 900 });
    await second.goto(`${recorder.base}/live`);
    await allPlaying(second, CAMERAS);
    mark = { recorder: recorderCpu(), browser: browserCpu(), at: performance.now() };
    await new Promise((resolve) => setTimeout(resolve, WALL_SECONDS * 1000));
    const watched = {
      recorder: recorderCpu() - mark.recorder,
      browser: browserCpu() - mark.browser,
      seconds: (performance.now() - mark.at) / 1000,
    };
    const watchedConnections = connections();
    const stillPlaying = await wall.evaluate(
      () => Array.from(document.querySelectorAll('video')).filter((video) => !video.paused).length,
    );
    await context.close();

    const pct = (cpu: number, seconds: number) => `${((cpu / seconds) * 100).toFixed(1)} % of a core`;
    const perCamera = (counts: number[]) =>
      `${Math.min(...counts)}–${Math.max(...counts)} (total ${counts.reduce((a, b) => a + b, 0)})`;
    console.log(
      `\n| ${CAMERAS} cameras, ${WALL_SECONDS} s | nobody watching (baseline) | 16-tile wall in 2 tabs |`,
    );
    console.log('|---|---|---|');
    console.log(
      `| chromium CPU | ${pct(idle.browser, idle.seconds)} | ${pct(watched.browser, watched.seconds)} |`,
    );
    console.log(
      `| recorder CPU (Node + ffmpeg) | ${pct(idle.recorder, idle.seconds)} | ${pct(watched.recorder, watched.seconds)} |`,
    );
    console.log(
      `| upstream RTSP connections per camera | ${perCamera(idleConnections)} | ${perCamera(watchedConnections)} |`,
    );
    console.log(`| tiles still playing at the end (first tab) | | ${stillPlaying} of ${CAMERAS} |`);
  } finally {
    await browser?.close();
    await stop(recorder.child);
    await Promise.all(cameras.map((camera) => camera.close()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// 4. The Recordings timeline of a week of 10 s chunks (see the header for what is measured and how).
const CHUNK_MS = 10_000;
const HOUR_MS = 3600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;
const TIMELINE_RUNS = Number(process.env.BENCH_TIMELINE_RUNS ?? 5);

/** A whole chunk the recorder wrote for the source camera: what the seeded rows' files are hard links of. */
/**
 * One row per 10 s of [fromMs, toMs) for the camera, each with its own hard link to one of the real chunks under
 * the path the engine would give it, inserted into the recorder's `recordings` table 2,000 rows at a time.
 */
async function seedFootage(
  database: DatabaseHandle,
  recordingsDir: string,
  cameraId: number,
  fromMs: number,
  toMs: number,
  real: RealChunk[],
): Promise<number> {
  const made = new Set<string>();
  const createdAt = new Date().toISOString();
  const rows = [];
  for (let startMs = fromMs, i = 0; startMs < toMs; startMs += CHUNK_MS, i++) {
    const chunk = real[i % real.length]!;
    const path = chunkPath(cameraId, startMs);
    const target = join(recordingsDir, path);
    if (!made.has(dirname(target))) mkdirSync(dirname(target), { recursive: true });
    made.add(dirname(target));
    linkSync(chunk.file, target);
    rows.push({
      camera_id: cameraId,
      start_ms: startMs,
      end_ms: startMs + Math.round(chunk.durationSeconds * 1000),
      duration_seconds: chunk.durationSeconds,
      size_bytes: chunk.sizeBytes,
      path,
      created_at: createdAt,
    });
  }
  for (let i = 0; i < rows.length; i += 2000) {
    await database.db
      .insertInto('recordings')
      .values(rows.slice(i, i + 2000))
      .execute();
  }
  return rows.length;
}

/** A time zone where it is at least 02:00 now: the last hour of footage and 40 minutes before it are "today". */
function timeZoneWithAnHourOfToday(): string {
  const zones = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles'];
  const hour = (timeZone: string) =>
    Number(
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()),
    );
  return zones.find((zone) => hour(zone) >= 2)!;
}

/** What the page-side measurements keep on `window`. */
interface BenchWindow {
  benchKeyAt: number;
  benchClick: { at: number; frame: number };
  benchFrames: { now: number; playhead: number }[];
  benchOnFrame: VideoFrameRequestCallback;
}

/**
 * In the page, polled at animation frames: `performance.now()` once the timeline shows a view between `min` and
 * `max` ms wide, the spans of that view have arrived (its wrapper is not aria-busy) and a recorded span is drawn.
 */
function drawnAt([min, max]: [number, number]): number | false {
  const bar = document.querySelector<HTMLElement>('[role="slider"][data-view-start]');
  if (!bar) return false;
  const span = Number(bar.dataset.viewEnd) - Number(bar.dataset.viewStart);
  if (span < min || span > max || bar.closest('[aria-busy="true"]')) return false;
  return bar.querySelector('rect[data-span-start]') ? performance.now() : false;
}

const DAY_VIEW: [number, number] = [23 * HOUR_MS, 25 * HOUR_MS];
const TWELVE_HOURS: [number, number] = [12 * HOUR_MS, 12 * HOUR_MS];

async function drawn(page: Page, view: [number, number]): Promise<number> {
  const handle = await page.waitForFunction(drawnAt, view, { polling: 'raf', timeout: 30_000 });
  return (await handle.jsonValue()) as number;
}

/** The x, y of the instant `ms` on the timeline as it is drawn now. */
async function pointOf(page: Page, ms: number): Promise<{ x: number; y: number }> {
  const bar = page.getByRole('slider', { name: /^Timeline/ });
  const box = (await bar.boundingBox())!;
  const start = Number(await bar.getAttribute('data-view-start'));
  const end = Number(await bar.getAttribute('data-view-end'));
  if (ms <= start || ms >= end) throw new Error(`${ms} is outside the view ${start}–${end}`);
  return { x: box.x + ((ms - start) / (end - start)) * box.width, y: box.y + box.height / 2 };
}

const playhead = async (page: Page) =>
  Number(await page.getByRole('slider', { name: /^Timeline/ }).getAttribute('aria-valuenow'));

/**
 * ms from the pointerup of a click at `ms` to the video's first presented frame after it: any frame when nothing
 * was loaded (`afterSeek` false), else the first after the `seeked` the click caused.
 */
async function clickToFrame(page: Page, ms: number, afterSeek: boolean): Promise<number> {
  // No named functions in page code: tsx would wrap them in a helper the page does not have.
  await page.evaluate((seek) => {
    const w = window as unknown as BenchWindow;
    const video = document.querySelector('video')!;
    w.benchClick = { at: 0, frame: 0 };
    w.benchOnFrame = () => (w.benchClick.frame = performance.now());
    document.addEventListener(
      'pointerup',
      () => {
        w.benchClick.at = performance.now();
        if (seek)
          video.addEventListener('seeked', () => video.requestVideoFrameCallback(w.benchOnFrame), {
            once: true,
          });
      },
      { capture: true, once: true },
    );
    if (!seek) video.requestVideoFrameCallback(w.benchOnFrame);
  }, afterSeek);
  const point = await pointOf(page, ms);
  await page.mouse.click(point.x, point.y);
  const handle = await page.waitForFunction(
    () => {
      const click = (window as unknown as BenchWindow).benchClick;
      return click.frame > 0 && { ms: click.frame - click.at };
    },
    undefined,
    { timeout: 30_000 },
  );
  const { ms: elapsed } = (await handle.jsonValue()) as { ms: number };
  // The picture is that of the instant clicked (within the pixel the click hit).
  const box = (await page.getByRole('slider', { name: /^Timeline/ }).boundingBox())!;
  const perPixel = (12 * HOUR_MS) / box.width;
  const shown = await playhead(page);
  if (Math.abs(shown - ms) > 2 * perPixel + 2000) throw new Error(`clicked ${ms}, playing ${shown}`);
  return elapsed;
}

/**
 * While the video plays at 1× from where it is: the longest gap between presented frames with the playhead
 * within 2 s of the next chunk boundary, and (the baseline) over 4 s in the middle of the chunk after it.
 */
async function boundaryStall(page: Page, gridMs: number): Promise<{ boundary: number; inside: number }> {
  const from = await playhead(page);
  let boundary = gridMs + Math.ceil((from - gridMs) / CHUNK_MS) * CHUNK_MS;
  if (boundary - from < 2500) boundary += CHUNK_MS;
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    const video = document.querySelector('video')!;
    const bar = document.querySelector('[role="slider"][data-view-start]')!;
    w.benchFrames = [];
    w.benchOnFrame = (now) => {
      w.benchFrames.push({ now, playhead: Number(bar.getAttribute('aria-valuenow')) });
      video.requestVideoFrameCallback(w.benchOnFrame);
    };
    video.requestVideoFrameCallback(w.benchOnFrame);
  });
  await page.waitForFunction(
    (until) => ((window as unknown as BenchWindow).benchFrames.at(-1)?.playhead ?? 0) >= until,
    boundary + 7500,
    { timeout: 60_000, polling: 100 },
  );
  const frames = await page.evaluate(() => (window as unknown as BenchWindow).benchFrames);
  const longestGap = (low: number, high: number) => {
    let longest = 0;
    for (let i = 1; i < frames.length; i++) {
      if (frames[i]!.playhead >= low && frames[i - 1]!.playhead <= high)
        longest = Math.max(longest, frames[i]!.now - frames[i - 1]!.now);
    }
    return longest;
  };
  return {
    boundary: longestGap(boundary - 2000, boundary + 2000),
    inside: longestGap(boundary + 3000, boundary + 7000),
  };
}

interface TimelineFigures {
  firstRender: number[];
  zoom: number[];
  coldClick: number[];
  seekClick: number[];
  stall: number[];
  stallInside: number[];
}

function noFigures(): TimelineFigures {
  return { firstRender: [], zoom: [], coldClick: [], seekClick: [], stall: [], stallInside: [] };
}

/** One run on a camera whose footage ends at `endMs` (on the 10 s grid), in a freshly loaded page. */
async function timelineRun(page: Page, url: string, endMs: number, run: number, figures: TimelineFigures) {
  await page.goto(url);
  figures.firstRender.push(await drawn(page, DAY_VIEW));
  if (process.env.BENCH_DEBUG)
    console.log(
      url,
      figures.firstRender.at(-1),
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map(
            (e) =>
              `${e.name.replace(location.origin, '').slice(0, 90)} ${Math.round(e.startTime)}→${Math.round((e as PerformanceResourceTiming).responseEnd)}`,
          )
          .join('\n'),
      ),
    );
  // A zoom in the steady state: once the calendar (asked for after the timeline's spans) has its month too.
  await page.locator('button[data-has-footage="true"]').first().waitFor();
  await page.getByRole('slider', { name: /^Timeline/ }).focus();
  await page.evaluate(() =>
    document.addEventListener(
      'keydown',
      () => ((window as unknown as BenchWindow).benchKeyAt = performance.now()),
      { capture: true, once: true },
    ),
  );
  await page.keyboard.press('Shift+Equal'); // "+"
  const zoomed = await drawn(page, TWELVE_HOURS);
  figures.zoom.push(zoomed - (await page.evaluate(() => (window as unknown as BenchWindow).benchKeyAt)));
  // A different stretch each run, so no run finds the previous one's chunks in a cache.
  const clicked = endMs - 40 * 60_000 - run * 3 * 60_000;
  figures.coldClick.push(await clickToFrame(page, clicked, false));
  figures.seekClick.push(await clickToFrame(page, clicked + 10 * 60_000, true));
  const { boundary, inside } = await boundaryStall(page, endMs);
  figures.stall.push(boundary);
  figures.stallInside.push(inside);
}

/** ms of a GET with the access token, median of five. */
async function apiTime(base: string, token: string, path: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const response = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

async function timelineBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-timeline-'));
  const recordingsDir = join(dataDir, 'recordings');
  const recorder = await startRecorder({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  const camera = await startTestCamera({ width: 640, height: 360, fps: 15, gop: 15 });
  let browser: Browser | null = null;
  try {
    const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);
    console.log('\nrecording ~30 s of a test camera, then seeding a week of 10 s chunks…');
    const real = await recordRealChunks(recorder.base, token, recordingsDir, camera.url);
    const week = await addCamera(recorder.base, token, 'Week', camera.url);
    const hour = await addCamera(recorder.base, token, 'Hour', camera.url);
    const endMs = Math.floor(Date.now() / CHUNK_MS) * CHUNK_MS;
    const database = openDatabase({ dialect: 'sqlite', file: join(dataDir, 'recorder.sqlite') });
    const seedStarted = performance.now();
    let seeded: number;
    try {
      seeded = await seedFootage(database, recordingsDir, week, endMs - WEEK_MS, endMs, real);
      await seedFootage(database, recordingsDir, hour, endMs - HOUR_MS, endMs, real);
    } finally {
      await database.close();
    }
    console.log(
      `seeded ${seeded} chunks (hard links of ${real.length} recorded ones) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      timezoneId: timeZoneWithAnHourOfToday(),
    });
    const page = await context.newPage();
    await page.goto(`${recorder.base}/recordings/${week}`);
    await signIn(page);
    await drawn(page, DAY_VIEW);
    // Quiet before the first measured navigation: the calendar's month query (asked for last) has been answered.
    await page.locator('button[data-has-footage="true"]').first().waitFor();
    // The two cameras take turns, so neither has the warmer caches.
    const weekly = noFigures();
    const hourly = noFigures();
    for (let run = 0; run < TIMELINE_RUNS; run++) {
      await timelineRun(page, `${recorder.base}/recordings/${week}`, endMs, run, weekly);
      await timelineRun(page, `${recorder.base}/recordings/${hour}`, endMs, run, hourly);
    }
    await context.close();

    const ms = (value: number) => `${Math.round(value)} ms`;
    const row = (title: string, values: number[], baseline: number[], target: string) =>
      console.log(
        `| ${title} | ${ms(median(values))} | ${ms(Math.max(...values))} | ${ms(median(baseline))} | ${ms(Math.max(...baseline))} | ${target} |`,
      );
    console.log(
      `\n| timeline, ${TIMELINE_RUNS} runs | 7 days (${seeded} chunks): median | max | baseline: median | max | target |`,
    );
    console.log('|---|---|---|---|---|---|');
    console.log('| *baseline: the same page, a camera with 1 hour (360 chunks)* | | | | | |');
    row('first render (navigation → spans drawn)', weekly.firstRender, hourly.firstRender, '< 500 ms');
    row('zoom change (+ key, 24 h → 12 h, re-drawn)', weekly.zoom, hourly.zoom, '< 500 ms');
    row('click → first frame (nothing loaded yet)', weekly.coldClick, hourly.coldClick, '< 1.5 s');
    row('click → first frame (inside the loaded hour)', weekly.seekClick, hourly.seekClick, '< 1.5 s');
    console.log('| *baseline: the same playback, 4 s inside one chunk* | | | | | |');
    row('longest gap between frames at a chunk boundary, 1×', weekly.stall, weekly.stallInside, '< 250 ms');
    row('the same, 1-hour camera', hourly.stall, hourly.stallInside, '< 250 ms');

    // The API alone, no browser: what the page asks for its day view and for the hour it plays.
    const today = new Date(endMs);
    today.setUTCHours(0, 0, 0, 0);
    const dayQuery = `start_unix=${today.getTime() / 1000}&end_unix=${today.getTime() / 1000 + 86_400}&min_gap_seconds=86`;
    const hourQuery = `start_unix=${(endMs - 45 * 60_000) / 1000}&end_unix=${(endMs + 15 * 60_000) / 1000}`;
    // One after the other: the recorder answers SQLite queries on its event loop, one at a time.
    const apiRow = async (title: string, path: (id: number) => string) =>
      row(
        title,
        await apiTime(recorder.base, token, path(week)),
        await apiTime(recorder.base, token, path(hour)),
        '',
      );
    console.log('\n| the API alone, 5 requests | 7 days: median | max | 1 hour: median | max | |');
    console.log('|---|---|---|---|---|---|');
    await apiRow(
      'coverage of a day (UTC), 86 s gaps merged',
      (id) => `/api/v1/recordings/${id}/coverage?${dayQuery}`,
    );
    // What the calendar asks for: the month (at most 31 days) before today's end, 10-minute gaps merged.
    const month = `start_unix=${today.getTime() / 1000 - 30 * 86_400}&end_unix=${today.getTime() / 1000 + 86_400}&min_gap_seconds=600`;
    await apiRow(
      'coverage of 31 days (the calendar), 10 min gaps merged',
      (id) => `/api/v1/recordings/${id}/coverage?${month}`,
    );
    await apiRow(
      'HLS playlist of an hour (360 chunks)',
      (id) => `/api/v1/recordings/${id}/playlist.m3u8?${hourQuery}`,
    );
  } finally {
    await browser?.close();
    await stop(recorder.child);
    await camera.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  describeMachine('bench:web');
  buildRecorder();
  execFileSync(process.execPath, [join(web, 'scripts/test-setup.mjs')], { stdio: 'inherit' });
  if (process.env.BENCH_ONLY === 'timeline-detections') return timelineDetectionsBench();
  await bundleSizes();
  const only = process.env.BENCH_ONLY;
  if (!only) await liveWall();
  if (!only || only === 'timeline') await timelineBench();
  if (!only) await timelineDetectionsBench();
  if (!only || only === 'review') await reviewBench();
}

await main();
