// The administration screens (issue #18, screen 3) in Debian's chromium against a real recorder: accounts
// (create, reset a password, make administrator, deactivate, grant a camera — each checked through the API),
// the audit log's filters and readable details, the recording settings with the disk use, a backup downloaded
// and a dry-run restore of it that lists the differences and changes nothing, an app's key shown once with a
// copy button, cloud and stream-target secrets never shown again (on screen or in any response) and a target's
// live state, the media-source TLS upload (a key that does not match refused; the parsed certificate and its
// expiry warning), and a non-administrator who sees no "Admin" entry, a "Not allowed" screen at a deep link and
// 403 from the APIs. axe-core on every admin screen, every screen at a phone's width, no console error.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createTestApp, USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import { selfSignedCertificate } from '../../recorder/test/helpers/net-servers.js';
import type { TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';
import {
  addTestCamera,
  openWatchedBrowser,
  seriousViolations,
  signIn,
  type WatchedBrowser,
} from './helpers.js';

describe('administration in chromium', { timeout: 240_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;
  let camera: { id: number; source: TestCamera };
  let boss: { id: number; token: string };
  let viewer: { id: number; token: string };

  before(async () => {
    t = await createTestApp();
    origin = `http://${await listen(t.app)}`;
    browser = await openWatchedBrowser();
    boss = await t.createUser('boss', { superuser: true });
    viewer = await t.createUser('viewer');
    // Grants need a camera; nothing here watches or records it.
    camera = await addTestCamera(t, 'Porch', { recording_enabled: false });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await camera?.source.close();
    assert.deepEqual(browser.problems, []);
  });

  async function signedIn(path: string, username = 'boss', width = 1280): Promise<Page> {
    const { page } = await browser.newPage({ width, height: 900 });
    await page.goto(`${origin}${path}`);
    await signIn(page, username, USER_PASSWORD);
    // Signed in (the session cookie set) before the test moves on, or a navigation could cut the sign-in off.
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    return page;
  }

  const get = async <T>(url: string, token = boss.token): Promise<T> => {
    const answer = await t.request({ method: 'GET', url, token });
    assert.equal(answer.statusCode, 200, answer.body);
    return answer.json<T>();
  };
  const userNamed = async (username: string) =>
    (
      await get<{ users: { id: number; username: string; is_active: boolean; is_superuser: boolean }[] }>(
        '/api/v1/users?limit=500',
      )
    ).users.find((user) => user.username === username);
  const canSignIn = async (username: string, password: string) =>
    (await t.request({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } }))
      .statusCode === 200;

  it('creates a user, resets the password, makes them administrator, grants a camera and deactivates them', async () => {
    const page = await signedIn('/admin');
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    // An administrator has the "Admin" entry, and /admin opens on the users.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], '/admin/users');

    // The client checks the server's bounds first: a two-letter name is refused at the field.
    const form = page.getByRole('form', { name: 'New user' });
    await form.getByLabel('Username').fill('al');
    await form.getByLabel('First password').fill('Short');
    await form.getByRole('button', { name: 'Create user' }).click();
    await form.getByText('At least 3 characters.').waitFor();
    await form.getByText('At least 8 characters.').waitFor();
    assert.equal(await userNamed('al'), undefined);

    await form.getByLabel('Username').fill('alex');
    await form.getByLabel('First password').fill('First-pass-123');
    await form.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('link', { name: 'alex', exact: true }).click();
    await page.getByRole('heading', { name: 'alex' }).waitFor();
    const alex = await userNamed('alex');
    assert.ok(alex?.is_active && !alex.is_superuser);
    assert.equal(await canSignIn('alex', 'First-pass-123'), true);
    await page.getByRole('combobox', { name: 'Access to Porch' }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], '/admin/users/:id');

    await page.getByLabel('New password').fill('Second-pass-456');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password of alex reset').first().waitFor();
    assert.equal(await canSignIn('alex', 'Second-pass-456'), true);
    assert.equal(await canSignIn('alex', 'First-pass-123'), false);

    await page.getByRole('combobox', { name: 'Access to Porch' }).selectOption('view');
    await page.getByText('alex: View on Porch').first().waitFor();
    const grants = await get<{ user_id: number; can_view: boolean; can_manage: boolean }[]>(
      `/api/v1/cameras/${camera.id}/permissions`,
    );
    assert.deepEqual(
      grants.find((entry) => entry.user_id === alex.id),
      { user_id: alex.id, can_view: true, can_manage: false, is_owner: false, username: 'alex' },
    );

    await page.getByRole('button', { name: 'Make administrator' }).click();
    await page.getByRole('button', { name: 'Remove administrator role' }).waitFor();
    assert.equal((await userNamed('alex'))?.is_superuser, true);

    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('button', { name: 'Reactivate' }).waitFor();
    assert.equal((await userNamed('alex'))?.is_active, false);
    assert.equal(await canSignIn('alex', 'Second-pass-456'), false);
    await page.context().close();
  });

  it('lists the audit log filtered by user and action, with readable details', async () => {
    // Something of the viewer's own to find among the rest.
    const changed = await t.request({
      method: 'PUT',
      url: '/api/v1/users/me/password',
      token: viewer.token,
      payload: { current_password: USER_PASSWORD, new_password: USER_PASSWORD },
    });
    assert.equal(changed.statusCode, 204, changed.body);

    const page = await signedIn('/admin/audit');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const rows = page.getByRole('table').getByRole('row');
    await page.getByRole('cell', { name: 'user.create' }).first().waitFor();
    assert.deepEqual(await seriousViolations(page), [], '/admin/audit');

    await page.getByLabel('User').selectOption({ label: 'viewer' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('cell', { name: 'user.password_change' }).waitFor();
    await page.waitForFunction(() => !document.body.textContent?.includes('user.create'));
    // Only the viewer's entries (their sign-in and the password change).
    assert.deepEqual(new Set(await rows.locator('td:nth-child(2)').allTextContents()), new Set(['viewer']));

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Action').fill('user.create');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForFunction(() => !document.body.textContent?.includes('user.password_change'));
    assert.deepEqual(
      new Set(await rows.locator('td:nth-child(3)').allTextContents()),
      new Set(['user.create']),
    );
    // Details open to "key: value" lines: the created account's name.
    await page
      .getByText(/\d+ details?/)
      .first()
      .click();
    await page.getByRole('definition').filter({ hasText: 'alex' }).first().waitFor();

    // A time range that ends before anything happened: an empty state that says what to do.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Until').fill('2001-01-01T00:00');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No entries match').waitFor();
    await page.context().close();
  });

  it('saves the recording settings, downloads a backup, and a dry-run restore shows the differences but changes nothing', async () => {
    const page = await signedIn('/admin/system');
    await page.getByRole('heading', { name: 'System' }).waitFor();
    await page.getByLabel('Keep recordings (days)').waitFor();
    assert.deepEqual(await seriousViolations(page), [], '/admin/system');

    // The disk use next to the settings (no recordings yet; the default 5 GB floor).
    await page
      .getByText(/Recordings take 0 bytes\. Free on their disk: .* Kept free: at least 5\.0 GB\./)
      .waitFor();
    await page.getByLabel('Keep recordings (days)').fill('14');
    await page.getByRole('button', { name: 'Save recording settings' }).click();
    await page.getByText('Recording settings saved').first().waitFor();
    assert.equal((await get<{ retention_days: number }>('/api/v1/settings/recording')).retention_days, 14);

    const backup = page.getByRole('form', { name: 'Backup' });
    await backup.getByLabel('Backup secret').fill('a long backup secret');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      backup.getByRole('button', { name: 'Download backup' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.nvrbak$/);
    // The secret is not left on screen.
    assert.equal(await backup.getByLabel('Backup secret').inputValue(), '');

    // After the backup: one more account and another retention.
    await t.createUser('latecomer');
    const put = await t.request({
      method: 'PUT',
      url: '/api/v1/settings/recording',
      token: boss.token,
      payload: { retention_days: 60 },
    });
    assert.equal(put.statusCode, 200, put.body);
    const usersBefore = await get<unknown>('/api/v1/users?limit=500');
    const settingsBefore = await get<unknown>('/api/v1/settings/recording');

    const restore = page.getByRole('form', { name: 'Restore' });
    await restore.getByLabel('Backup file').setInputFiles(await download.path());
    await restore.getByLabel('Backup secret').fill('a long backup secret');
    assert.equal(await restore.getByRole('button', { name: 'Restore…' }).isDisabled(), true);
    await restore.getByRole('button', { name: 'Check what would change' }).click();
    await restore.getByText('Dry run: nothing was changed.').waitFor();
    // The account made after the backup would go, and the retention would change back.
    const row = (name: string) => restore.getByRole('row', { name: new RegExp(`^${name} `) });
    assert.deepEqual(await row('users').getByRole('cell').allTextContents(), ['0', '0', '1', '4']);
    assert.deepEqual(await row('settings').getByRole('cell').allTextContents(), ['0', '1', '0', '0']);
    assert.equal(await restore.getByRole('button', { name: 'Restore…' }).isDisabled(), false);
    assert.deepEqual(await seriousViolations(page), [], '/admin/system with a dry-run report');

    // Nothing changed on the recorder.
    assert.deepEqual(await get<unknown>('/api/v1/users?limit=500'), usersBefore);
    assert.deepEqual(await get<unknown>('/api/v1/settings/recording'), settingsBefore);
    await page.context().close();
  });

  it('registers an app and shows its key once, with a copy button; the key works once the app is enabled', async () => {
    const page = await signedIn('/admin/apps');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.getByText('No apps yet').waitFor();
    assert.deepEqual(await seriousViolations(page), [], '/admin/apps');

    const form = page.getByRole('form', { name: 'Register an app' });
    await form.getByLabel('App id').fill('door-counter');
    await form.getByLabel('Name').fill('Door counter');
    await form.getByLabel('Version').fill('1.0.0');
    await form.getByLabel('Address').fill('http://127.0.0.1:9/');
    await form.getByRole('button', { name: 'Register app' }).click();
    const dialog = page.getByRole('dialog', { name: "The app's key" });
    const key = (await dialog.getByRole('status', { name: 'The key' }).textContent()) ?? '';
    assert.ok(key.length > 20);
    assert.deepEqual(await seriousViolations(page), [], 'the key dialog');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByText('Copied to the clipboard.').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), key);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Never again: not on the screen after a reload, not in the API's answers.
    await page.reload();
    await page.getByRole('heading', { name: /Door counter/ }).waitFor();
    assert.equal(await page.getByText(key).count(), 0);
    assert.ok(
      !(await t.request({ method: 'GET', url: '/api/v1/apps', token: boss.token })).body.includes(key),
    );

    const asApp = () => t.request({ method: 'GET', url: '/api/v1/apps/door-counter', token: key });
    assert.equal((await asApp()).statusCode, 401);
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('button', { name: 'Disable' }).waitFor();
    assert.equal((await asApp()).statusCode, 200);
    await page.context().close();
  });

  it('never shows a secret typed into the cloud settings or a stream target again, on screen or in any response', async () => {
    const SECRET = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCY';
    const TOKEN = 'stream-token-5f1c2e9a7b';
    const { page } = await browser.newPage();
    // Every answer the page gets, read whole, to look for the secrets in (the event stream never ends: its
    // events are the recorder's, checked in the events tests).
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.headers()['content-type']?.startsWith('text/event-stream')) return;
      bodies.push(response.text().catch(() => ''));
    });
    await page.goto(`${origin}/admin/cloud`);
    await signIn(page, 'boss', USER_PASSWORD);
    await page.getByLabel('Secret key (not set)').waitFor();
    assert.deepEqual(await seriousViolations(page), [], '/admin/cloud');

    await page.getByLabel('Access key').fill('AKIAEXAMPLE');
    await page.getByLabel('Secret key (not set)').fill(SECRET);
    await page.getByLabel('Access token (not set)').fill(TOKEN);
    await page.getByRole('button', { name: 'Save cloud settings' }).click();
    await page.getByText('Cloud settings saved').first().waitFor();
    // The form comes back with the secrets as "set" and empty fields.
    assert.equal(await page.getByLabel('Secret key (set)').inputValue(), '');
    assert.equal(await page.getByLabel('Access token (set)').inputValue(), '');
    await page.reload();
    await page.getByLabel('Secret key (set)').waitFor();
    assert.equal(await page.getByLabel('Access key').inputValue(), 'AKIAEXAMPLE');

    // A stream target, its key write-only too, and its live state as the recorder reports it.
    const KEY = 'porch-stream-key-8d2f';
    const target = page.getByRole('form', { name: 'New stream target' });
    await target.getByLabel('Camera').selectOption({ label: 'Porch' });
    await target.getByLabel('Name (optional)').fill('porch-live');
    await target.getByLabel('Server').fill('rtmp://127.0.0.1:9/live');
    await target.getByLabel('Stream key').fill(KEY);
    await target.getByRole('button', { name: 'Add stream target' }).click();
    await page.getByText('key set').waitFor();
    assert.equal(await target.getByLabel('Stream key').inputValue(), '');
    const status = await get<{ state: string }>('/api/v1/cloud/stream-targets/porch-live/status');
    // Cloud streaming is off: the target waits (the screen says what that means).
    assert.equal(status.state, 'waiting');
    await page.getByText(/^Waiting \(cloud streaming off/).waitFor();
    assert.deepEqual(await seriousViolations(page), [], '/admin/cloud with a stream target');

    const html = await page.content();
    const secrets = [SECRET, TOKEN, KEY];
    assert.ok(!secrets.some((secret) => html.includes(secret)));
    const seen = await Promise.all(bodies);
    assert.ok(seen.length > 5);
    assert.ok(!seen.some((body) => secrets.some((secret) => body.includes(secret))));
    // Stored all the same.
    const stored = await get<{
      recording: { secret_key_set: boolean };
      streaming: { auth_token_set: boolean };
    }>('/api/v1/cloud/settings');
    assert.equal(stored.recording.secret_key_set && stored.streaming.auth_token_set, true);
    await page.context().close();
  });

  it('uploads the media-source TLS files: a key that does not match is refused, the parsed certificate and its expiry are shown', async () => {
    const [gateway, other] = await Promise.all([
      selfSignedCertificate('camera-gateway.local'),
      selfSignedCertificate('someone-else'),
    ]);
    const pem = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/x-pem-file', buffer });
    const page = await signedIn('/admin/tls');
    await page.getByText('Nothing uploaded yet').waitFor();
    assert.deepEqual(await seriousViolations(page), [], '/admin/tls');

    const upload = page.getByRole('form', { name: 'Upload' });
    await upload.getByLabel('Certificate (PEM)').setInputFiles(pem('cert.pem', gateway.cert));
    await upload.getByLabel('Private key (PEM)').setInputFiles(pem('key.pem', other.key));
    browser.expectedStatuses.add(400);
    await upload.getByRole('button', { name: 'Upload' }).click();
    await upload.getByRole('alert').filter({ hasText: 'key_file does not match the certificate' }).waitFor();
    browser.expectedStatuses.delete(400);
    assert.equal((await get<{ cert: unknown }>('/api/v1/media-source/tls')).cert, null);

    await upload.getByLabel('Private key (PEM)').setInputFiles(pem('key.pem', gateway.key));
    await upload.getByRole('button', { name: 'Upload' }).click();
    const stored = page.getByRole('region', { name: 'Stored' });
    await stored.getByText('CN=camera-gateway.local').first().waitFor();
    await stored.getByText('Private key: set, and it matches the certificate').waitFor();
    // A one-day certificate: the expiry warning.
    await stored
      .getByRole('alert')
      .filter({ hasText: /Expires within a day/ })
      .waitFor();
    assert.deepEqual(await seriousViolations(page), [], '/admin/tls with a certificate');
    const tls = await get<{ cert: { subject: string }; key_set: boolean }>('/api/v1/media-source/tls');
    assert.match(tls.cert.subject, /camera-gateway\.local/);
    assert.equal(tls.key_set, true);
    await page.context().close();
  });

  it('shows a non-administrator no administration, a clear "not allowed" at a deep link, and 403 from the APIs', async () => {
    const page = await signedIn('/admin/users', 'viewer');
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Live' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Admin' }).count(), 0);
    assert.deepEqual(await seriousViolations(page), [], 'not allowed');
    await page.context().close();

    // A fresh token: the password change of the audit test ended the viewer's earlier sessions.
    const token = (await t.login('viewer', USER_PASSWORD)).access_token;
    for (const [method, url] of [
      ['GET', '/api/v1/users'],
      ['PUT', `/api/v1/users/${viewer.id}`],
      ['GET', '/api/v1/audit-logs'],
      ['GET', '/api/v1/settings/recording'],
      ['POST', '/api/v1/system/backup'],
    ] as const) {
      const answer = await t.request({
        method,
        url,
        token,
        payload:
          method === 'GET'
            ? undefined
            : method === 'PUT'
              ? { is_superuser: true }
              : { secret_key: 'x'.repeat(12) },
      });
      assert.equal(answer.statusCode, 403, `${method} ${url}`);
    }
  });

  it('fits every administration screen on a 390 px phone', async () => {
    const page = await signedIn('/admin/users', 'boss', 390);
    for (const [path, heading] of [
      ['/admin/users', 'Users'],
      [`/admin/users/${viewer.id}`, 'viewer'],
      ['/admin/audit', 'Audit log'],
      ['/admin/system', 'System'],
      ['/admin/apps', 'Apps'],
      ['/admin/cloud', 'Cloud'],
      ['/admin/tls', 'Media TLS'],
      ['/admin/integrations', 'Integrations'],
    ] as const) {
      await page.goto(`${origin}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      // The tabs scroll sideways on a phone: the current one is brought into view.
      await page.waitForFunction(() => {
        const tab = document.querySelector('nav[aria-label="Administration"] [aria-current="page"]');
        const box = tab?.getBoundingClientRect();
        return box !== undefined && box.left >= 0 && box.right <= window.innerWidth;
      });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `${path} is ${width} px wide on a 390 px phone`);
      assert.deepEqual(await seriousViolations(page), [], `${path} at 390 px`);
    }
    await page.context().close();
  });
});
