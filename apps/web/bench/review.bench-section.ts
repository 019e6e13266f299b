// bench:web, section "Review with 1,000 incidents" (web.bench.ts calls it; alone: BENCH_ONLY=review).
//   The Review screen of a camera with 1,000 unreviewed incidents, beside the same screen of a camera with 20 (the
//   baseline, same run, same recorder). Seeding: 10 different test pictures (ffmpeg's testsrc2, 640×360, and their
//   320 px thumbnails) are hard-linked under the paths the recorder serves an incident's snapshot and thumbnail
//   from (DATA_DIR/review/cam-<id>/<id>.jpg, <id>-thumb.jpg), and the incidents' rows bulk-inserted into its
//   `review_items` table (its SQLite file, as section 4 seeds recordings): one every 3 minutes back from now, one
//   box each, no clip. Measured in chromium at 1280 × 800, inside the page, the two cameras taking turns:
//   - first thumbnails: from navigation start (performance.timeOrigin) to the animation frame where the list is
//     drawn and every row in the viewport has its thumbnail loaded and decoded (img.complete, naturalWidth > 0);
//   - scroll to the end: the page scrolled by one viewport per animation frame from the top to the bottom (a quick
//     fling), from the first scroll to the frame where the last row is in view with its thumbnail decoded;
//   - long tasks (PerformanceObserver 'longtask', > 50 ms) during each of the two, their count and total.
//   The list is paged (REVIEW_PAGE_SIZE, 50 rows a page), so "the end" is the end of the first page; the last
//   page (?page=20) is measured like the first. Environment: BENCH_REVIEW_RUNS (default 5).
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { api, login, startRecorder, stop } from '../../recorder/bench/harness.js';
import { openDatabase } from '../../recorder/src/platform/db/database.js';
import { launchChromium } from '../../recorder/test/helpers/browser-player.js';
import { ADMIN_PASSWORD, median, signIn } from './bench-support.js';

const RUNS = Number(process.env.BENCH_REVIEW_RUNS ?? 5);
const PICTURES = 10;
const EVERY_MS = 3 * 60_000;
const LABELS = ['person', 'car', 'dog', 'bicycle'];

/** What the page-side measurements keep on `window` (the observer is installed before the app's first script). */
interface BenchWindow {
  benchLongTasks: { start: number; duration: number }[];
  benchStep: () => void;
}

/** 10 test pictures and their thumbnails, made by ffmpeg in `dir`. */
function makePictures(dir: string): { snapshot: string; thumbnail: string }[] {
  const source = ['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=1'];
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  execFileSync('ffmpeg', [...quiet, ...source, '-frames:v', String(PICTURES), join(dir, 'snap-%d.jpg')]);
  execFileSync('ffmpeg', [
    ...quiet,
    ...source,
    '-frames:v',
    String(PICTURES),
    '-vf',
    'scale=320:-2',
    join(dir, 'thumb-%d.jpg'),
  ]);
  return Array.from({ length: PICTURES }, (_, i) => ({
    snapshot: join(dir, `snap-${i + 1}.jpg`),
    thumbnail: join(dir, `thumb-${i + 1}.jpg`),
  }));
}

