// The daily loop of issue #34, end to end with nothing driven from inside: a test camera playing OpenCV's
// vtest.avi pedestrians (walking, then the picture held), the real adapter finding people in it, and a person in
// Debian's chromium who draws a zone with the mouse over the pavement (its alert rule left at the form's
// defaults), while the recorder's own tracker, zone watch and review builder do the rest. Checked: the zone is
// stored where it was drawn; people walking into it raise the zone's alert, which reaches the default webhook
// action (the form's severity is one the default action sends); the incident appears on the Review screen
// without a reload, with its thumbnail, naming the zone, and the navigation counts it; opening it plays its clip;
// marking it reviewed lowers the count; the alert links to its incident and to footage that plays at its instant;
// the Events screen shows the zone entry. axe-core and the 390 px width on the way.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { BusEvent } from '../../recorder/src/platform/events/event-types.js';
import { USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import { EventLog } from '../../recorder/test/helpers/event-log.js';
import { startReceiver, type Receiver } from '../../recorder/test/helpers/receivers.js';
import {
  adapterPolled,
  addCamera,
  startWalkwayRig,
  type WalkwayRig,
} from '../../recorder/test/helpers/walkway.js';
import { checkStep, openWatchedBrowser, signIn, type WatchedBrowser } from './helpers.js';

type Point = [number, number];

interface Item {
  id: number;
  camera_id: number;
  start_time: string;
  end_time: string | null;
  zones: string[];
  labels: string[];
  severity: string;
  clip_status: string;
}

/** The pavement of vtest.avi, where its people walk (normalised; the walkway rig's PAVEMENT, inside the edges). */
const PAVEMENT: Point[] = [
  [0.02, 0.3],
  [0.98, 0.3],
  [0.98, 0.85],
  [0.02, 0.85],
];

describe(
  'the daily loop in chromium: a zone drawn, people walking into it, their incident reviewed',
  { timeout: 300_000 },
  () => {
    const work = mkdtempSync(join(tmpdir(), 'nvr-web-loop-'));
    let rig: WalkwayRig;
    let t: TestApp;
    let origin: string;
    let browser: WatchedBrowser;
    let hook: Receiver;
    let log: EventLog;
    let page: Page;
    let cameraId: number;
    let modelId: number;
    let incident: Item;

    before(async () => {
      hook = await startReceiver();
      rig = await startWalkwayRig(
        work,
        { movingSeconds: 12, stillSeconds: 40 },
        { reviewCloseAfterMs: 4000 },
      );
      t = rig.t;
      log = new EventLog(t.container.events, [
        'review.opened',
        'review.updated',
        'review.closed',
        'alert.raised',
      ]);
      origin = `http://${await listen(t.app)}`;
      browser = await openWatchedBrowser();
      await t.createUser('owner', { superuser: true });
      cameraId = await addCamera(t, rig.walkway.url, {
        name: 'Walkway',
        config: { recording_enabled: true, recording_segment_seconds: 10 },
      });
      await t.request({
        method: 'PUT',
        url: `/api/v1/cameras/${cameraId}/review-settings`,
        token: t.adminToken,
        payload: { pre_roll_seconds: 2, post_roll_seconds: 2, retention_days: 10 },
      });
      // The notification actions as a fresh install has them, plus where the webhook goes: min_severity untouched.
      const actions = await t.request({
        method: 'PATCH',
        url: '/api/v1/alerts/actions',
        token: t.adminToken,
        payload: { webhook: { enabled: true, url: `${hook.url}/hook` } },
      });
      assert.equal(actions.statusCode, 200, actions.body);
      ({ page } = await browser.newPage({ width: 1280, height: 900 }));
      page.setDefaultTimeout(15_000);
      await page.goto(`${origin}/cameras/${cameraId}`);
      await signIn(page, 'owner', USER_PASSWORD);
    });
    after(async () => {
      log?.close();
      await browser?.close();
      await rig?.close();
      await hook?.close();
      rmSync(work, { recursive: true, force: true });
      assert.deepEqual(browser.problems, []);
    });

    const call = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
      const response = await t.request({
        method,
        url: `/api/v1${url}`,
        token: t.adminToken,
        ...(payload ? { payload } : {}),
      });
      assert.ok(response.statusCode < 300, `${url}: ${response.statusCode} ${response.body}`);
      return response.json<T>();
    };
    const mine = (type: string) => (event: BusEvent) => event.type === type && event.camera_id === cameraId;
    const itemOf = (event: BusEvent) => event.data.item as Item;

    it('stores the zone drawn with the mouse over the pavement, its alert rule at the form defaults', async () => {
      await page.getByRole('link', { name: 'Zones', exact: true }).click();
      await page.getByRole('heading', { name: 'Zones', exact: true }).waitFor();
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('img[alt^="The picture of"]');
        return image !== null && image.complete && image.naturalWidth > 0;
      });
      const area = page.getByTestId('zone-area');
      await page.getByRole('button', { name: 'Draw a zone' }).click();
      for (const [x, y] of [...PAVEMENT, PAVEMENT[0]!]) {
        const box = (await area.boundingBox())!;
        await page.mouse.click(box.x + x * box.width, box.y + y * box.height);
      }
      const drawn = page.getByRole('listitem', { name: 'Zone 1' });
      await drawn.getByLabel('Name', { exact: true }).fill('Pavement');
      const pavement = page.getByRole('listitem', { name: 'Pavement' });
      await pavement.getByLabel(/^Objects it watches/).fill('person');
      await pavement.getByLabel('Alert for Pavement').check();
      await page.getByRole('button', { name: 'Save zones' }).click();
      await page.getByText('Zones saved', { exact: true }).first().waitFor();

      const { zones } = await call<{
        zones: { name: string; polygon: number[][]; labels: string[]; alert: { severity: string } | null }[];
      }>('GET', `/cameras/${cameraId}/zones`);
      assert.equal(zones.length, 1);
      assert.equal(zones[0]!.name, 'Pavement');
      assert.deepEqual(zones[0]!.labels, ['person']);
      assert.equal(zones[0]!.alert?.severity, 'high', 'a new rule starts where the default action sends');
      const box = (await area.boundingBox())!;
      zones[0]!.polygon.forEach(([x, y], index) => {
        const [cx, cy] = PAVEMENT[index]!;
        assert.ok(
          Math.abs(x! - cx) <= 1 / box.width && Math.abs(y! - cy) <= 1 / box.height,
          `point ${index + 1}: stored ${x},${y}, drawn ${cx},${cy}`,
        );
      });
    });

    it('people walking into it make an incident that appears on Review live, with its thumbnail, and is counted', async () => {
      await page
        .getByRole('link', { name: /^Review/ })
        .first()
        .click();
      await page.getByRole('heading', { name: 'Review', exact: true }).waitFor();
      await page.getByText(/^Nothing to review/).waitFor();
      await adapterPolled(t);
      // Person detection on the camera, as the AI screen would make it (its own alert rule off: the zone's alerts).
      modelId = (
        await call<{ id: number }>('POST', '/ai-models', {
          name: 'Walkway people',
          model_name: 'centernet',
          task: 'person_counting',
          inference_interval: 1,
          assigned_camera_id: cameraId,
          config: JSON.stringify({ params: { min_confidence: 0.35 } }),
        })
      ).id;

      const opened = itemOf(await log.next(mine('review.opened'), 0, 'an incident opening', 120_000));
      const row = page.locator(`li[data-review-id="${opened.id}"]`);
      await row.waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        (id) => {
          const image = document.querySelector<HTMLImageElement>(`li[data-review-id="${id}"] img`);
          return image !== null && image.complete && image.naturalWidth > 0;
        },
        opened.id,
        { timeout: 30_000 },
      );
      // One scene, one incident: the detector stops once it has closed, so nothing else opens meanwhile.
      const closed = itemOf(
        await log.next(
          (event) => mine('review.closed')(event) && itemOf(event).id === opened.id,
          0,
          'the incident closing',
          120_000,
        ),
      );
      await call('PATCH', `/ai-models/${modelId}`, { enabled: false });
      assert.deepEqual(closed.zones, ['Pavement']);
      assert.deepEqual(closed.labels, ['person']);
      assert.equal(closed.severity, 'alert', "the zone's alert made it an alert");
      incident = closed;
      await row.getByText('Pavement').waitFor();
      await row
        .getByText(/^Alert$/)
        .first()
        .waitFor();
      await page.getByRole('link', { name: /^Review ?, 1 unreviewed$/ }).waitFor();

      // The zone's alert (severity from the form) reached the default action's webhook.
      const delivered = JSON.parse((await hook.nth(1)).body) as {
        alert?: { title?: string; severity?: string };
      };
      assert.equal(delivered.alert?.severity, 'high', JSON.stringify(delivered));
      await checkStep(page, 'loop-review');
    });

    it('opening the incident plays its clip; marking it reviewed lowers the count', async () => {
      if ((await call<Item>('GET', `/review-items/${incident.id}`)).clip_status !== 'ready')
        await log.next(
          (event) =>
            mine('review.updated')(event) &&
            itemOf(event).id === incident.id &&
            itemOf(event).clip_status !== 'pending',
          0,
          'its clip',
          60_000,
        );
      await page.locator(`li[data-review-id="${incident.id}"] a`).first().click();
      const video = page.locator('video[aria-label^="Clip:"]');
      await video.waitFor();
      await video.evaluate((element: HTMLVideoElement) => {
        element.muted = true;
        return element.play();
      });
      await page.waitForFunction(
        () => (document.querySelector<HTMLVideoElement>('video[aria-label^="Clip:"]')?.currentTime ?? 0) > 1,
        undefined,
        { timeout: 30_000 },
      );
      await page.getByRole('button', { name: 'Mark reviewed', exact: true }).click();
      await page.getByRole('link', { name: /^Review ?, 0 unreviewed$/ }).waitFor();
      await checkStep(page, 'loop-incident');
    });

    it("the zone's alert opens its incident and footage that plays at its instant; Events show the zone entry", async () => {
      const { alerts } = await call<{
        alerts: {
          id: number;
          title: string;
          created_at: string;
          source_name: string;
          data: { at?: number } | null;
        }[];
      }>('GET', `/alerts?camera_id=${cameraId}&limit=10`);
      const zoneAlert = alerts.find((alert) => alert.source_name !== 'Walkway people');
      assert.ok(zoneAlert, JSON.stringify(alerts));
      await page
        .getByRole('link', { name: /^Alerts/ })
        .first()
        .click();
      const alertRow = page.getByRole('listitem').filter({ hasText: zoneAlert.title }).first();
      await alertRow.getByRole('link', { name: 'Incident', exact: true }).click();
      await page.waitForURL(new RegExp(`/review/${incident.id}(\\?|$)`));
      await page.goBack();
      await alertRow.getByRole('link', { name: `Footage of: ${zoneAlert.title}` }).click();
      await page.waitForURL(/\/recordings\/\d+\?t=\d+/);
      const linked = Number(new URL(page.url()).searchParams.get('t'));
      // The alert's instant is the picture's time that raised it (data.at), not when it was stored.
      const instant = zoneAlert.data?.at;
      assert.equal(typeof instant, 'number', JSON.stringify(zoneAlert));
      assert.equal(linked, instant! - 5_000, 'footage from 5 s before the alert');
      // It opens paused at that instant (the playhead says so); Play plays from there.
      await page.locator('video[data-state="paused"]').waitFor({ state: 'attached', timeout: 30_000 });
      const timeline = page.getByRole('slider', { name: /^Timeline/ });
      assert.equal(Number(await timeline.getAttribute('aria-valuenow')), linked);
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await page.waitForFunction(
        () => {
          const video = document.querySelector('video');
          return video?.dataset.state === 'playing' && video.currentTime > 1;
        },
        undefined,
        { timeout: 30_000 },
      );
      // …and the playhead follows the picture (the slider is updated as frames are presented).
      await page.waitForFunction(
        (from) =>
          Number(
            document.querySelector('[role="slider"][aria-label^="Timeline"]')?.getAttribute('aria-valuenow'),
          ) > from,
        linked,
        { timeout: 30_000 },
      );
      await page
        .getByRole('link', { name: /^Events/ })
        .first()
        .click();
      await page
        .getByRole('listitem')
        .filter({ hasText: /Pavement/ })
        .first()
        .waitFor();
      await checkStep(page, 'loop-events');
    });
  },
);
