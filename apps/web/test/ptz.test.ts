// PTZ over ONVIF in the web app (issue #36 item 3), in Debian's chromium against a real recorder and a simulated
// ONVIF device that records every PTZ command it accepted: on a camera's page, holding a direction button sends a
// move and releasing it a stop; the focused pad answers the arrow keys (held: moving, released: stopped) and
// Escape; a finger's tap on a phone moves and stops; a preset is saved, gone to and removed. A user with only the
// view right sees no controls. axe-core on every step, 390 px without sideways scroll, no console error. With
// WEB_SHOTS_DIR set, screenshots at 1280 and 390 px go there.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import { eventually } from '../../recorder/test/helpers/eventually.js';
import {
  startOnvifSimulator,
  type OnvifSimulator,
  type PtzCommand,
} from '../../recorder/test/helpers/onvif-simulator.js';
import { startTestCamera, type TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';
import { checkStep, openWatchedBrowser, signIn, type WatchedBrowser } from './helpers.js';

const DEVICE = { username: 'admin', password: 'Dev1ce-ptz-pass-7' };

describe('PTZ pad in chromium', { timeout: 120_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;
  let device: OnvifSimulator;
  let source: TestCamera;
  let cameraId: number;

  before(async () => {
    [t, source, browser] = await Promise.all([
      createTestApp(),
      startTestCamera({ width: 320, height: 180, fps: 5 }),
      openWatchedBrowser(),
    ]);
    origin = `http://${await listen(t.app)}`;
    device = await startOnvifSimulator({
      ...DEVICE,
      profiles: [{ token: 'main', name: 'Main', width: 320, height: 180, fps: 5, streamUri: source.url }],
      ptz: { presets: [{ token: 'preset_1', name: 'Driveway' }] },
    });
    await t.createUser('keeper', { superuser: true });
    const watcher = await t.createUser('watcher');
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/cameras?force=true',
      token: t.adminToken,
      payload: {
        name: 'Dome',
        ip_address: '127.0.0.1',
        rtsp_url: source.url,
        onvif_xaddr: device.url,
        ...DEVICE,
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    cameraId = created.json<{ id: number }>().id;
    for (const [url, payload] of [
      [`/api/v1/camera-config/${cameraId}`, { transport_security: 'plaintext_allowed' }],
      [`/api/v1/cameras/${cameraId}/permissions`, { user_id: watcher.id, can_view: true }],
    ] as const) {
      const response = await t.request({
        method: url.includes('permissions') ? 'POST' : 'PATCH',
        url,
        token: t.adminToken,
        payload,
      });
      assert.equal(response.statusCode, 200, response.body);
    }
  });
  after(async () => {
    await browser?.close();
    await device?.close();
    await t?.close();
    await source?.close();
    assert.deepEqual(browser.problems, []);
  });

  async function cameraPage(username: string, viewport?: { width: number; height: number }, touch = false) {
    const opened = await browser.newPage(viewport, touch ? { hasTouch: true, isMobile: true } : {});
    await opened.page.goto(`${origin}/cameras/${cameraId}`);
    await signIn(opened.page, username, USER_PASSWORD);
    await opened.page.getByRole('heading', { name: 'Dome' }).waitFor();
    return opened;
  }

  /** Waits until the device has received `count` more commands than `from`, and returns them. */
  const commandsAfter = (from: number, count: number): Promise<PtzCommand[]> =>
    eventually(
      () => {
        const fresh = device.ptzCommands().slice(from);
        return fresh.length >= count ? fresh : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 50, what: `${count} PTZ commands` },
    );

  it('holding a button moves the camera and releasing it stops; keys do the same; presets', async () => {
    const { context, page } = await cameraPage('keeper');
    await page.getByRole('heading', { name: 'Pan, tilt and zoom' }).waitFor();
    await page.getByRole('list', { name: 'Presets' }).getByText('Driveway').waitFor();
    await checkStep(page, 'ptz-1-pad');

    // Press and hold with the mouse: a move at the chosen speed that stops on its own after a while if the
    // release never arrives, then the release's stop.
    let from = device.ptzCommands().length;
    await page.getByRole('button', { name: 'Pan right' }).hover();
    await page.mouse.down();
    const [move] = await commandsAfter(from, 1);
    // Pan and tilt travel together in ONVIF: tilt 0 holds it level.
    assert.deepEqual(move, {
      operation: 'ContinuousMove',
      profile: 'main',
      pan: 0.5,
      tilt: 0,
      timeout: 'PT5S',
    });
    await page.mouse.up();
    assert.deepEqual((await commandsAfter(from, 2))[1], {
      operation: 'Stop',
      profile: 'main',
      stopPanTilt: true,
      stopZoom: true,
    });

    // The keyboard: a held arrow key on the focused pad is one move (its repeats are not), released a stop;
    // a faster speed chosen first.
    await page.getByLabel('Speed').selectOption('1');
    from = device.ptzCommands().length;
    await page.getByTestId('ptz-pad').focus();
    await page.keyboard.down('ArrowUp');
    await page.keyboard.down('ArrowUp'); // a key repeat
    assert.deepEqual((await commandsAfter(from, 1))[0], {
      operation: 'ContinuousMove',
      profile: 'main',
      pan: 0,
      tilt: 1,
      timeout: 'PT5S',
    });
    await page.keyboard.up('ArrowUp');
    await commandsAfter(from, 2);
    await page.keyboard.down('-');
    await commandsAfter(from, 3);
    await page.keyboard.press('Escape');
    await page.keyboard.up('-');
    const keyed = await commandsAfter(from, 4);
    assert.deepEqual(
      keyed.map((c) => [c.operation, c.pan, c.tilt, c.zoom]),
      [
        ['ContinuousMove', 0, 1, undefined],
        ['Stop', undefined, undefined, undefined],
        ['ContinuousMove', undefined, undefined, -1],
        ['Stop', undefined, undefined, undefined],
      ],
    );

    // A preset: saved under a name, gone to, removed; the device holds what the page shows.
    from = device.ptzCommands().length;
    await page.getByLabel('Save the current position as').fill('Porch');
    await page.getByRole('button', { name: 'Save preset' }).click();
    const presets = page.getByRole('list', { name: 'Presets' });
    await presets.getByText('Porch').waitFor();
    const porch = device.presets().find((p) => p.name === 'Porch');
    assert.ok(porch, 'the device stored the preset');
    await checkStep(page, 'ptz-2-preset');
    await page.getByRole('button', { name: 'Go to Porch' }).click();
    await page.getByRole('button', { name: 'Remove preset Porch' }).click();
    await presets.getByText('Porch').waitFor({ state: 'detached' });
    assert.deepEqual(
      (await commandsAfter(from, 3)).map((c) => [c.operation, c.preset]),
      [
        ['SetPreset', porch.token],
        ['GotoPreset', porch.token],
        ['RemovePreset', porch.token],
      ],
    );
    assert.ok(!device.presets().some((p) => p.name === 'Porch'));
    await context.close();
  });

  it('a finger’s tap on a phone moves and stops the camera', async () => {
    const { context, page } = await cameraPage('keeper', { width: 390, height: 844 }, true);
    const from = device.ptzCommands().length;
    await page.getByRole('button', { name: 'Zoom in' }).tap();
    assert.deepEqual(
      (await commandsAfter(from, 2)).map((c) => [c.operation, c.zoom]),
      [
        ['ContinuousMove', 0.5],
        ['Stop', undefined],
      ],
    );
    await context.close();
  });

  it('a user with the view right only sees no controls, and says why', async () => {
    const { context, page } = await cameraPage('watcher');
    await page.getByTestId('ptz-view-only').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Pan right' }).count(), 0);
    await checkStep(page, 'ptz-3-view-only');
    await context.close();
  });
});
