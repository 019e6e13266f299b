// Events and alerts in the web app (issue #16, screen 3), against a real recorder in Debian's chromium: alerts the
// recorder raises (a camera whose stream cannot be reached goes offline) appear live in the list and in the
// header counter and are acknowledged in the three AckIn shapes; the live event list neither duplicates nor drops
// an event across a reconnect; notification actions save, show secrets only as "set", and put 422s at the field.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { createTestApp, USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { peopleStill } from '../../recorder/test/helpers/adapter-process.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import { startReceiver, type Receiver } from '../../recorder/test/helpers/receivers.js';
import { checkStep, openWatchedBrowser, seriousViolations, signIn, type WatchedBrowser } from './helpers.js';

interface AlertJson {
  id: number;
  camera_id: number | null;
  title: string;
  severity: string;
  acknowledged: boolean;
  created_at: string;
}

describe('events and alerts in chromium', { timeout: 300_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;
  const receivers: Receiver[] = [];
  let cameraCount = 0;

  before(async () => {
    // An offline camera raises its alert 100 ms after it goes offline, instead of a minute.
    t = await createTestApp({ overrides: { offlineAlertMs: 100 } });
    origin = `http://${await listen(t.app)}`;
    browser = await openWatchedBrowser();
    await t.createUser('chief', { superuser: true });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    for (const receiver of receivers) await receiver.close();
    assert.deepEqual(browser.problems, []);
  });

  async function signedIn(
    path: string,
    username = 'chief',
  ): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await browser.newPage();
    await opened.page.goto(`${origin}${path}`);
    await signIn(opened.page, username, USER_PASSWORD);
    return opened;
  }

  /** The unacknowledged alerts in the whole scope, as the server says. */
  async function openAlerts(): Promise<AlertJson[]> {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/alerts?acknowledged=false&limit=500',
      token: t.adminToken,
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ alerts: AlertJson[] }>().alerts;
  }

  /**
   * A real alert: a camera whose stream cannot be reached records, goes offline, and the recorder raises
   * "<name> is offline" (high) once it has been offline for the grace period. Recording is switched off again
   * once the alert is there, so the camera stops retrying.
   */
  async function cameraGoesOffline(): Promise<{ cameraId: number; alert: AlertJson }> {
    cameraCount += 1;
    const name = `Gate ${cameraCount}`;
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/cameras?force=true',
      token: t.adminToken,
      payload: { name, ip_address: '127.0.0.1', rtsp_url: 'rtsp://127.0.0.1:9/unreachable' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const cameraId = created.json<{ id: number }>().id;
    const config = (recording_enabled: boolean) =>
      t.request({
        method: 'PATCH',
        url: `/api/v1/camera-config/${cameraId}`,
        token: t.adminToken,
        payload: { transport_security: 'plaintext_allowed', recording_enabled },
      });
    assert.equal((await config(true)).statusCode, 200);
    let alert: AlertJson | undefined;
    for (let i = 0; i < 300 && !alert; i++) {
      alert = (await openAlerts()).find((a) => a.camera_id === cameraId);
      if (!alert) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(alert, `no alert for camera ${cameraId}`);
    assert.equal(alert.title, `${name} is offline`);
    assert.equal((await config(false)).statusCode, 200);
    return { cameraId, alert };
  }

  /** The JSON bodies the page sends to POST /alerts/acknowledge. */
  function ackBodies(page: Page): unknown[] {
    const bodies: unknown[] = [];
    page.on('request', (request: Request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/alerts/acknowledge')) {
        bodies.push(request.postDataJSON());
      }
    });
    return bodies;
  }

  const badge = (page: Page) => page.getByTestId('unacked-badge');
  const row = (page: Page, alert: AlertJson) => page.locator(`li[data-alert-id="${alert.id}"]`);

  it('shows a raised alert live in the list and the header counter; "acknowledge all matching" clears them', async () => {
    const { context, page } = await signedIn('/alerts');
    const bodies = ackBodies(page);
    await page.getByRole('heading', { name: 'Alerts', exact: true }).waitFor();
    await page.getByText('No unacknowledged alerts.').waitFor();
    await page.getByTestId('stream-live').waitFor();
    await badge(page).and(page.getByLabel('0 unacknowledged alerts')).waitFor();
    assert.deepEqual(await seriousViolations(page), []);

    // Raised by the recorder while the page is open: it appears without a reload.
    const { alert, cameraId } = await cameraGoesOffline();
    await row(page, alert).getByText(alert.title).waitFor();
    await badge(page).and(page.getByLabel('1 unacknowledged alert')).waitFor();
    // Its camera's footage, from 5 s before the alert (a system alert has none).
    assert.equal(
      await row(page, alert)
        .getByRole('link', { name: `Footage of: ${alert.title}` })
        .getAttribute('href'),
      `/recordings/${cameraId}?t=${Date.parse(alert.created_at) - 5000}`,
    );
    // A second one, of another severity: the recording volume's free-space floor (the storage layer's call).
    const disk = await t.container.alerts.diskFloorReached({
      path: '/recordings',
      free_bytes: 1024 ** 3,
      floor_bytes: 2 * 1024 ** 3,
    });
    assert.ok(disk);
    await row(page, disk).waitFor();
    await badge(page).and(page.getByLabel('2 unacknowledged alerts')).waitFor();
    assert.equal(
      await row(page, disk)
        .getByRole('link', { name: /^Footage/ })
        .count(),
      0,
    );

    // Filtered to severity "high": all matching means the offline alert only, sent as a filter.
    await page.getByLabel('Severity').selectOption('high');
    await row(page, disk).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Acknowledge all matching (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge all matching alerts?' });
    await dialog.waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await dialog.getByRole('button', { name: 'Acknowledge all matching' }).click();
    await badge(page).and(page.getByLabel('1 unacknowledged alert')).waitFor();
    assert.deepEqual(bodies, [{ severity: 'high' }]);
    assert.deepEqual(
      (await openAlerts()).map((a) => a.id),
      [disk.id],
    );

    // No filter: every unacknowledged alert in scope, the empty AckIn.
    await page.getByLabel('Severity').selectOption('');
    await page.getByRole('button', { name: 'Acknowledge all matching (1)' }).click();
    await dialog.getByRole('button', { name: 'Acknowledge all matching' }).click();
    await badge(page).and(page.getByLabel('0 unacknowledged alerts')).waitFor();
    await page.getByText('No unacknowledged alerts.').waitFor();
    assert.deepEqual(bodies, [{ severity: 'high' }, {}]);
    assert.deepEqual(await openAlerts(), []);
    await context.close();
  });

  it('acknowledges one alert, then the selected ones', async () => {
    // Whatever an earlier test left open is acknowledged first, so the counts below are this test's own.
    const reset = await t.request({ method: 'POST', url: '/api/v1/alerts/acknowledge', token: t.adminToken });
    assert.equal(reset.statusCode, 200, reset.body);
    const raised = [];
    for (let i = 0; i < 3; i++) raised.push((await cameraGoesOffline()).alert);
    const [first, second, third] = raised as [AlertJson, AlertJson, AlertJson];
    const { context, page } = await signedIn('/alerts');
    const bodies = ackBodies(page);
    await badge(page).and(page.getByLabel('3 unacknowledged alerts')).waitFor();

    await page.getByRole('button', { name: `Acknowledge: ${second.title}` }).click();
    await row(page, second).waitFor({ state: 'detached' });
    await badge(page).and(page.getByLabel('2 unacknowledged alerts')).waitFor();
    assert.deepEqual(bodies, [{ ids: [second.id] }]);

    await page.getByLabel(`Select: ${first.title}`).check();
    await page.getByLabel(`Select: ${third.title}`).check();
    await page.getByRole('button', { name: 'Acknowledge selected (2)' }).click();
    await badge(page).and(page.getByLabel('0 unacknowledged alerts')).waitFor();
    assert.deepEqual(bodies[1], { ids: [third.id, first.id].sort((a, b) => b - a) });
    assert.deepEqual(await openAlerts(), []);

    // The acknowledged ones are still there, with who acknowledged them.
    await page.getByLabel('Status').selectOption('acknowledged');
    await row(page, first).getByText('Acknowledged by chief').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await context.close();
  });

  it('neither duplicates nor drops an event across a reconnect of the live list', async () => {
    const { context, page } = await signedIn('/events');
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    await page.getByTestId('stream-live').waitFor();
    const before = await cameraGoesOffline();
    await page
      .locator(`li[data-event-id]`)
      .filter({ hasText: `Gate ${cameraCount}` })
      .first()
      .waitFor();
    assert.deepEqual(await seriousViolations(page), []);

    // The stream breaks (as when the recorder restarts) and cannot come back until the gate opens; the tab
    // asks for a new ticket meanwhile.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let ticketsAsked = 0;
    await page.route('**/api/v1/events/ticket', async (route) => {
      ticketsAsked += 1;
      await gate;
      await route.continue();
    });
    t.container.eventStreams.closeStreams();
    await page.getByTestId('stream-reconnecting').waitFor();
    // Events happen while the tab is cut off.
    const during = [await cameraGoesOffline(), await cameraGoesOffline()];
    assert.ok(ticketsAsked >= 1);
    open();
    await page.getByTestId('stream-live').waitFor();
    // And after it is back.
    const afterwards = await cameraGoesOffline();
    for (const { alert } of [...during, afterwards]) {
      await page.locator(`li[data-event-id]`).filter({ hasText: alert.title }).first().waitFor();
    }

    // Every stored event since the first camera, each exactly once.
    const stored = (
      await t.request({
        method: 'GET',
        url: `/api/v1/events/latest?limit=500&type=camera.offline,alert.created`,
        token: t.adminToken,
      })
    )
      .json<{ events: { id: number; camera_id: number | null }[] }>()
      .events.filter((event) => event.camera_id !== null && event.camera_id >= before.cameraId);
    assert.ok(stored.length >= 8, `only ${stored.length} events stored`);
    const shown = await page
      .locator('li[data-event-id]')
      .evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.eventId)));
    assert.equal(new Set(shown).size, shown.length, `duplicates in ${shown.join(',')}`);
    for (const { id } of stored) assert.ok(shown.includes(id), `event ${id} is missing`);
    await page.unroute('**/api/v1/events/ticket');
    await context.close();
  });

  it('lists every kind of event the recorder publishes: motion, zones and incidents, stored and live', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/cameras?force=true',
      token: t.adminToken,
      payload: { name: 'Driveway', ip_address: '127.0.0.1', rtsp_url: 'rtsp://127.0.0.1:9/driveway' },
    });
    const cameraId = created.json<{ id: number }>().id;
    // As the motion watch, the zone watch and the review builder publish them (their own tests make them happen).
    const publish = (
      type: 'motion.end' | 'zone.enter' | 'zone.exit' | 'review.opened',
      data: Record<string, unknown>,
    ) => t.container.events.publish({ type, camera_id: cameraId, source: 'test', data });
    const seenAt = Date.now() - 2000;
    await publish('zone.enter', { zone: 'Gateway', label: 'person', track_id: 't1', at: seenAt });
    const { context, page } = await signedIn('/events');
    const item = (text: string) => page.locator('li[data-event-id]').filter({ hasText: text }).first();
    // Stored before the page opened: in the first page (/events/latest asked for every type).
    await item('person entered Gateway').waitFor();
    await page.getByTestId('stream-live').waitFor();
    await publish('zone.exit', { zone: 'Gateway', label: 'person', track_id: 't1', dwell_ms: 12_400 });
    await publish('motion.end', { duration_ms: 95_000 });
    await publish('review.opened', { review_id: 7 });
    await item('person left Gateway after 12 s').getByText('Left a zone').waitFor();
    await item('After 1 min 35 s of motion').getByText('Motion ended').waitFor();
    await item('Incident 7').getByText('Incident began').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    // From the event to its footage: the recordings screen, 5 s before the picture that showed it.
    await item('person entered Gateway')
      .getByRole('link', { name: /^Footage of entered a zone at / })
      .click();
    await page.waitForURL(`${origin}/recordings/${cameraId}?t=${seenAt - 5000}`);
    await page.getByRole('heading', { name: 'Recordings' }).waitFor();
    await context.close();
  });

  it('shows the incident of an alert and of its events as a thumbnail that opens it', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/cameras?force=true',
      token: t.adminToken,
      payload: { name: 'Porch', ip_address: '127.0.0.1', rtsp_url: 'rtsp://127.0.0.1:9/porch' },
    });
    const cameraId = created.json<{ id: number }>().id;
    const jpeg = readFileSync(peopleStill(mkdtempSync(join(tmpdir(), 'incident-'))));
    // An incident as the tracker opens it: a person moving in a picture (its snapshot and thumbnail), a zone
    // entered and an alert raised while it is open. It stays open: the builder closes it only after 10 s still.
    const at = Date.now() - 1000;
    const box = { x: 0.4, y: 0.3, width: 0.1, height: 0.4 };
    t.container.internalEvents.emit('objects.tracked', {
      cameraId,
      modelId: 1,
      at,
      tracks: [
        {
          track_id: 'porch-1',
          label: 'person',
          confidence: 0.9,
          box,
          first_seen: at,
          last_seen: at,
          last_moved: at,
          stationary: false,
          best: { at, confidence: 0.9, box, result_id: null },
        },
      ],
      ended: [],
      picture: { jpeg, width: 768, height: 576 },
    });
    await t.container.reviewBuilder.idle();
    t.container.internalEvents.emit('zone.entered', {
      cameraId,
      zone: 'Steps',
      trackId: 'porch-1',
      label: 'person',
      at,
    });
    const alert = await t.container.alerts.raise({
      camera_id: cameraId,
      source_name: 'test',
      severity: 'high',
      title: 'Someone on the porch',
    });
    await t.container.reviewBuilder.idle();
    const items = (
      await t.request({
        method: 'GET',
        url: `/api/v1/review-items?camera_id=${cameraId}`,
        token: t.adminToken,
      })
    ).json<{ items: { id: number; has_snapshot: boolean }[] }>().items;
    assert.equal(items.length, 1, 'one incident');
    const incident = items[0]!;

    const { context, page } = await signedIn(`/alerts?camera=${cameraId}`);
    const alertRow = page.locator(`li[data-alert-id="${alert.id}"]`);
    const thumbnail = alertRow.getByRole('link', { name: /^Incident: person from / });
    await thumbnail.waitFor();
    // The picture itself arrived (a media ticket in its URL), not a placeholder.
    await page.waitForFunction((id) => {
      const img = document.querySelector<HTMLImageElement>(`li[data-alert-id="${id}"] a img`);
      return img !== null && img.complete && img.naturalWidth > 0;
    }, alert.id);
    await checkStep(page, 'alert-with-incident');
    await thumbnail.click();
    await page.waitForURL(`${origin}/review/${incident.id}`);

    // The zone entry on the Events screen links to the same incident; an event of another camera does not.
    await page.goto(`${origin}/events?camera=${cameraId}`);
    const entry = page.locator('li[data-event-id]').filter({ hasText: 'person entered Steps' }).first();
    await entry.getByRole('link', { name: 'Incident', exact: true }).waitFor();
    await checkStep(page, 'event-with-incident');
    assert.equal(
      await entry.getByRole('link', { name: 'Incident', exact: true }).getAttribute('href'),
      `/review/${incident.id}`,
    );
    await context.close();
  });

  it('saves notification actions, shows secrets only as "set" and puts 422s at their field', async () => {
    const hook = await startReceiver();
    const sms = await startReceiver(() => 201);
    receivers.push(hook, sms);
    const SECRET = 'webhook-secret-Never-Shown-4711';
    const TOKEN = 'sms-token-Never-Shown-0815';
    const { context, page } = await signedIn('/alerts/actions');
    await page.getByRole('heading', { name: 'Notification actions' }).waitFor();
    await page.getByLabel('URL', { exact: true }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);

    await page.getByLabel('Notify for alerts of at least').selectOption('medium');
    await page.getByLabel('Send alerts to a webhook').check();
    await page.getByLabel('URL', { exact: true }).fill(`${hook.url}/hook`);
    await page.getByLabel('Signing secret (not set)').fill(SECRET);
    await page.getByLabel('Send alerts as text messages').check();
    await page.getByLabel('Account SID').fill('AC123');
    await page.getByLabel('Auth token (not set)').fill(TOKEN);
    await page.getByLabel('From (number or sender name)').fill('+15550001111');
    // The client's own check, with the recorder's bounds: not a phone number.
    await page.getByLabel(/^To: phone numbers/).fill('+15550002222\n12345');
    await page.getByLabel('Service base URL').fill(sms.url);
    await page.getByRole('button', { name: 'Save notification actions' }).click();
    await page.getByText('Line 2 (12345): Not in the expected form.').waitFor();
    await page.getByLabel(/^To: phone numbers/).fill('+15550002222');

    // The server's check, which the client does not repeat: a header the recorder sets itself.
    browser.expectedStatuses.add(422);
    await page.getByLabel(/^Extra headers/).fill('X-Timestamp: 1');
    await page.getByRole('button', { name: 'Save notification actions' }).click();
    await page.getByText('X-Timestamp: This header is set by the recorder').waitFor();
    assert.equal(
      await page.getByLabel(/^Extra headers/).getAttribute('aria-invalid'),
      'true',
      'the 422 is shown at the headers field',
    );
    browser.expectedStatuses.delete(422);
    await page.getByLabel(/^Extra headers/).fill('X-Api-Key: key-Never-Shown-42');
    await page.getByRole('button', { name: 'Save notification actions' }).click();
    await page.getByText('Notification actions saved', { exact: true }).waitFor();

    // Saved: secrets are "set", never in the page, also after a reload.
    for (const reload of [false, true]) {
      if (reload) await page.reload();
      await page.getByLabel('Signing secret (set)').waitFor();
      await page.getByLabel('Auth token (set)').waitFor();
      assert.equal(await page.getByLabel('Signing secret (set)').inputValue(), '');
      assert.equal(await page.getByLabel(/^Extra headers/).inputValue(), 'X-Api-Key: ***');
      const html = await page.content();
      for (const secret of [SECRET, TOKEN, 'key-Never-Shown-42']) assert.ok(!html.includes(secret), secret);
    }
    const saved = (
      await t.request({ method: 'GET', url: '/api/v1/alerts/actions', token: t.adminToken })
    ).json();
    assert.equal(saved.min_severity, 'medium');
    assert.equal(saved.webhook.secret_set, true);
    assert.equal(saved.telephony.auth_token_set, true);
    assert.deepEqual(saved.telephony.to_numbers, ['+15550002222']);

    // The test notification reaches both channels, with what each answered.
    await page.getByRole('button', { name: 'Send test notification' }).click();
    const results = page.getByRole('list', { name: 'Test results' });
    await results.getByText(`Webhook to ${hook.url}/hook: Sent (HTTP 200)`).waitFor();
    await results.getByText('SMS to +15550002222: Sent (HTTP 201)').waitFor();
    assert.equal(hook.received.length, 1);
    assert.equal(hook.received[0]!.headers['x-api-key'], 'key-Never-Shown-42');
    assert.deepEqual(await seriousViolations(page), []);

    // Removing the secret: the page says so, and the recorder forgets it.
    await page.getByRole('button', { name: 'Remove the signing secret' }).click();
    await page.getByLabel('Signing secret (will be removed when you save)').waitFor();
    await page.getByRole('button', { name: 'Save notification actions' }).click();
    await page.getByLabel('Signing secret (not set)').waitFor();
    const cleared = (
      await t.request({ method: 'GET', url: '/api/v1/alerts/actions', token: t.adminToken })
    ).json();
    assert.equal(cleared.webhook.secret_set, false);
    assert.equal(cleared.telephony.auth_token_set, true);
    await context.close();
  });

  it('keeps notification actions to administrators', async () => {
    await t.createUser('watcher');
    const { context, page } = await signedIn('/alerts/actions', 'watcher');
    await page.getByText('Only administrators can see and change notification actions.').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    // Their alerts section has no way there.
    await page
      .getByRole('navigation', { name: 'Alerts section' })
      .getByRole('link', { name: 'Alerts' })
      .click();
    await page.getByRole('heading', { name: 'Alerts', exact: true }).waitFor();
    await page.getByText('No unacknowledged alerts.').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Notification actions' }).count(), 0);
    assert.deepEqual(await seriousViolations(page), []);
    await context.close();
  });
});
