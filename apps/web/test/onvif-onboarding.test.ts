// Adding a camera from an ONVIF device in the web app (issue #21), in Debian's chromium against a real recorder:
// a superuser finds the simulated device by real WS-Discovery multicast (on loopback), is refused with a wrong
// password at the password field (nothing stored), connects with the right one, sees the profiles with the
// recorder's suggested main and substream, adds the camera (its streams are GStreamer test cameras the recorder
// reads first) and lands on its page; the password never comes back in any response. Adding the same device again
// asks through the page's "add anyway" dialog. A plain user gets no "Find devices" and uses the address form,
// where the recorder's host rule (this machine is for administrators) lands at the address field. axe-core on
// every step, no console error. With WEB_SHOTS_DIR set, screenshots at 1280 and 390 px go there.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { createTestApp, USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import { startOnvifSimulator, type OnvifSimulator } from '../../recorder/test/helpers/onvif-simulator.js';
import { startTestCamera, type TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';
import { checkStep, openWatchedBrowser, problemAt, signIn, type WatchedBrowser } from './helpers.js';

const DEVICE_USER = 'admin';
const DEVICE_PASSWORD = 'Dev1ce-web-pass-31';
/** Not the recorder suite's device name: both suites' simulators answer probes when they run side by side. */
const DEVICE_NAME = 'Driveway Cam';

type Json = Record<string, any>;

describe('adding a camera from an ONVIF device in chromium', { timeout: 120_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;
  let device: OnvifSimulator;
  let main: TestCamera;
  let sub: TestCamera;
  /** every body the recorder sent the browser for an ONVIF or camera call */
  const responses: string[] = [];

  before(async () => {
    [t, main, sub, browser] = await Promise.all([
      createTestApp(),
      startTestCamera({ user: DEVICE_USER, password: DEVICE_PASSWORD, width: 640, height: 360, fps: 10 }),
      startTestCamera({ user: DEVICE_USER, password: DEVICE_PASSWORD, width: 320, height: 180, fps: 5 }),
      openWatchedBrowser(),
    ]);
    origin = `http://${await listen(t.app)}`;
    device = await startOnvifSimulator({
      username: DEVICE_USER,
      password: DEVICE_PASSWORD,
      information: { Manufacturer: 'Simulated Optics', Model: 'SIM-200', FirmwareVersion: '3.1.0' },
      profiles: [
        { token: 'prof_main', name: 'MainStream', width: 640, height: 360, fps: 10, streamUri: main.url },
        { token: 'prof_sub', name: 'SubStream', width: 320, height: 180, fps: 5, streamUri: sub.url },
      ],
      discovery: { name: DEVICE_NAME, hardware: 'SIM-200' },
    });
    // The person at the browser is a superuser: only they may discover, and reach a device on this machine.
    await t.createUser('keeper', { superuser: true });
    await t.createUser('plain');
  });
  after(async () => {
    await browser?.close();
    await device?.close();
    await t?.close();
    await Promise.all([main?.close(), sub?.close()]);
    assert.deepEqual(browser.problems, []);
  });

  async function signedIn(username: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await browser.newPage({ width: 1280, height: 900 });
    opened.page.on('response', (response) => {
      if (/\/api\/v1\/(onvif|cameras)/.test(response.url()))
        void response.text().then(
          (body) => responses.push(body),
          () => undefined,
        );
    });
    await opened.page.goto(`${origin}${path}`);
    await signIn(opened.page, username, USER_PASSWORD);
    return opened;
  }

  const cameras = async () =>
    (await t.request({ method: 'GET', url: '/api/v1/cameras', token: t.adminToken })).json<Json>();

  it('a superuser discovers the device, is refused a wrong password, adds the camera and lands on it', async () => {
    const { context, page } = await signedIn('keeper', '/cameras/new');
    await page.getByRole('heading', { name: 'Add a camera' }).waitFor();
    await page.getByRole('link', { name: 'From an ONVIF device' }).click();
    await page.getByRole('heading', { name: 'Find devices on the network' }).waitFor();
    await checkStep(page, '1-start');

    await page.getByRole('button', { name: 'Find devices' }).click();
    await page.getByRole('status').filter({ hasText: 'Listening for answers' }).waitFor();
    const use = page.getByRole('button', {
      name: `Use this device: ${DEVICE_NAME} (${new URL(device.url).host})`,
    });
    await use.waitFor();
    await checkStep(page, '2-found');
    await use.click();
    assert.equal(await page.getByLabel('Device address').inputValue(), device.url);
    // The address is filled in: the account is what is left to type.
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'username');

    // A wrong password: the device refuses it, the recorder says so at the password field, and stores nothing.
    browser.expectedStatuses.add(400);
    await page.getByLabel('Device username').fill(DEVICE_USER);
    await page.getByLabel(/^Device password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Connect' }).click();
    assert.match(await problemAt(page, 'password'), /refused the username or password/);
    await checkStep(page, '3-wrong-password');
    browser.expectedStatuses.delete(400);
    assert.equal((await cameras()).total, 0);

    await page.getByLabel(/^Device password/).fill(DEVICE_PASSWORD);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('heading', { name: 'The device' }).waitFor();
    const facts = page.getByRole('form', { name: 'The device' });
    for (const text of ['Simulated Optics', 'SIM-200', '3.1.0']) await facts.getByText(text).waitFor();
    const table = page.getByRole('table', { name: 'Media profiles' });
    assert.deepEqual(await table.getByRole('row').allInnerTexts(), [
      'Profile\tEncoding\tResolution\tFrame rate',
      'MainStream\tH264\t640×360\t10 fps',
      'SubStream\tH264\t320×180\t5 fps',
    ]);
    assert.equal(await page.getByLabel('Main stream').inputValue(), 'prof_main');
    assert.equal(await page.getByLabel('Substream').inputValue(), 'prof_sub');
    assert.equal(await page.getByLabel('Camera name').inputValue(), DEVICE_NAME);
    // Write-only: once connected, the password is in no field of the page.
    assert.equal(await page.locator('input[type="password"]').count(), 0);
    await page.getByText('(password set)').waitFor();
    await checkStep(page, '4-inspected');

    await page.getByRole('button', { name: 'Add camera' }).click();
    await page.getByRole('heading', { name: DEVICE_NAME, level: 1 }).waitFor({ timeout: 30_000 });
    const id = Number(/\/cameras\/(\d+)$/.exec(page.url())?.[1]);
    const camera = (
      await t.request({ method: 'GET', url: `/api/v1/cameras/${id}`, token: t.adminToken })
    ).json<Json>();
    assert.deepEqual(
      [camera.manufacturer, camera.model, camera.rtsp_url, camera.substream_url, camera.password_set],
      ['Simulated Optics', 'SIM-200', main.url, sub.url, true],
    );
    // The page plays the camera's live stream.
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, {
      timeout: 30_000,
    });
    await checkStep(page, '5-camera');

    // The same device again: discovery links the camera, and adding it asks first.
    await page.goto(`${origin}/cameras/new?from=onvif`);
    await page.getByRole('button', { name: 'Find devices' }).click();
    const added = page.getByRole('link', { name: 'open the camera' });
    await added.waitFor();
    assert.equal(await added.getAttribute('href'), `/cameras/${id}`);
    await use.click();
    await page.getByLabel('Device username').fill(DEVICE_USER);
    await page.getByLabel(/^Device password/).fill(DEVICE_PASSWORD);
    await page.getByRole('button', { name: 'Connect' }).click();
    browser.expectedStatuses.add(409);
    await page.getByRole('button', { name: 'Add camera' }).click();
    const dialog = page.getByRole('dialog', { name: 'You already have this camera' });
    await dialog.getByRole('link', { name: DEVICE_NAME }).waitFor();
    await checkStep(page, '6-duplicate');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    browser.expectedStatuses.delete(409);
    assert.equal((await cameras()).total, 1);

    assert.ok(responses.length > 0);
    assert.ok(!responses.some((body) => body.includes(DEVICE_PASSWORD)), 'a response held the password');
    await context.close();
  });

  it('a plain user gets no discovery and adds by address; the host rule lands at the address field', async () => {
    const { context, page } = await signedIn('plain', '/cameras/new?from=onvif');
    await page.getByText('Only an administrator can search the network for devices').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Find devices' }).count(), 0);
    await page.getByLabel('Device address').fill(device.url);
    await page.getByLabel('Device username').fill(DEVICE_USER);
    await page.getByLabel(/^Device password/).fill(DEVICE_PASSWORD);
    browser.expectedStatuses.add(403);
    const seen = device.requests().length;
    await page.getByRole('button', { name: 'Connect' }).click();
    assert.match(await problemAt(page, 'xaddr'), /superuser|administrator/i);
    browser.expectedStatuses.delete(403);
    assert.equal(device.requests().length, seen, 'the recorder never contacted the device for them');
    await checkStep(page, '7-plain-user');
    await context.close();
  });
});