/** `count` incidents of the camera, newest ending now, with their pictures in place. */
async function seedIncidents(
  databaseFile: string,
  reviewDir: string,
  cameraId: number,
  count: number,
  pictures: { snapshot: string; thumbnail: string }[],
): Promise<void> {
  const database = openDatabase({ dialect: 'sqlite', file: databaseFile });
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  try {
    const rows = Array.from({ length: count }, (_, i) => {
      const start = now - (i + 1) * EVERY_MS;
      const label = LABELS[i % LABELS.length]!;
      return {
        camera_id: cameraId,
        start_ms: start,
        end_ms: start + 20_000,
        clip_from_ms: start - 5_000,
        clip_to_ms: start + 25_000,
        severity: i % 5 === 0 ? 'alert' : 'detection',
        labels: JSON.stringify([label]),
        zones: '[]',
        names: '[]',
        track_ids: JSON.stringify([`bench-${cameraId}-${i}`]),
        boxes: JSON.stringify([{ label, confidence: 0.9, x: 0.3, y: 0.3, width: 0.2, height: 0.4 }]),
        has_snapshot: true,
        snapshot_ms: start + 5_000,
        clip_status: 'unavailable',
        reviewed: false,
        reviewed_at: null,
        created_at: createdAt,
        updated_at: createdAt,
        node_id: null,
      };
    });
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await database.db
        .insertInto('review_items')
        .values(rows.slice(i, i + 500))
        .returning('id')
        .execute();
      ids.push(...inserted.map((row) => row.id));
    }
    const dir = join(reviewDir, `cam-${cameraId}`);
    mkdirSync(dir, { recursive: true });
    ids.forEach((id, i) => {
      const picture = pictures[i % pictures.length]!;
      linkSync(picture.snapshot, join(dir, `${id}.jpg`));
      linkSync(picture.thumbnail, join(dir, `${id}-thumb.jpg`));
    });
  } finally {
    await database.close();
  }
}

/**
 * In the page, polled at animation frames: `performance.now()` once the list is drawn and every row in the
 * viewport (or, with `last`, the list's last row, which must be in it) has its thumbnail loaded and decoded.
 */
function thumbnailsShown(last: boolean): number | false {
  // No named functions inside (page code: tsx would wrap them in a helper the page does not have).
  const rows = Array.from(document.querySelectorAll<HTMLElement>('li[data-review-id]'));
  if (rows.length === 0) return false;
  const inView = rows.filter((row) => {
    const box = row.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight;
  });
  const wanted = last ? rows.slice(-1) : inView;
  if (wanted.length === 0 || wanted.some((row) => !inView.includes(row))) return false;
  const ready = wanted.every((row) => {
    const img = row.querySelector('img');
    return img !== null && img.complete && img.naturalWidth > 0;
  });
  return ready ? performance.now() : false;
}

interface Figures {
  first: number[];
  firstLong: number[];
  firstLongMs: number[];
  scroll: number[];
  scrollLong: number[];
  scrollLongMs: number[];
  lastPage: number[];
  rows: number;
}

const noFigures = (): Figures => ({
  first: [],
  firstLong: [],
  firstLongMs: [],
  scroll: [],
  scrollLong: [],
  scrollLongMs: [],
  lastPage: [],
  rows: 0,
});

/** Long tasks that began in [from, to] (ms after navigation): how many, and their total length. */
async function longTasks(page: Page, from: number, to: number): Promise<{ count: number; ms: number }> {
  const tasks = await page.evaluate(() => (window as unknown as BenchWindow).benchLongTasks);
  const inside = tasks.filter((task) => task.start >= from && task.start <= to);
  return { count: inside.length, ms: inside.reduce((sum, task) => sum + task.duration, 0) };
}

async function run(page: Page, base: string, cameraId: number, figures: Figures, lastPage: number) {
  await page.goto(`${base}/review?camera=${cameraId}`);
  const firstHandle = await page.waitForFunction(thumbnailsShown, false, { polling: 'raf', timeout: 60_000 });
  const first = (await firstHandle.jsonValue()) as number;
  figures.first.push(first);
  const firstLong = await longTasks(page, 0, first);
  figures.firstLong.push(firstLong.count);
  figures.firstLongMs.push(firstLong.ms);
  figures.rows = await page.locator('li[data-review-id]').count();
  // One viewport per animation frame, to the bottom (no named functions in page code: tsx helpers).
  const scrollStart = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const w = window as unknown as BenchWindow;
        w.benchStep = () => {
          scrollBy(0, innerHeight);
          if (innerHeight + scrollY < document.documentElement.scrollHeight - 1)
            requestAnimationFrame(w.benchStep);
        };
        requestAnimationFrame(() => {
          const started = performance.now();
          w.benchStep();
          resolve(started);
        });
      }),
  );
  const lastHandle = await page.waitForFunction(thumbnailsShown, true, { polling: 'raf', timeout: 60_000 });
  const lastShown = (await lastHandle.jsonValue()) as number;
  figures.scroll.push(lastShown - scrollStart);
  const scrollLong = await longTasks(page, scrollStart, lastShown);
  figures.scrollLong.push(scrollLong.count);
  figures.scrollLongMs.push(scrollLong.ms);
  if (lastPage > 1) {
    await page.goto(`${base}/review?camera=${cameraId}&page=${lastPage}`);
    const handle = await page.waitForFunction(thumbnailsShown, false, { polling: 'raf', timeout: 60_000 });
    figures.lastPage.push((await handle.jsonValue()) as number);
  }
}

