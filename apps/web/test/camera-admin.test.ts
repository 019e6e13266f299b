// Camera administration in the web app (issue #16, screen 2), served by a real recorder and driven in Debian's
// chromium against a GStreamer test camera: the add form's limits (client check and the server's 422 at the same
// field), adding a camera that goes online after its stream settings are set in the app, permissions, skills,
// device accounts, the bin and a hard delete that needs the exact phrase. axe-core on every screen and dialog, and
// no console error in the whole run.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { createTestApp, USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import { startTestCamera, type TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';
import { openWatchedBrowser, seriousViolations, signIn, type WatchedBrowser } from './helpers.js';

describe('camera administration in chromium', { timeout: 300_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;
  let source: TestCamera;
  let keeper: { id: number; token: string };
  let viewer: { id: number; token: string };
  /** The camera the form creates; later tests administer it. */
  let cameraId = 0;

  before(async () => {
    t = await createTestApp();
    origin = `http://${await listen(t.app)}`;
    browser = await openWatchedBrowser();
    // The person at the browser: a superuser (only they may point a camera at this machine's loopback, where
    // the test camera listens, and only they may delete for good).
    keeper = await t.createUser('keeper', { superuser: true });
    viewer = await t.createUser('viewer');
    source = await startTestCamera({ width: 320, height: 240, fps: 10, gop: 10 });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await source?.close();
    assert.deepEqual(browser.problems, []);
  });

  async function signedIn(path: string): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await browser.newPage({ width: 1280, height: 900 });
    await opened.page.goto(`${origin}${path}`);
    await signIn(opened.page, 'keeper', USER_PASSWORD);
    return opened;
  }

  /**
   * The text a field's aria-describedby points at: its problem, as a screen reader hears it. Found by its name
   * attribute (the API's field name): a TextField's label also holds its error text.
   */
  async function problemAt(page: Page, name: string): Promise<string> {
    const input = page.locator(`[name="${name}"]`);
    await page.waitForFunction(
      (element) => element?.getAttribute('aria-invalid') === 'true',
      await input.elementHandle(),
    );
    const ids = (await input.getAttribute('aria-describedby')) ?? '';
    const texts = await Promise.all(ids.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()));
    return texts.join(' ');
  }

  async function assertAccessible(page: Page, screen: string): Promise<void> {
    assert.deepEqual(await seriousViolations(page), [], screen);
  }

  it('refuses a 101-character name at the Name field, and shows the server’s 422 there when bypassed', async () => {
    const { context, page } = await signedIn('/cameras');
    await page.getByRole('link', { name: 'Add camera' }).click();
    await page.getByRole('heading', { name: 'Add a camera' }).waitFor();
    await assertAccessible(page, 'add form');

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/cameras')
        posts.push(request.url());
    });
    await page.getByLabel('Name', { exact: true }).fill('x'.repeat(101));
    await page.getByLabel('Address (IP or host name)').fill('127.0.0.1');
    await page.getByRole('button', { name: 'Add camera' }).click();
    assert.match(await problemAt(page, 'name'), /^At most 100 characters \(this has 101\)\./);
    await page.getByRole('alert').filter({ hasText: 'Some fields need attention.' }).waitFor();
    assert.deepEqual(posts, [], 'the client sent a name it knew to be too long');
    await assertAccessible(page, 'add form with a problem');

    // The client accepts a valid name; the request is rewritten on its way so the recorder sees 101 characters.
    await page.route(
      (url) => url.pathname === '/api/v1/cameras',
      async (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
        await route.continue({ postData: JSON.stringify({ ...body, name: 'y'.repeat(101) }) });
      },
    );
    browser.expectedStatuses.add(422);
    await page.locator('[name="name"]').fill('A valid name');
    await page.getByRole('button', { name: 'Add camera' }).click();
    assert.equal(await problemAt(page, 'name'), 'String should have at most 100 characters');
    assert.equal(posts.length, 1);
    await page.unrouteAll();
    browser.expectedStatuses.delete(422);
    assert.equal(
      (await t.request({ method: 'GET', url: '/api/v1/cameras', token: t.adminToken })).json().total,
      0,
    );
    await context.close();
  });

  it('adds a camera through the form and, with its stream settings set in the app, sees it go online', async () => {
    const { context, page } = await signedIn('/cameras/new');
    await page.getByRole('heading', { name: 'Add a camera' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Porch');
    await page.getByLabel('Location', { exact: true }).fill('Front door');
    await page.getByLabel('Address (IP or host name)').fill('127.0.0.1');
    await page.getByLabel('Main stream URL').fill(source.url);
    await page.getByRole('button', { name: 'Add camera' }).click();
    await page.getByRole('heading', { name: 'Porch', level: 1, exact: true }).waitFor();
    cameraId = Number(/\/cameras\/(\d+)$/.exec(page.url())?.[1]);
    assert.ok(cameraId > 0, page.url());
    await assertAccessible(page, 'camera page');

    await page.getByRole('link', { name: 'Stream settings' }).click();
    await page.getByRole('button', { name: 'Save stream settings' }).waitFor();
    await assertAccessible(page, 'stream settings');
    await page.getByLabel('Record this camera').check();
    await page.getByLabel('Segment length in seconds').fill('5');
    await page.getByRole('button', { name: 'Save stream settings' }).click();
    // Below the API's minimum: refused at the field, with the limit from the OpenAPI document.
    assert.match(await problemAt(page, 'recording_segment_seconds'), /^At least 10\./);
    await page.locator('[name="recording_segment_seconds"]').fill('10');
    await page.getByRole('combobox', { name: 'Transport security' }).selectOption('plaintext_allowed');
    await page.getByRole('button', { name: 'Save stream settings' }).click();
    await page.getByText('(chosen by an operator)').waitFor();
    const config = await t.request({
      method: 'GET',
      url: `/api/v1/camera-config/${cameraId}`,
      token: t.adminToken,
    });
    assert.equal(config.json().recording_enabled, true);
    assert.equal(config.json().recording_segment_seconds, 10);
    assert.equal(config.json().transport_security, 'plaintext_allowed');

    // Probe now: nothing speaks TLS on the loopback's port 322 (the probe at creation may have said so already:
    // the probe time tells this probe's answer apart).
    const probedBefore = config.json().transport_security_probed_at as string | null;
    await page.getByRole('button', { name: 'Probe now' }).click();
    await page.getByText('Probe finished').first().waitFor();
    const security = page.getByRole('region', { name: 'Transport security' });
    await security.getByRole('status').filter({ hasText: 'RTSPS not supported' }).waitFor();
    const probed = await t.request({
      method: 'GET',
      url: `/api/v1/camera-config/${cameraId}`,
      token: t.adminToken,
    });
    assert.notEqual(probed.json().transport_security_probed_at, probedBefore);
    assert.equal(probed.json().transport_security, 'plaintext_allowed', 'an operator-set policy stays');
    // Handing the policy back to the probe: it finds no RTSPS, so plaintext stays allowed, now by the probe.
    await page.getByRole('combobox', { name: 'Transport security' }).selectOption('');
    await page.getByRole('button', { name: 'Save stream settings' }).click();
    await security.getByText('(follows the probe)').waitFor();
    const followed = await t.request({
      method: 'GET',
      url: `/api/v1/camera-config/${cameraId}`,
      token: t.adminToken,
    });
    assert.equal(followed.json().transport_security_operator_set, false);
    assert.equal(followed.json().transport_security, 'plaintext_allowed');

    const state = page.getByTestId('camera-state');
    await state.getByText('Online', { exact: true }).waitFor({ timeout: 60_000 });
    await state.getByText('Recording', { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'Overview' }).click();
    // The live tile plays the camera too.
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, {
      timeout: 60_000,
    });
    await context.close();
  });

  it('edits the camera without ever showing its password', async () => {
    assert.ok(cameraId);
    const { context, page } = await signedIn(`/cameras/${cameraId}/edit`);
    await page.getByRole('heading', { name: 'Edit Porch' }).waitFor();
    assert.equal(await page.getByLabel('Location', { exact: true }).inputValue(), 'Front door');
    const password = page.getByLabel(/^Camera password/);
    assert.equal(await password.inputValue(), '');
    await page.getByText('none stored: leave empty for none').waitFor();
    await assertAccessible(page, 'edit form');
    await page.getByLabel('Location', { exact: true }).fill('Back door');
    await password.fill('s3cret-pass');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Porch', level: 1, exact: true }).waitFor();
    const camera = (
      await t.request({ method: 'GET', url: `/api/v1/cameras/${cameraId}`, token: t.adminToken })
    ).json();
    assert.equal(camera.location, 'Back door');
    assert.equal(camera.password_set, true);
    // Opened again: the password stays write-only, and the form says one is stored.
    await page.getByRole('link', { name: 'Edit camera' }).click();
    await page.getByRole('heading', { name: 'Edit Porch' }).waitFor();
    assert.equal(await page.getByLabel(/^Camera password/).inputValue(), '');
    await page.getByText('a password is stored: leave empty to keep it').waitFor();
    await context.close();
  });

  it('grants and revokes a user’s access', async () => {
    const { context, page } = await signedIn(`/cameras/${cameraId}/access`);
    const table = page.getByRole('table');
    await table.getByRole('row', { name: /keeper\s+Owner/ }).waitFor();
    await assertAccessible(page, 'access');
    const viewerSees = async () =>
      (await t.request({ method: 'GET', url: `/api/v1/cameras/${cameraId}`, token: viewer.token }))
        .statusCode;
    assert.equal(await viewerSees(), 404);

    await page.getByLabel('User', { exact: true }).selectOption({ label: 'viewer' });
    await page.getByLabel('Rights').selectOption('manage');
    await page.getByRole('button', { name: 'Grant access' }).click();
    await table.getByRole('row', { name: /viewer\s+View and manage/ }).waitFor();
    assert.equal(await viewerSees(), 200);

    await page.getByRole('button', { name: 'Revoke access of viewer' }).click();
    await table.getByRole('row', { name: /viewer/ }).waitFor({ state: 'detached' });
    assert.equal(await viewerSees(), 404);
    await context.close();
  });

  it('declares and removes a skill use, and says when the camera has no ONVIF service', async () => {
    const { context, page } = await signedIn(`/cameras/${cameraId}/skills`);
    await page.getByRole('heading', { name: 'In use on this camera' }).waitFor();
    await assertAccessible(page, 'skills');
    await page.getByLabel('Skill', { exact: true }).fill('person_detection');
    await page.getByLabel('Used by (app, adapter or rule name)').fill('porch-rule');
    await page.getByRole('button', { name: 'Declare' }).click();
    await page.getByText('Used by porch-rule').waitFor();
    await page
      .getByRole('button', { name: 'Remove the declaration of person_detection by porch-rule' })
      .click();
    await page.getByText('Used by porch-rule').waitFor({ state: 'detached' });

    // The camera has a password but no username: the recorder cannot sign in to it, and the screen says why.
    browser.expectedStatuses.add(400);
    await page.getByRole('link', { name: 'Device accounts' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: 'Could not list the accounts on the camera: The camera has no stored username and password',
      })
      .waitFor({ timeout: 30_000 });
    await assertAccessible(page, 'device accounts');
    browser.expectedStatuses.delete(400);
    await context.close();
  });

  it('bins the camera and deletes it for good only once the exact phrase is typed', async () => {
    const { context, page } = await signedIn(`/cameras/${cameraId}`);
    await page.getByRole('heading', { name: 'Porch', level: 1, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Move to bin' }).click();
    const binDialog = page.getByRole('dialog', { name: 'Move Porch to the bin?' });
    await binDialog.waitFor();
    await assertAccessible(page, 'move-to-bin dialog');
    await binDialog.getByRole('button', { name: 'Move to bin' }).click();
    await page.getByRole('heading', { name: 'Cameras', level: 1 }).waitFor();

    await page.getByRole('link', { name: 'Bin', exact: true }).click();
    await page.getByRole('heading', { name: 'Bin', level: 1 }).waitFor();
    await page.getByText('Porch', { exact: true }).waitFor();
    await assertAccessible(page, 'bin');
    await page.getByRole('button', { name: 'Delete for good: Porch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Porch for good?' });
    await dialog.waitFor();
    const phrase = "hard delete Porch and it's recording";
    assert.equal(await dialog.locator('#hard-delete-phrase').textContent(), phrase);
    const confirm = dialog.getByRole('button', { name: 'Delete for good' });
    const typed = dialog.getByLabel('Confirmation phrase');
    assert.equal(await confirm.isDisabled(), true);
    for (const nearly of [
      "Hard delete Porch and it's recording",
      `${phrase} `,
      ` ${phrase}`,
      phrase.slice(0, -1),
    ]) {
      await typed.fill(nearly);
      assert.equal(await confirm.isDisabled(), true, `enabled for ${JSON.stringify(nearly)}`);
    }
    await typed.fill(phrase);
    assert.equal(await confirm.isDisabled(), false);
    await assertAccessible(page, 'hard-delete dialog');

    // The recorder checks the phrase too: one altered on its way is refused, and the dialog says so.
    await page.route(
      (url) => url.pathname === `/api/v1/cameras/${cameraId}/hard-delete`,
      (route) => route.continue({ postData: JSON.stringify({ confirmation_phrase: phrase.toUpperCase() }) }),
    );
    browser.expectedStatuses.add(400);
    await confirm.click();
    await dialog.getByRole('alert').filter({ hasText: 'The confirmation phrase does not match' }).waitFor();
    await page.unrouteAll();
    browser.expectedStatuses.delete(400);
    const binned = await t.request({ method: 'GET', url: '/api/v1/cameras/deleted', token: t.adminToken });
    assert.equal(binned.json().total, 1);

    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('The bin is empty.').waitFor();
    const gone = await t.request({ method: 'GET', url: '/api/v1/cameras/deleted', token: t.adminToken });
    assert.equal(gone.json().total, 0);
    await context.close();
  });

  it('asks before adding a second camera for the same stream, and restores one from the bin', async () => {
    // The duplicate guard is per owner: the first camera is the signed-in user's.
    const first = await t.request({
      method: 'POST',
      url: '/api/v1/cameras?force=false',
      token: keeper.token,
      payload: { name: 'Garden', ip_address: '127.0.0.1', rtsp_url: source.url },
    });
    assert.equal(first.statusCode, 201, first.body);
    const { context, page } = await signedIn('/cameras/new');
    await page.getByRole('heading', { name: 'Add a camera' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Garden again');
    await page.getByLabel('Address (IP or host name)').fill('127.0.0.1');
    await page.getByLabel('Main stream URL').fill(source.url);
    browser.expectedStatuses.add(409);
    await page.getByRole('button', { name: 'Add camera' }).click();
    const dialog = page.getByRole('dialog', { name: 'You already have this camera' });
    await dialog.getByRole('link', { name: 'Garden' }).waitFor();
    await assertAccessible(page, 'duplicate dialog');
    await dialog.getByRole('button', { name: 'Add anyway' }).click();
    await page.getByRole('heading', { name: 'Garden again', level: 1 }).waitFor();
    browser.expectedStatuses.delete(409);

    // Binned through the API, restored in the app.
    const binnedId = first.json().id as number;
    await t.request({ method: 'DELETE', url: `/api/v1/cameras/${binnedId}`, token: keeper.token });
    await page.goto(`${origin}/cameras/bin`);
    // "Garden again" uses the same stream: restoring asks first.
    browser.expectedStatuses.add(409);
    await page.getByRole('button', { name: 'Restore: Garden' }).click();
    const again = page.getByRole('dialog', { name: 'Restore Garden anyway?' });
    await again.getByRole('button', { name: 'Restore anyway' }).click();
    await page.getByRole('heading', { name: 'Garden', level: 1 }).waitFor();
    browser.expectedStatuses.delete(409);
    const restored = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${binnedId}`,
      token: t.adminToken,
    });
    assert.equal(restored.statusCode, 200);
    await context.close();
  });
});
