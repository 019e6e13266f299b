// A section of npm run bench:web (web.bench.ts calls it last; BENCH_ONLY=timeline-detections runs it alone): the
// Recordings screen of a camera with 5,000 detections in its day, while it plays, beside the same screen of a camera
// with none (the baseline, same run, same footage). Measured inside the page, per run:
//   - long tasks (PerformanceObserver 'longtask', tasks over 50 ms): their number and the longest, from the first
//     byte of the page until the picture plays ("opening"), and over the measured playback with a playhead drag
//     in it ("playing");
//   - pointer moves while dragging the playhead along the timeline (60 moves, one per animation frame at most, as
//     playwright sends them): the time from each pointermove's timeStamp to the next animation frame after it,
//     i.e. until the browser can paint what the move changed (the handlers, React's render and commit included).
// Seeding, as section 4 does: a test camera records ~30 s through the recorder (10 s chunks); its whole chunks are
// hard-linked as an hour of chunks (ending now) for each of two cameras, their rows and the detection results
// bulk-inserted into the recorder's SQLite file: 5,000 findings for "Busy", in 250 bursts of 20 (one a second)
// spread evenly over the day so far (the browser's day: a time zone where it is past 02:00), none for "Quiet".
// Environment: BENCH_TIMELINE_DETECTION_RUNS (runs per camera, default 3; the cameras take turns).
import { linkSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { api, login, startRecorder, stop } from '../../recorder/bench/harness.js';
import {
  ADMIN_PASSWORD,
  addCamera,
  chunkPath,
  median,
  recordRealChunks,
  signIn,
  type RealChunk,
} from './bench-support.js';
import { openDatabase, type DatabaseHandle } from '../../recorder/src/platform/db/database.js';
import { launchChromium } from '../../recorder/test/helpers/browser-player.js';
import { startTestCamera } from '../../recorder/test/helpers/rtsp-camera.js';

const CHUNK_MS = 10_000;
const HOUR_MS = 3600_000;
const FINDINGS = 5000;
const BURST = 20;
const RUNS = Number(process.env.BENCH_TIMELINE_DETECTION_RUNS ?? 3);
/** How long the measured playback lasts (the drag is in the middle of it). */
const PLAYING_MS = 8000;
const MOVES = 60;

interface Figures {
  openingLongTasks: number[];
  openingLongest: number[];
  playingLongTasks: number[];
  playingLongest: number[];
  /** every pointermove of every run: ms to the next animation frame */
  moves: number[];
}

const noFigures = (): Figures => ({
  openingLongTasks: [],
  openingLongest: [],
  playingLongTasks: [],
  playingLongest: [],
  moves: [],
});

/** A source camera records through the recorder until it has 3 whole 10 s chunks; then it stops. */
/** An hour of chunk rows (hard links of the real chunks) ending at `endMs`. */
async function seedHour(
  database: DatabaseHandle,
  dir: string,
  cameraId: number,
  endMs: number,
  real: RealChunk[],
) {
  const rows = [];
  for (let startMs = endMs - HOUR_MS, i = 0; startMs < endMs; startMs += CHUNK_MS, i++) {
    const chunk = real[i % real.length]!;
    const path = chunkPath(cameraId, startMs);
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    linkSync(chunk.file, join(dir, path));
    rows.push({
      camera_id: cameraId,
      start_ms: startMs,
      end_ms: startMs + Math.round(chunk.durationSeconds * 1000),
      duration_seconds: chunk.durationSeconds,
      size_bytes: chunk.sizeBytes,
      path,
      created_at: new Date().toISOString(),
    });
  }
  for (let i = 0; i < rows.length; i += 2000)
    await database.db
      .insertInto('recordings')
      .values(rows.slice(i, i + 2000))
      .execute();
}

/** 5,000 findings of a model on the camera, in bursts of 20 spread evenly over [fromMs, toMs). */
async function seedFindings(database: DatabaseHandle, cameraId: number, fromMs: number, toMs: number) {
  const now = new Date().toISOString();
  const model = await database.db
    .insertInto('ai_models')
    .values({
      name: 'Bench people',
      model_name: 'person_detection',
      task: 'object_detection',
      enabled: false,
      source_type: 'live',
      inference_interval: null,
      assigned_camera_id: cameraId,
      config: null,
      recording_path: null,
      created_at: now,
      updated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bursts = FINDINGS / BURST;
  const every = (toMs - fromMs) / bursts;
  const rows = [];
  for (let burst = 0; burst < bursts; burst++) {
    for (let i = 0; i < BURST; i++) {
      const at = new Date(Math.round(fromMs + burst * every + i * 1000)).toISOString();
      rows.push({
        model_id: model.id,
        camera_id: cameraId,
        task: 'object_detection',
        label: 'person',
        caption: null,
        annotated_image_uri: null,
        confidence: 0.8,
        count: 1,
        bbox_x: 10,
        bbox_y: 10,
        bbox_width: 50,
        bbox_height: 100,
        latency_ms: 40,
        executed_at: at,
        created_at: at,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000)
    await database.db
      .insertInto('ai_detection_results')
      .values(rows.slice(i, i + 1000))
      .execute();
}

/** A time zone where it is at least 02:00 now, and its local midnight (ms): the seeded hour is on "today". */
function timeZoneWithAnHourOfToday(): { timeZone: string; dayStartMs: number } {
  const now = Date.now();
  for (const timeZone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(now))
        .map((part) => [part.type, Number(part.value)]),
    );
    const hour = parts.hour!;
    if (hour >= 2) {
      const sinceMidnight = ((hour * 60 + parts.minute!) * 60 + parts.second!) * 1000 + (now % 1000);
      return { timeZone, dayStartMs: now - sinceMidnight };
    }
  }
  throw new Error('no time zone past 02:00');
}

/** What the page-side measurements keep on `window`. */
interface BenchWindow {
  benchLongTasks: { start: number; duration: number }[];
  benchMoves: number[];
}

/** Installed before the page's own scripts: long tasks from the first one on, and pointer moves when asked. */
function observeInPage(): void {
  const w = window as unknown as BenchWindow;
  w.benchLongTasks = [];
  w.benchMoves = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      w.benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // Capture phase on window: before React's handlers; the frame after them is when the move can be painted.
  window.addEventListener(
    'pointermove',
    (event) => {
      if (event.buttons === 0) return;
      requestAnimationFrame(() => w.benchMoves.push(performance.now() - event.timeStamp));
    },
    { capture: true },
  );
}

/** One run: open the camera at an instant of its hour, play, drag the playhead meanwhile, keep playing. */
async function run(page: Page, url: string, expectBands: boolean, figures: Figures): Promise<void> {
  await page.goto(url);
  const slider = page.getByRole('slider', { name: /^Timeline/ });
  await page.locator('div[aria-busy="false"]:has([role="slider"]) [data-span-start]').first().waitFor();
  if (expectBands) await page.locator('[data-band="detection"]').first().waitFor();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForFunction(
    () => {
      const video = document.querySelector('video');
      return !!video && !video.paused && video.currentTime > 0.5;
    },
    undefined,
    { timeout: 30_000, polling: 100 },
  );
  const playingFrom = await page.evaluate(() => performance.now());
  await page.waitForTimeout(PLAYING_MS / 2);
  // A drag along the middle half of the bar: the playhead follows the pointer, the preview with it.
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.25, y);
  await page.mouse.down();
  for (let i = 1; i <= MOVES; i++) await page.mouse.move(box.x + box.width * (0.25 + (0.5 * i) / MOVES), y);
  await page.mouse.up();
  await page.waitForTimeout(PLAYING_MS / 2);
  // The frame after the last move has come by now (PLAYING_MS / 2 later).
  const { tasks, moves } = await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    return { tasks: w.benchLongTasks, moves: w.benchMoves };
  });
  const opening = tasks.filter((task) => task.start < playingFrom);
  const playing = tasks.filter((task) => task.start >= playingFrom);
  const longest = (list: typeof tasks) => Math.max(0, ...list.map((task) => task.duration));
  figures.openingLongTasks.push(opening.length);
  figures.openingLongest.push(longest(opening));
  figures.playingLongTasks.push(playing.length);
  figures.playingLongest.push(longest(playing));
  figures.moves.push(...moves);
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export async function timelineDetectionsBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-detections-'));
  const recordingsDir = join(dataDir, 'recordings');
  const recorder = await startRecorder({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  const camera = await startTestCamera({ width: 640, height: 360, fps: 15, gop: 15 });
  let browser: Browser | null = null;
  try {
    const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);
    console.log('\nrecording ~30 s of a test camera, then seeding an hour of chunks and 5,000 detections…');
    const real = await recordRealChunks(recorder.base, token, recordingsDir, camera.url);
    const busy = await addCamera(recorder.base, token, 'Busy', camera.url);
    const quiet = await addCamera(recorder.base, token, 'Quiet', camera.url);
    const endMs = Math.floor(Date.now() / CHUNK_MS) * CHUNK_MS;
    const { timeZone, dayStartMs } = timeZoneWithAnHourOfToday();
    const database = openDatabase({ dialect: 'sqlite', file: join(dataDir, 'recorder.sqlite') });
    try {
      await seedHour(database, recordingsDir, busy, endMs, real);
      await seedHour(database, recordingsDir, quiet, endMs, real);
      await seedFindings(database, busy, dayStartMs, endMs);
    } finally {
      await database.close();
    }
    const activity = await api(
      recorder.base,
      `/api/v1/recordings/${busy}/activity?start_unix=${Math.floor(dayStartMs / 1000)}&end_unix=${Math.ceil(endMs / 1000)}&kind=detection&min_gap_seconds=0`,
      { token },
    );
    const ranges = activity.ranges as { count: number }[];
    console.log(
      `seeded: ${ranges.reduce((sum, range) => sum + range.count, 0)} findings on the Busy camera's day, ${ranges.length} ranges at the finest gap the recorder allows for it (${activity.min_gap_seconds as number} s)`,
    );

    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      timezoneId: timeZone,
    });
    await context.addInitScript(observeInPage);
    const page = await context.newPage();
    await page.goto(`${recorder.base}/recordings/${quiet}`);
    await signIn(page);
    await page.getByRole('slider', { name: /^Timeline/ }).waitFor();
    const at = endMs - 40 * 60_000;
    const busyFigures = noFigures();
    const quietFigures = noFigures();
    // The default view of each day (on the footage) and the whole day (zoom=0: all 5,000 findings in range).
    for (let i = 0; i < RUNS; i++) {
      const zoom = i % 2 === 0 ? '' : '&zoom=0';
      await run(page, `${recorder.base}/recordings/${busy}?t=${at}${zoom}`, true, busyFigures);
      await run(page, `${recorder.base}/recordings/${quiet}?t=${at}${zoom}`, false, quietFigures);
    }
    await context.close();

    const ms = (value: number) => `${Math.round(value)} ms`;
    const row = (title: string, pick: (figures: Figures) => number[], show: (values: number[]) => string) =>
      console.log(`| ${title} | ${show(pick(busyFigures))} | ${show(pick(quietFigures))} |`);
    const counts = (values: number[]) => `median ${median(values)}, max ${Math.max(...values)}`;
    const durations = (values: number[]) => `median ${ms(median(values))}, max ${ms(Math.max(...values))}`;
    console.log(
      `\n| recordings screen while playing, ${RUNS} runs each (day view and footage view in turn), 1440×900 | Busy: 5,000 detections in the day | baseline: Quiet, none |`,
    );
    console.log('|---|---|---|');
    row('long tasks opening the page (count)', (f) => f.openingLongTasks, counts);
    row('longest long task opening the page', (f) => f.openingLongest, durations);
    row(
      `long tasks while playing ${PLAYING_MS / 1000} s with a drag (count)`,
      (f) => f.playingLongTasks,
      counts,
    );
    row('longest long task while playing', (f) => f.playingLongest, durations);
    row(
      `pointermove → next frame while dragging the playhead (${MOVES} moves a run)`,
      (f) => f.moves,
      (values) =>
        `median ${ms(median(values))}, p95 ${ms(quantile(values, 0.95))}, max ${ms(Math.max(...values))}`,
    );
  } finally {
    await browser?.close();
    await stop(recorder.child);
    await camera.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
