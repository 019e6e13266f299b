// The live wall's tiles in Debian's chromium against a real recorder and GStreamer test cameras: each picture in its
// camera's shape (remembered before the next picture comes), full screen from the keyboard, a tile that opens its
// camera without its buttons doing so; WebRTC by default where the camera publishes it, HLS where it does not,
// when the user picks HLS, and when WebRTC answers but brings no picture; AI boxes drawn on the picture of their
// time, not when they arrive. axe-core clean and no sideways scroll at 1280 and 390 px; no console error.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createTestApp, USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import type { TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';
import {
  addTestCamera,
  openWatchedBrowser,
  seriousViolations,
  signIn,
  type WatchedBrowser,
} from './helpers.js';

/** detectionMatch.ts EARLY_MS: how much ahead of the picture on screen a detection's picture may be drawn */
const EARLY_MS = 150;

describe('live wall tiles in chromium', { timeout: 240_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;
  const sources: TestCamera[] = [];
  const ids: Record<string, number> = {};

  before(async () => {
    t = await createTestApp();
    origin = `http://${await listen(t.app)}`;
    browser = await openWatchedBrowser();
    await t.createUser('watcher', { superuser: true });
    // Garage: 4:3, HLS only; Gate: 16:9, publishes WebRTC.
    for (const [name, config, size] of [
      ['Garage', {}, { width: 320, height: 240 }],
      ['Gate', { webrtc_publisher: true }, { width: 640, height: 360 }],
    ] as const) {
      const camera = await addTestCamera(t, name, config, { clockCode: true, ...size, fps: 15, gop: 15 });
      sources.push(camera.source);
      ids[name] = camera.id;
    }
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await Promise.all(sources.map((source) => source.close()));
    assert.deepEqual(browser.problems, []);
  });

  async function wall(): Promise<Page> {
    const { page } = await browser.newPage();
    await page.goto(`${origin}/live`);
    await signIn(page, 'watcher', USER_PASSWORD);
    return page;
  }

  const video = (page: Page, name: string) => page.locator(`video[data-camera-id="${ids[name]}"]`);
  const tile = (page: Page, name: string) => page.getByRole('figure', { name: `Live view of ${name}` });

  /** The camera's tile shows pictures (played past a second) over `transport`. */
  async function playingOver(page: Page, name: string, transport: 'webrtc' | 'hls'): Promise<void> {
    await page.waitForFunction(
      ({ id, transport }) => {
        const element = document.querySelector<HTMLVideoElement>(`video[data-camera-id="${id}"]`);
        return element?.dataset.transport === transport && element.currentTime > 1;
      },
      { id: ids[name], transport },
      { timeout: 60_000, polling: 250 },
    );
  }

  /** width / height of the tile's picture area */
  const shape = (page: Page, name: string) =>
    video(page, name).evaluate((element: HTMLVideoElement) => element.clientWidth / element.clientHeight);

  it('shows each camera in its shape and over WebRTC where it publishes it; full screen by keyboard; a tile opens its camera, its buttons do not', async () => {
    const page = await wall();
    await playingOver(page, 'Gate', 'webrtc');
    await playingOver(page, 'Garage', 'hls');
    assert.equal(await tile(page, 'Gate').getByTestId('transport').textContent(), 'WebRTC');
    assert.equal(await tile(page, 'Garage').getByTestId('transport').textContent(), 'HLS');
    await page.waitForFunction(
      (id) => {
        const element = document.querySelector<HTMLVideoElement>(`video[data-camera-id="${id}"]`)!;
        return Math.abs(element.clientWidth / element.clientHeight - 4 / 3) < 0.02;
      },
      ids.Garage,
      { timeout: 30_000, polling: 250 },
    );
    assert.ok(Math.abs((await shape(page, 'Gate')) - 16 / 9) < 0.02);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      assert.deepEqual(await seriousViolations(page), [], `axe at ${width} px`);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= width, `the wall is ${scrollWidth} px wide at ${width} px`);
      const shots = process.env.WEB_SHOTS_DIR;
      if (shots) {
        mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: join(shots, `live-wall-${width}.png`), fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Full screen from the keyboard, on the tile (the boxes are drawn over it), and back; the wall stays.
    await tile(page, 'Garage').getByRole('button', { name: 'Full screen: Garage' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.fullscreenElement?.getAttribute('aria-label') === 'Live view of Garage',
    );
    await page.keyboard.press('Enter'); // the same button, now "Leave full screen"
    await page.waitForFunction(() => document.fullscreenElement === null);
    assert.equal(new URL(page.url()).pathname, '/live');

    // Anywhere on the picture opens the camera.
    const box = (await video(page, 'Garage').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.7);
    await page.waitForURL(`${origin}/cameras/${ids.Garage}`);

    // Back on the wall, the 4:3 tile has its shape before any picture comes (held here: no stream ticket yet).
    await page.route('**/stream-ticket', () => undefined);
    await page.goto(`${origin}/live`);
    await video(page, 'Garage').waitFor();
    assert.equal(await video(page, 'Garage').evaluate((element: HTMLVideoElement) => element.videoWidth), 0);
    assert.ok(Math.abs((await shape(page, 'Garage')) - 4 / 3) < 0.02, `shape ${await shape(page, 'Garage')}`);
    await page.context().close();
  });

  it('plays over HLS when the user picks it, and over WebRTC again when they pick the fastest', async () => {
    const page = await wall();
    await playingOver(page, 'Gate', 'webrtc');
    const picture = page.getByRole('combobox', { name: 'Picture' });
    await picture.selectOption('hls');
    await playingOver(page, 'Gate', 'hls');
    // Kept in this browser.
    await page.reload();
    await playingOver(page, 'Gate', 'hls');
    assert.equal(await picture.inputValue(), 'hls');
    await picture.selectOption('auto');
    await playingOver(page, 'Gate', 'webrtc');
    await page.context().close();
  });

  it('gives WebRTC up for HLS when it answers but no picture comes through', async () => {
    const { page } = await browser.newPage();
    // A network that lets the offer and answer through but not the media: the answer is made to say "inactive".
    let offers = 0;
    await page.route('**/live/whep**', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      offers += 1;
      const response = await route.fetch();
      const sdp = (await response.text()).replace(/a=(sendonly|sendrecv)/g, 'a=inactive');
      await route.fulfill({ response, body: sdp });
    });
    await page.goto(`${origin}/live`);
    await signIn(page, 'watcher', USER_PASSWORD);
    await playingOver(page, 'Gate', 'hls');
    assert.ok(offers >= 1, 'WebRTC was tried first');
    await page.context().close();
  });

  it('draws AI boxes on the picture of their time: not before it is on screen, and never a stale one', async () => {
    const page = await wall();
    await playingOver(page, 'Gate', 'webrtc');
    await playingOver(page, 'Garage', 'hls');
    // Every overlay drawn, with the time of its detection's picture and of the picture it was drawn on.
    await page.evaluate(() => {
      const seen: { camera: string; frame: number; picture: number }[] = [];
      (window as unknown as { drawn: typeof seen }).drawn = seen;
      new MutationObserver(() => {
        for (const svg of Array.from(document.querySelectorAll<SVGElement>('svg[data-frame-time]'))) {
          if (svg.dataset.noted) continue;
          svg.dataset.noted = 'yes';
          seen.push({
            camera: svg.closest('figure')!.getAttribute('aria-label')!,
            frame: Number(svg.dataset.frameTime),
            picture: Number(svg.dataset.pictureTime),
          });
        }
      }).observe(document.body, { subtree: true, childList: true });
    });
    const publish = (cameraId: number, capturedAt: number) =>
      t.container.events.publish({
        type: 'detection',
        camera_id: cameraId,
        source: 'ai',
        severity: 'info',
        data: {
          model_id: 1,
          task: 'object_detection',
          count: 1,
          detections: [{ label: 'person', confidence: 0.9, bbox: [10, 10, 100, 200] }],
          frame: { width: 320, height: 240 },
          captured_at: capturedAt,
        },
      });
    const now = Date.now();
    for (const name of ['Garage', 'Gate']) {
      // One about a picture long gone (never drawn), one about a picture 3 s from now (drawn once it shows).
      await publish(ids[name]!, now - 20_000);
      await publish(ids[name]!, now + 3_000);
    }
    // Each tile draws its box when its own picture gets there (HLS later than WebRTC), and takes it down again
    // on its own: the record says both, whenever they came.
    const cameras = async () =>
      new Set(
        (await page.evaluate(() => (window as unknown as { drawn: { camera: string }[] }).drawn)).map(
          (entry) => entry.camera,
        ),
      );
    await page
      .waitForFunction(
        () =>
          new Set((window as unknown as { drawn: { camera: string }[] }).drawn.map((e) => e.camera)).size ===
          2,
        undefined,
        { timeout: 30_000, polling: 100 },
      )
      .catch(async () => assert.fail(`boxes drawn on ${[...(await cameras())].join(', ') || 'no tile'}`));
    const drawn = await page.evaluate(
      () => (window as unknown as { drawn: { camera: string; frame: number; picture: number }[] }).drawn,
    );
    assert.equal(drawn.length, 2, JSON.stringify(drawn));
    for (const { camera, frame, picture } of drawn) {
      assert.equal(frame, now + 3_000, `${camera}: only the detection of a picture to come is drawn`);
      assert.ok(
        picture >= frame - EARLY_MS,
        `${camera}: drawn on the picture of ${picture}, ${frame - picture} ms early`,
      );
    }
    // And taken down once the pictures have moved on (no newer detection).
    await page.waitForFunction(
      () => document.querySelectorAll('svg[data-detections]').length === 0,
      undefined,
      {
        timeout: 30_000,
        polling: 250,
      },
    );
    assert.deepEqual(await seriousViolations(page), []);
    await page.context().close();
  });
});
