// The web app in Debian's chromium against a real recorder: sign-in, reading the clock the test cameras burn
// into their frames from the page's <video> elements, and axe-core over the current screen.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { TestApp } from '../../recorder/test/helpers/app.js';
import { launchChromium } from '../../recorder/test/helpers/browser-player.js';
import { CLOCK_CODE_DECODER_SOURCE, CLOCK_CODE_WINDOW_MS } from '../../recorder/test/helpers/clock-code.js';
import { startTestCamera, type TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The wall-clock time (unix ms) each playing <video> of the page shows, by its `data-camera-id`, read from the
 * test camera's clock code (rtsp_camera.py --clock-code); null for a frame without a readable code.
 */
export function shownClocks(page: Page): Promise<Record<string, number | null>> {
  // A string, not a function: the shared decoder's source is spliced in (page.evaluate cannot pass functions).
  return page.evaluate(
    `(${clocksOfVideos.toString()})(${CLOCK_CODE_DECODER_SOURCE}, ${CLOCK_CODE_WINDOW_MS})`,
  );
}

// Runs in the page. Self-contained: its source is evaluated there.
function clocksOfVideos(
  decode: (luma: (x: number, y: number) => number, near: number, windowMs: number) => number | null,
  windowMs: number,
): Record<string, number | null> {
  const width = 32 + 24 * 24;
  const height = 24 + 2 * 24;
  const out: Record<string, number | null> = {};
  for (const video of Array.from(document.querySelectorAll('video'))) {
    const id = video.dataset.cameraId ?? '?';
    out[id] = null;
    if (video.videoWidth < width || video.videoHeight < height) continue;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(video, 0, 0);
    const pixels = context.getImageData(0, 0, width, height).data;
    out[id] = decode((x, y) => pixels[(y * width + x) * 4]!, Date.now(), windowMs);
  }
  return out;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core over the page as it is; only the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline script) is not bent for the test.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/**
 * Debian's chromium for a test file, with every page's console errors and uncaught exceptions collected in
 * `problems` (a file asserts it empty at the end). A failed request a step provokes on purpose (a wrong
 * password's 401) is logged by Chrome as a console error: list its status in `expectedStatuses` meanwhile.
 */
export interface WatchedBrowser {
  readonly problems: string[];
  readonly expectedStatuses: Set<number>;
  /** a fresh profile (no cookies, no storage) and a page in it; `options`: e.g. a phone's touch screen */
  newPage(
    viewport?: { width: number; height: number },
    options?: Omit<BrowserContextOptions, 'viewport'>,
  ): Promise<{ context: BrowserContext; page: Page }>;
  /** another tab of a profile `newPage` made, watched alike */
  newTab(context: BrowserContext): Promise<Page>;
  close(): Promise<void>;
}

export async function openWatchedBrowser(): Promise<WatchedBrowser> {
  const browser = await launchChromium();
  const problems: string[] = [];
  const expectedStatuses = new Set<number>();
  const watched = (page: Page): Page => {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const failed = /^Failed to load resource: the server responded with a status of (\d+)/.exec(
        message.text(),
      );
      if (failed && expectedStatuses.has(Number(failed[1]))) return;
      problems.push(`${page.url()}: console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    return page;
  };
  return {
    problems,
    expectedStatuses,
    async newPage(viewport = { width: 1280, height: 800 }, options = {}) {
      const context = await browser.newContext({ ...options, viewport });
      return { context, page: watched(await context.newPage()) };
    },
    newTab: async (context) => watched(await context.newPage()),
    close: () => browser.close(),
  };
}

/**
 * A GStreamer test camera (its clock code burned in) added to the recorder by `token`'s user, with plain RTSP
 * allowed (the test camera has no TLS) and any further stream config given.
 */
export async function addTestCamera(
  t: TestApp,
  name: string,
  config: Record<string, unknown> = {},
  source: Parameters<typeof startTestCamera>[0] = {
    clockCode: true,
    width: 640,
    height: 360,
    fps: 15,
    gop: 15,
  },
): Promise<{ id: number; source: TestCamera }> {
  const camera = await startTestCamera(source);
  const created = await t.request({
    method: 'POST',
    url: '/api/v1/cameras?force=true',
    token: t.adminToken,
    payload: { name, ip_address: '127.0.0.1', rtsp_url: camera.url },
  });
  if (created.statusCode !== 201) throw new Error(`camera not created: ${created.body}`);
  const id = created.json<{ id: number }>().id;
  const configured = await t.request({
    method: 'PATCH',
    url: `/api/v1/camera-config/${id}`,
    token: t.adminToken,
    payload: { transport_security: 'plaintext_allowed', ...config },
  });
  if (configured.statusCode !== 200) throw new Error(`camera not configured: ${configured.body}`);
  return { id, source: camera };
}

/**
 * One step of a screen's story: axe-core clean, and it fits a 1280 px desktop and a 390 px phone without
 * sideways scrolling; with WEB_SHOTS_DIR set, photographed at both widths as `<name>-<width>.png`.
 */
export async function checkStep(page: Page, name: string): Promise<void> {
  assert.deepEqual(await seriousViolations(page), [], name);
  const shots = process.env.WEB_SHOTS_DIR;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= width, `${name} is ${scrollWidth} px wide at ${width} px`);
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A field's problem as a screen reader hears it: the text its aria-describedby points at. */
export async function problemAt(page: Page, name: string): Promise<string> {
  const input = page.locator(`[name="${name}"][aria-invalid="true"]`);
  await input.waitFor();
  const id = await input.getAttribute('aria-describedby');
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}