export async function reviewBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-review-'));
  const recorder = await startRecorder({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  let browser: Browser | null = null;
  try {
    const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);
    // Cameras nothing pulls (not recording, nobody watching): only their incidents matter here.
    const addCamera = async (name: string) =>
      (
        await api(recorder.base, '/api/v1/cameras?force=true', {
          method: 'POST',
          token,
          body: JSON.stringify({ name, ip_address: '127.0.0.1', rtsp_url: 'rtsp://127.0.0.1:9/none' }),
        })
      ).id as number;
    const thousand = await addCamera('Thousand');
    const twenty = await addCamera('Twenty');
    const pictures = makePictures(dataDir);
    const seedStarted = performance.now();
    const databaseFile = join(dataDir, 'recorder.sqlite');
    await seedIncidents(databaseFile, join(dataDir, 'review'), thousand, 1000, pictures);
    await seedIncidents(databaseFile, join(dataDir, 'review'), twenty, 20, pictures);
    console.log(
      `\nseeded 1,020 incidents (their pictures hard links of ${PICTURES}) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => {
      const w = window as unknown as BenchWindow;
      w.benchLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    await page.goto(`${recorder.base}/review?camera=${thousand}`);
    await signIn(page);
    await page.waitForFunction(thumbnailsShown, false, { polling: 'raf', timeout: 60_000 });
    const big = noFigures();
    const small = noFigures();
    for (let i = 0; i < RUNS; i++) {
      await run(page, recorder.base, thousand, big, 20);
      await run(page, recorder.base, twenty, small, 1);
    }
    await context.close();

    const ms = (values: number[]) => `${Math.round(median(values))} ms`;
    const max = (values: number[]) => `${Math.round(Math.max(...values))} ms`;
    const count = (values: number[], totals: number[]) => `${median(values)} (${ms(totals)})`;
    console.log(
      `\n| Review, ${RUNS} runs | 1,000 incidents: median | max | baseline, 20 incidents: median | max |`,
    );
    console.log('|---|---|---|---|---|');
    console.log(`| rows on the first page | ${big.rows} | | ${small.rows} | |`);
    console.log(
      `| navigation → first thumbnails decoded and visible | ${ms(big.first)} | ${max(big.first)} | ${ms(small.first)} | ${max(small.first)} |`,
    );
    console.log(
      `| long tasks meanwhile: count (total) | ${count(big.firstLong, big.firstLongMs)} | | ${count(small.firstLong, small.firstLongMs)} | |`,
    );
    console.log(
      `| scroll to the end → last row's thumbnail shown | ${ms(big.scroll)} | ${max(big.scroll)} | ${ms(small.scroll)} | ${max(small.scroll)} |`,
    );
    console.log(
      `| long tasks meanwhile: count (total) | ${count(big.scrollLong, big.scrollLongMs)} | | ${count(small.scrollLong, small.scrollLongMs)} | |`,
    );
    console.log(
      `| the last page (?page=20): navigation → thumbnails | ${ms(big.lastPage)} | ${max(big.lastPage)} | | |`,
    );
  } finally {
    await browser?.close();
    await stop(recorder.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
