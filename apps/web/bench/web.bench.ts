// npm run bench:web — the web app as a person meets it, on this machine, with a baseline from the same run:
//   1. JavaScript and CSS the first screen loads, gzipped (target < 250 KB), beside React + ReactDOM alone.
//   2. Sign-in to a 4-tile layout with every tile playing (target < 3 s): cold over HLS (nobody was watching those
//      cameras), cold over WebRTC (cameras with webrtc_publisher), and warm (already live), beside the recorder
//      alone: stream ticket to a playable live playlist over the API, no browser.
//   3. A 16-tile wall in one chromium (two tabs showing it) for 60 s: browser CPU, recorder CPU (Node + its
//      ffmpeg), and upstream RTSP connections per camera, beside the same 60 s with nobody watching. Every camera
//      records meanwhile, as in an NVR.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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
import { launchChromium } from '../../recorder/test/helpers/browser-player.js';
import { startTestCamera, type TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';

const CAMERAS = 16;
const WALL_SECONDS = Number(process.env.BENCH_DURATION ?? 60);
const ADMIN_PASSWORD = 'bench-admin-password';
const web = join(root, 'apps/web');

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** 1. What index.html makes the browser fetch before the first screen: entry script, preloads, style sheets. */
async function bundleSizes(): Promise<void> {
  const html = readFileSync(join(web, 'dist/index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(web, 'dist', file)), { level: 9 }).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
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
  const floorSize = gzipSync(floor.outputFiles[0]!.contents, { level: 9 }).length;
  console.log('\n| first screen, gzipped | size | target |');
  console.log('|---|---|---|');
  console.log(`| JavaScript (${files.filter((f) => f.endsWith('.js')).length} files) | ${kb(js)} | |`);
  console.log(`| CSS | ${kb(css)} | |`);
  console.log(`| total | ${kb(js + css)} | < 250 KB |`);
  console.log(`| baseline: React + ReactDOM alone | ${kb(floorSize)} | |`);
}

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
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

async function main(): Promise<void> {
  describeMachine('bench:web');
  buildRecorder();
  execFileSync(process.execPath, [join(web, 'scripts/test-setup.mjs')], { stdio: 'inherit' });
  await bundleSizes();

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

await main();
