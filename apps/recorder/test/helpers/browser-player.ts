// Debian's chromium driven by playwright-core, showing player/player.html as if the recorder served it: the page
// and hls.js are answered by the test (request interception), every /api/v1 request goes to the real recorder on
// the same origin. Used by the playback tests and the live-latency benchmark.
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CLOCK_CODE_DECODER_SOURCE, type ClockedFrame } from './clock-code.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGE = fileURLToPath(new URL('./player/player.html', import.meta.url));
const HLS_JS = createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js');
const CLOCK_CODE_JS = `globalThis.decodeClockCodeFrom = ${CLOCK_CODE_DECODER_SOURCE};`;

export interface BrowserPlayer {
  page: Page;
  /** plays an HLS playlist (live or VOD) with hls.js; config goes to `new Hls(config)` */
  playHls(url: string, config?: Record<string, unknown>): Promise<void>;
  /** negotiates WebRTC with the WHEP endpoint and plays the received track */
  playWhep(url: string): Promise<void>;
  stop(): Promise<void>;
  currentTime(): Promise<number>;
  /** the WebRTC session's sound as chromium decoded it; null without an audio track */
  webrtcAudio(): Promise<WebRtcAudio | null>;
  /** unmutes the element (as a speaker button), then resolves once chromium has decoded WebRTC sound, not silence */
  waitForWebrtcSound(timeoutMs?: number): Promise<WebRtcAudio>;
  /** resolves once playback has advanced by `seconds` from now */
  waitForProgress(seconds: number, timeoutMs?: number): Promise<void>;
  /** every frame presented since the last call that carries a clean clock code, with when it was shown */
  takeFrames(): Promise<ClockedFrame[]>;
  /** end-to-end latencies (ms) read from the clock code of every frame presented since the last call */
  takeLatencies(): Promise<number[]>;
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

export interface WebRtcAudio {
  /** samples decoded from packets that came (losses concealed by the decoder not counted) */
  samples: number;
  /** their total energy (0 for silence) */
  energy: number;
  /** e.g. audio/opus */
  codec: string | null;
}

/** Debian's chromium, headless, as the tests and benchmarks run it (muted video may play without a gesture). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** Opens the test player on the recorder's origin (e.g. http://127.0.0.1:41234). */
export async function openPlayer(origin: string): Promise<BrowserPlayer> {
  const browser: Browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const [html, hlsJs] = await Promise.all([readFile(PAGE), readFile(HLS_JS)]);
    await page.route(`${origin}/player/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/player/index.html') return route.fulfill({ body: html, contentType: 'text/html' });
      if (path === '/player/hls.js') return route.fulfill({ body: hlsJs, contentType: 'text/javascript' });
      if (path === '/player/clock-code.js') {
        return route.fulfill({ body: CLOCK_CODE_JS, contentType: 'text/javascript' });
      }
      return route.fulfill({ status: 404 });
    });
    await page.goto(`${origin}/player/index.html`);
    return {
      page,
      playHls: (url, config = {}) =>
        page.evaluate(([u, c]) => (globalThis as unknown as PlayerPage).player.hls(u, c), [
          url,
          config,
        ] as const),
      playWhep: (url) => page.evaluate((u) => (globalThis as unknown as PlayerPage).player.whep(u), url),
      stop: () => page.evaluate(() => (globalThis as unknown as PlayerPage).player.stop()),
      currentTime: () => page.evaluate(() => (globalThis as unknown as PlayerPage).player.currentTime()),
      webrtcAudio: () => page.evaluate(() => (globalThis as unknown as PlayerPage).player.webrtcAudio()),
      async waitForWebrtcSound(timeoutMs = 20_000) {
        await page.evaluate(() => (globalThis as unknown as PlayerPage).player.unmute());
        // getStats has no event: its figures are read a few times a second.
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const sound = await page.evaluate(() => (globalThis as unknown as PlayerPage).player.webrtcAudio());
          if (sound && sound.energy > 0) return sound;
          if (Date.now() > deadline)
            throw new Error(`no WebRTC sound in ${timeoutMs} ms: ${JSON.stringify(sound)}`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      },
      async waitForProgress(seconds, timeoutMs = 30_000) {
        const start = await page.evaluate(() => (globalThis as unknown as PlayerPage).player.currentTime());
        await page.waitForFunction(
          (target) => (globalThis as unknown as PlayerPage).player.currentTime() >= target,
          start + seconds,
          {
            timeout: timeoutMs,
            polling: 100,
          },
        );
      },
      takeFrames: () => page.evaluate(() => (globalThis as unknown as PlayerPage).player.takeFrames()),
      async takeLatencies() {
        const frames = await page.evaluate(() => (globalThis as unknown as PlayerPage).player.takeFrames());
        return frames.map((frame) => frame.shownAt - frame.clock);
      },
      errors: () => page.evaluate(() => (globalThis as unknown as PlayerPage).player.errors()),
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

// The page's API (player/player.html), as page.evaluate sees it (no DOM typings in this project).
interface PlayerPage {
  player: {
    hls(url: string, config: Record<string, unknown>): Promise<void>;
    whep(url: string): Promise<void>;
    stop(): Promise<void>;
    currentTime(): number;
    webrtcAudio(): Promise<WebRtcAudio | null>;
    unmute(): void;
    takeFrames(): ClockedFrame[];
    errors(): string[];
  };
}
