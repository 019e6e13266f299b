// Admin → Integrations, the MQTT / Home Assistant settings (issue #21), in Debian's chromium against a real
// recorder and a real mosquitto with a password file: the connection is "Off" at first; a broker address with a
// wrong password shows "Refused credentials" with the broker's reason; the right one (only the password is sent)
// shows "Connected", and a client on the broker sees `<prefix>/available` = `online`, retained. The password never
// comes back in any response nor stays on the page. A topic prefix the recorder refuses is shown at that field and
// changes nothing; a field set by the environment is read-only and names its variable. A non-superuser has no
// administration and gets "Not allowed" at the deep link (and 403 from the API). axe-core on every step, no
// console error. With WEB_SHOTS_DIR set, screenshots at 1280 and 390 px go there.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import { startBroker, watchBroker, type TestBroker } from '../../recorder/test/helpers/mosquitto.js';
import { checkStep, openWatchedBrowser, problemAt, signIn, type WatchedBrowser } from './helpers.js';

const RECORDER = { username: 'nvr-web', password: 'Broker-pass-for-web-93' };
const WRONG_PASSWORD = 'Not-the-broker-pass-17';
const WATCHER = { username: 'watcher', password: 'watcher-broker-pass' };
/** Set through the environment: the screen shows it read-only, naming the variable. */
const DISCOVERY_PREFIX = 'ha-web';

type Json = Record<string, any>;

describe('MQTT settings in chromium', { timeout: 120_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;
  let broker: TestBroker;
  let watcher: Awaited<ReturnType<typeof watchBroker>>;

  before(async () => {
    broker = await startBroker({
      users: { [RECORDER.username]: RECORDER.password, [WATCHER.username]: WATCHER.password },
    });
    [t, browser, watcher] = await Promise.all([
      createTestApp({ env: { MQTT_DISCOVERY_PREFIX: DISCOVERY_PREFIX } }),
      openWatchedBrowser(),
      watchBroker(broker.url, WATCHER, ['nvr/#']),
    ]);
    origin = `http://${await listen(t.app)}`;
    await t.createUser('keeper', { superuser: true });
    await t.createUser('plain');
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await watcher?.close();
    await broker?.close();
    assert.deepEqual(browser.problems, []);
  });

  const settings = async (token = t.adminToken) =>
    (await t.request({ method: 'GET', url: '/api/v1/integrations/mqtt', token })).json<Json>();

  it('a superuser connects the recorder: refused credentials, then connected and online on the broker', async () => {
    const { page } = await browser.newPage({ width: 1280, height: 900 });
    // Every answer the page gets, read whole, to look for the password in (the event stream never ends).
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.headers()['content-type']?.startsWith('text/event-stream')) return;
      bodies.push(response.text().catch(() => ''));
    });
    /** The bodies of the settings PUTs the page sends: only the fields changed. */
    const sent: Json[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/v1/integrations/mqtt'))
        sent.push(request.postDataJSON() as Json);
    });
    await page.goto(`${origin}/admin`);
    await signIn(page, 'keeper', USER_PASSWORD);
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Integrations' })
      .click();
    await page.getByRole('heading', { name: 'Integrations', exact: true }).waitFor();
    const state = page.getByTestId('mqtt-state');
    await state.filter({ hasText: /^Off$/ }).waitFor();
    // The environment's field: read-only, naming the variable.
    const discovery = page.getByLabel('Discovery prefix (set by MQTT_DISCOVERY_PREFIX)');
    assert.equal(await discovery.inputValue(), DISCOVERY_PREFIX);
    assert.equal(await discovery.getAttribute('readonly'), '');
    await checkStep(page, '1-off');

    // A wrong password: the broker refuses it, and the screen says so with the broker's reason.
    await page.getByLabel('Connect to the broker').check();
    await page.getByLabel('Broker address').fill(broker.url);
    await page.getByLabel('Username').fill(RECORDER.username);
    await page.getByLabel('Password (not set)').fill(WRONG_PASSWORD);
    await page.getByRole('button', { name: 'Save MQTT settings' }).click();
    await page.getByText('MQTT settings saved').first().waitFor();
    await state.filter({ hasText: 'Refused credentials' }).waitFor();
    await page.getByText('Last error').waitFor();
    assert.equal((await settings()).status.state, 'auth_failed');
    // The form comes back with the password as "set" and an empty field.
    assert.equal(await page.getByLabel('Password (set)').inputValue(), '');
    await checkStep(page, '2-refused');

    // The right password: only it is sent, and the recorder connects and says it is online, retained.
    const from = watcher.messages.length;
    await page.getByLabel('Password (set)').fill(RECORDER.password);
    await page.getByRole('button', { name: 'Save MQTT settings' }).click();
    await state.filter({ hasText: /^Connected$/ }).waitFor();
    const online = await watcher.next(
      (m) => m.topic === 'nvr/available' && m.payload.toString() === 'online',
      {
        what: 'nvr/available = online',
        from,
      },
    );
    assert.equal(online.retain, true);
    // The screen says what the recorder connects as.
    await page
      .getByRole('region', { name: 'Connection' })
      .getByText(/^nvr-recorder-/)
      .waitFor();
    assert.deepEqual(sent, [
      { enabled: true, url: broker.url, username: RECORDER.username, password: WRONG_PASSWORD },
      { password: RECORDER.password },
    ]);
    // The topics it publishes under, read-only.
    const topics = page.getByRole('region', { name: 'Topics' });
    await topics.getByText('nvr/available').waitFor();
    await topics.getByText((await settings()).recorder_id, { exact: true }).waitFor();
    await checkStep(page, '3-connected');

    // A topic prefix the recorder refuses: its reason at the field, nothing changed, still connected.
    const before = await settings();
    browser.expectedStatuses.add(422);
    await page.getByLabel('Topic prefix').fill('cams/#');
    await page.getByRole('button', { name: 'Save MQTT settings' }).click();
    assert.match(await problemAt(page, 'topic_prefix'), /topic_prefix must be topic levels/);
    browser.expectedStatuses.delete(422);
    assert.deepEqual(sent.at(-1), { topic_prefix: 'cams/#' });
    assert.deepEqual(await settings(), before);
    await state.filter({ hasText: /^Connected$/ }).waitFor();
    await checkStep(page, '4-refused-prefix');

    const secrets = [RECORDER.password, WRONG_PASSWORD];
    const html = await page.content();
    assert.ok(!secrets.some((secret) => html.includes(secret)), 'no password left on the page');
    const seen = await Promise.all(bodies);
    assert.ok(seen.some((body) => body.includes('"password_set":true')));
    assert.ok(
      !seen.some((body) => secrets.some((secret) => body.includes(secret))),
      'no password in a response',
    );
    await page.context().close();
  });

  it('shows a non-superuser no Integrations, "Not allowed" at the deep link, and 403 from the API', async () => {
    const { page } = await browser.newPage({ width: 1280, height: 900 });
    await page.goto(`${origin}/admin/integrations`);
    await signIn(page, 'plain', USER_PASSWORD);
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Live' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Admin' }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Integrations' }).count(), 0);
    await checkStep(page, '5-not-allowed');
    await page.context().close();

    const token = (await t.login('plain', USER_PASSWORD)).access_token;
    const answer = await t.request({ method: 'GET', url: '/api/v1/integrations/mqtt', token });
    assert.equal(answer.statusCode, 403);
  });
});
