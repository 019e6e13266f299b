// The live screens in Debian's chromium against a real recorder and GStreamer test cameras: saved layouts made,
// reordered, opened by deep link and deleted in the app; WebRTC where the camera publishes it, and HLS when WebRTC
// cannot get through. axe-core on every screen; no console error in the whole run.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createTestApp, USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import type { TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';
import {
  addTestCamera,
  openWatchedBrowser,
  seriousViolations,
  shownClocks,
  signIn,
  type WatchedBrowser,
} from './helpers.js';

describe('live view in chromium', { timeout: 300_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;
  let token: string;
  const sources: TestCamera[] = [];
  const ids: Record<string, number> = {};

  before(async () => {
    t = await createTestApp();
    origin = `http://${await listen(t.app)}`;
    browser = await openWatchedBrowser();
    token = (await t.createUser('watcher', { superuser: true })).token;
    for (const [name, config] of [
      ['Porch', {}],
      ['Garage', {}],
      ['Gate', { webrtc_publisher: true }],
      ['Shed', { recording_enabled: true }],
      ['Yard', { webrtc_publisher: true }],
    ] as const) {
      // Shed sends G.711 µ-law sound, as Hikvision and Dahua cameras do with audio on; Yard (WebRTC) sends AAC.
      const camera = await addTestCamera(
        t,
        name,
        config,
        name === 'Shed'
          ? { width: 640, height: 360, fps: 15, gop: 15, audio: 'pcmu' }
          : name === 'Yard'
            ? { audio: 'aac' }
            : name === 'Garage'
              ? { width: 320, height: 240 } // 4:3, as many cameras are
              : undefined,
      );
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

  async function signedIn(path: string): Promise<Page> {
    const { page } = await browser.newPage();
    await page.goto(`${origin}${path}`);
    await signIn(page, 'watcher', USER_PASSWORD);
    return page;
  }

  /** Every <video> of the page has played past `seconds`: the tiles are live. */
  async function allPlaying(page: Page, count: number, seconds = 1): Promise<void> {
    await page.waitForFunction(
      ({ count, seconds }) => {
        const videos = Array.from(document.querySelectorAll('video'));
        return videos.length === count && videos.every((video) => video.currentTime > seconds);
      },
      { count, seconds },
      { timeout: 60_000, polling: 250 },
    );
  }

  it('makes a layout in the editor, reorders it, opens it by deep link and deletes it', async () => {
    const page = await signedIn('/layouts');
    await page.getByText('No layouts yet.').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await page.getByRole('link', { name: 'New layout' }).click();
    await page.getByRole('heading', { name: 'New layout' }).waitFor();
    await page.getByLabel('Name').fill('Front of house');
    await page.getByLabel('Rows', { exact: true }).selectOption('1');
    // The new layout starts with the cameras in order; choosing Garage for the first cell swaps it with Porch.
    assert.equal(await page.getByLabel('Row 1, column 1', { exact: true }).inputValue(), String(ids.Porch));
    await page.getByLabel('Row 1, column 1', { exact: true }).selectOption({ label: 'Garage' });
    assert.equal(await page.getByLabel('Row 1, column 2', { exact: true }).inputValue(), String(ids.Porch));
    assert.deepEqual(await seriousViolations(page), []);
    await page.getByRole('button', { name: 'Save layout' }).click();

    await page.waitForURL(`${origin}/live/layout/front-of-house`);
    await allPlaying(page, 2);
    const order = () =>
      page
        .locator('video')
        .evaluateAll((videos) => videos.map((video) => video.getAttribute('data-camera-id')));
    assert.deepEqual(await order(), [String(ids.Garage), String(ids.Porch)]);
    assert.deepEqual(await seriousViolations(page), []);
    const stored = await t.request({ method: 'GET', url: '/api/v1/layouts', token });
    assert.deepEqual(stored.json().layouts[0].tiles, [
      { row: 0, col: 0, camera_id: ids.Garage },
      { row: 0, col: 1, camera_id: ids.Porch },
    ]);

    // The address is the layout: a reload opens it again, and the live page has a tab for it.
    await page.reload();
    await allPlaying(page, 2);
    await page.getByRole('link', { name: 'Front of house' }).waitFor();

    await page.goto(`${origin}/layouts`);
    await page.getByRole('button', { name: 'Delete Front of house' }).click();
    await page.getByRole('dialog').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await page.getByRole('button', { name: 'Delete layout' }).click();
    await page.getByText('No layouts yet.').waitFor();
    assert.equal((await t.request({ method: 'GET', url: '/api/v1/layouts', token })).json().total, 0);
    browser.expectedStatuses.add(404);
    await page.goto(`${origin}/live/layout/front-of-house`);
    await page.getByRole('heading', { name: 'This layout was not found' }).waitFor();
    browser.expectedStatuses.delete(404);
    await page.context().close();
  });

  it('plays a camera that publishes WebRTC over WebRTC (snapshot, live events), and over HLS when WebRTC cannot get through', async () => {
    const page = await signedIn(`/cameras/${ids.Gate}`);
    await page.locator('video[data-transport="webrtc"]').waitFor({ state: 'attached', timeout: 30_000 });
    await allPlaying(page, 1);
    const clock = Object.values(await shownClocks(page))[0];
    assert.ok(clock !== null && clock !== undefined && Math.abs(Date.now() - clock) < 3000, String(clock));

    // The single-camera view: a snapshot to download, and the camera's events as they happen.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download snapshot' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^Gate \d{4}-\d\d-\d\d \d\d-\d\d-\d\d\.jpg$/);
    const jpeg = await readFile(await download.path());
    assert.deepEqual([...jpeg.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    const events = page.getByRole('list', { name: 'Recent events, newest first' });
    assert.equal(await events.getByText('Recording started').count(), 0);
    const recording = await t.request({
      method: 'PATCH',
      url: `/api/v1/camera-config/${ids.Gate}`,
      token: t.adminToken,
      payload: { recording_enabled: true },
    });
    assert.equal(recording.statusCode, 200, recording.body);
    await events.getByText('Recording started').waitFor({ timeout: 30_000 });
    assert.deepEqual(await seriousViolations(page), []);
    await page.context().close();

    // WebRTC refused on the way (here: a proxy that answers the offer with 503): the tile says HLS and plays.
    const { page: blocked } = await browser.newPage();
    await blocked.route('**/live/whep**', (route) => route.fulfill({ status: 503, body: 'no WebRTC here' }));
    browser.expectedStatuses.add(503);
    await blocked.goto(`${origin}/cameras/${ids.Gate}`);
    await signIn(blocked, 'watcher', USER_PASSWORD);
    await blocked.locator('video[data-transport="hls"]').waitFor({ state: 'attached', timeout: 30_000 });
    await allPlaying(blocked, 1);
    browser.expectedStatuses.delete(503);
    await blocked.context().close();
  });

  it('plays only the tiles on screen: a tile scrolled into view starts, one scrolled away stops', async () => {
    // A phone-sized window: one tile per line, the third below the fold.
    const { page } = await browser.newPage({ width: 390, height: 420 });
    await page.goto(`${origin}/live`);
    await signIn(page, 'watcher', USER_PASSWORD);
    const tile = (name: string) => page.locator(`video[data-camera-id="${ids[name]}"]`);
    await page.waitForFunction(
      (id) =>
        (document.querySelector<HTMLVideoElement>(`video[data-camera-id="${id}"]`)?.currentTime ?? 0) > 1,
      ids.Porch,
      { timeout: 60_000, polling: 250 },
    );
    const started = (name: string) => tile(name).evaluate((video: HTMLVideoElement) => video.currentTime > 0);
    assert.equal(await started('Gate'), false, 'a tile below the fold plays');

    await tile('Gate').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (id) =>
        (document.querySelector<HTMLVideoElement>(`video[data-camera-id="${id}"]`)?.currentTime ?? 0) > 1,
      ids.Gate,
      { timeout: 60_000, polling: 250 },
    );
    // Porch is now far above the window: its player is gone (no source left on the element).
    await page.waitForFunction(
      (id) => {
        const video = document.querySelector<HTMLVideoElement>(`video[data-camera-id="${id}"]`);
        return video !== null && !video.src && !video.srcObject;
      },
      ids.Porch,
      { timeout: 30_000, polling: 250 },
    );
    await page.context().close();
  });
  it("plays a camera's sound when the user turns it on, and only then", async () => {
    const { page } = await browser.newPage();
    await page.goto(`${origin}/live`);
    await signIn(page, 'watcher', USER_PASSWORD);
    const tile = page.getByRole('figure', { name: 'Live view of Shed' });
    const soundOn = tile.getByRole('button', { name: 'Sound on for Shed' });
    await soundOn.waitFor({ timeout: 60_000 });
    const video = tile.locator('video');
    assert.equal(await video.evaluate((element: HTMLVideoElement) => element.muted), true, 'muted at first');
    // Porch sends no sound: no button.
    assert.equal(await page.getByRole('button', { name: 'Sound on for Porch' }).count(), 0);
    await soundOn.click();
    const mute = tile.getByRole('button', { name: 'Mute Shed' });
    assert.equal(await mute.getAttribute('aria-pressed'), 'true');
    assert.equal(await video.evaluate((element: HTMLVideoElement) => element.muted), false);
    // The browser decodes the camera's sound (G.711 from the camera, AAC by the time it reaches the browser).
    await page.waitForFunction(
      (id) => {
        const element = document.querySelector<HTMLVideoElement & { webkitAudioDecodedByteCount: number }>(
          `video[data-camera-id="${id}"]`,
        );
        return (element?.webkitAudioDecodedByteCount ?? 0) > 0 && !element!.muted && !element!.paused;
      },
      ids.Shed,
      { timeout: 30_000, polling: 250 },
    );
    assert.deepEqual(await seriousViolations(page), []);
    await mute.click();
    assert.equal(await video.evaluate((element: HTMLVideoElement) => element.muted), true);

    // Over WebRTC the sound comes as Opus, as its own track of the camera's stream, and the button turns it on.
    const yard = page.getByRole('figure', { name: 'Live view of Yard' });
    await yard.scrollIntoViewIfNeeded();
    await yard.getByRole('button', { name: 'Sound on for Yard' }).click({ timeout: 60_000 });
    const tracks = await yard.locator('video').evaluate((element: HTMLVideoElement) => ({
      transport: element.dataset.transport,
      muted: element.muted,
      kinds: (element.srcObject as MediaStream | null)
        ?.getTracks()
        .map((track) => track.kind)
        .sort(),
    }));
    assert.deepEqual(tracks, { transport: 'webrtc', muted: false, kinds: ['audio', 'video'] });
    await page.context().close();
  });

  it('a camera that dies is shown offline within seconds, with the time of its last picture, and live again when it is back', async () => {
    // Shed records and plays over HLS; Yard does not record and plays over WebRTC.
    const { page } = await browser.newPage();
    await page.goto(`${origin}/live`);
    await signIn(page, 'watcher', USER_PASSWORD);
    const figure = (name: string) => page.getByRole('figure', { name: `Live view of ${name}` });
    for (const name of ['Shed', 'Yard']) await figure(name).getByText('Live', { exact: true }).waitFor();

    const killed = Date.now();
    const shed = sources[3]!;
    const yard = sources[4]!;
    await Promise.all([shed.stop(), yard.stop()]);
    for (const name of ['Shed', 'Yard']) {
      const tile = figure(name);
      await tile.getByText(/^Camera offline — last picture at \d\d:\d\d:\d\d/).waitFor({ timeout: 15_000 });
      assert.equal(await tile.getByText('Live', { exact: true }).count(), 0, `${name} is not shown as live`);
      await tile.getByText('Offline', { exact: true }).waitFor();
      // The time shown is the last real picture's: from before the kill, and it does not move on.
      const shown = await tile.locator('figcaption time').getAttribute('datetime');
      assert.ok(shown && Date.parse(shown) <= killed + 1500, `${name}: ${shown} vs kill at ${killed}`);
    }
    // The API agrees.
    for (const name of ['Shed', 'Yard']) {
      await page.waitForFunction(
        async ({ id, token }) => {
          const response = await fetch(`/api/v1/cameras/${id}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          return (await response.json()).live_online === false;
        },
        { id: ids[name], token },
        { timeout: 15_000, polling: 500 },
      );
    }
    assert.deepEqual(await seriousViolations(page), []);

    // Back: the pictures come again and the tiles say so.
    browser.expectedStatuses.add(503);
    await Promise.all([shed.start(), yard.start()]);
    for (const name of ['Shed', 'Yard'])
      await figure(name).getByText('Live', { exact: true }).waitFor({ timeout: 60_000 });
    browser.expectedStatuses.delete(503);
    await page.context().close();
  });

  it('a camera that does not record says Online while its live view plays, not Unknown', async () => {
    const page = await signedIn(`/cameras/${ids.Porch}`);
    await allPlaying(page, 1);
    await page.getByTestId('camera-state').getByText('Online', { exact: true }).waitFor({ timeout: 30_000 });
    const camera = await t.request({ method: 'GET', url: `/api/v1/cameras/${ids.Porch}`, token });
    assert.equal(camera.json().live_online, true);
    assert.equal(camera.json().recording_state, 'disabled');
    await page.context().close();
  });

  it('shows each picture in its own shape, and a tile full screen and back', async () => {
    const page = await signedIn(`/cameras/${ids.Garage}`);
    await allPlaying(page, 1);
    const tile = page.getByRole('figure', { name: 'Live view of Garage' });
    const video = tile.locator('video');
    const shape = async () => {
      const box = (await video.boundingBox())!;
      return box.width / box.height;
    };
    // A 4:3 camera is not squeezed into 16:9 bars.
    await page.waitForFunction(
      () => {
        const element = document.querySelector('video')!;
        return Math.abs(element.clientWidth / element.clientHeight - 4 / 3) < 0.02;
      },
      undefined,
      { timeout: 30_000, polling: 250 },
    );
    assert.ok(Math.abs((await shape()) - 4 / 3) < 0.02, `shape ${await shape()}`);
    await tile.getByRole('button', { name: 'Full screen: Garage' }).click();
    await page.waitForFunction(() => document.fullscreenElement?.tagName === 'FIGURE');
    const leave = tile.getByRole('button', { name: 'Leave full screen: Garage' });
    assert.equal(await leave.getAttribute('aria-pressed'), 'true');
    assert.deepEqual(await seriousViolations(page), []);
    await leave.click();
    await page.waitForFunction(() => document.fullscreenElement === null);
    await tile.getByRole('button', { name: 'Full screen: Garage' }).waitFor();
    await page.context().close();
  });
});
