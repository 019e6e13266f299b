// A camera's motion, zones and review settings in the web app, served by a real recorder and driven in Debian's
// chromium against a GStreamer test camera whose ball moves: a zone and a mask drawn with the mouse on the
// camera's picture are stored where they were clicked (within a pixel), points dragged and deleted, a shape made
// and moved from the keyboard alone, the recorder's 422 shown at the field it names, the motion tuner drawing the
// boxes the recorder's motion watch finds in the moving picture and none once a mask covers it, review settings
// saved and read back, and a viewer shown all of it without a way to change it. axe-core at 1280 and 390 px, no
// sideways scroll, no console error in the run.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { createTestApp, USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { grant } from '../../recorder/test/helpers/cameras.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import type { TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';
import { addTestCamera, checkStep, openWatchedBrowser, signIn, type WatchedBrowser } from './helpers.js';

type Point = [number, number];

describe('camera settings in chromium', { timeout: 240_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;
  let source: TestCamera;
  let cameraId = 0;

  before(async () => {
    t = await createTestApp();
    origin = `http://${await listen(t.app)}`;
    browser = await openWatchedBrowser();
    await t.createUser('keeper', { superuser: true });
    const looker = await t.createUser('looker');
    const camera = await addTestCamera(t, 'Yard', {}, { width: 320, height: 180, fps: 10, gop: 10 });
    cameraId = camera.id;
    source = camera.source;
    await grant(t, cameraId, looker.id, { can_view: true });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await source?.close();
    assert.deepEqual(browser.problems, []);
  });

  async function signedIn(user: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await browser.newPage({ width: 1280, height: 900 });
    await opened.page.goto(`${origin}${path}`);
    await signIn(opened.page, user, USER_PASSWORD);
    return opened;
  }

  const api = async <T>(path: string): Promise<T> => {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${cameraId}/${path}`,
      token: t.adminToken,
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<T>();
  };

  /** The drawing area over the picture, once the camera's picture is in (its box is the picture's). */
  async function pictureBox(page: Page, tone: 'zone' | 'mask') {
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img[alt^="The picture of"]');
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    const box = await page.getByTestId(`${tone}-area`).boundingBox();
    assert.ok(box && box.width > 100, JSON.stringify(box));
    return box;
  }

  /** Clicks at normalised points of the picture (measured at each click: a click may scroll the page). */
  async function clickAt(page: Page, tone: 'zone' | 'mask', points: Point[]) {
    const area = page.getByTestId(`${tone}-area`);
    await area.scrollIntoViewIfNeeded();
    for (const [x, y] of points) {
      const box = (await area.boundingBox())!;
      await page.mouse.click(box.x + x * box.width, box.y + y * box.height);
    }
  }

  /** Stored points match the clicked ones within a screen pixel of the picture as drawn. */
  function assertNear(
    stored: number[][],
    clicked: Point[],
    box: { width: number; height: number },
    what: string,
  ) {
    assert.equal(stored.length, clicked.length, `${what}: ${JSON.stringify(stored)}`);
    stored.forEach(([x, y], index) => {
      const [cx, cy] = clicked[index]!;
      assert.ok(
        Math.abs(x! - cx) <= 1 / box.width && Math.abs(y! - cy) <= 1 / box.height,
        `${what} point ${index + 1}: stored ${x},${y}, clicked ${cx},${cy}`,
      );
    });
  }

  it('stores a zone drawn with the mouse where it was clicked, with its form; drags and deletes points and zones', async () => {
    const { context, page } = await signedIn('keeper', `/cameras/${cameraId}`);
    await page.getByRole('link', { name: 'Zones', exact: true }).click();
    await page.getByRole('heading', { name: 'Zones', exact: true }).waitFor();
    const box = await pictureBox(page, 'zone');

    await page.getByRole('button', { name: 'Draw a zone' }).click();
    const corners: Point[] = [
      [0.1, 0.2],
      [0.6, 0.2],
      [0.6, 0.7],
      [0.1, 0.7],
    ];
    await clickAt(page, 'zone', corners);
    await page.getByRole('status').filter({ hasText: '4 so far' }).waitFor();
    await clickAt(page, 'zone', [corners[0]!]); // the first point again closes the shape
    const zone = page.getByRole('listitem', { name: 'Zone 1' });
    await zone.getByLabel('Name', { exact: true }).fill('Driveway');
    const driveway = page.getByRole('listitem', { name: 'Driveway' });
    await driveway.getByLabel(/^Objects it watches/).fill('person, Car');
    await driveway.getByLabel('Alert for Driveway').check();
    await driveway.getByLabel('How many at once').fill('2');
    await driveway.getByLabel(/^Staying at least/).fill('5');
    await driveway.getByLabel(/^Quiet time/).fill('30');
    await driveway.getByLabel('Severity').selectOption('high');
    await checkStep(page, 'zones-drawn');
    await page.getByRole('button', { name: 'Save zones' }).click();
    await page.getByText('Zones saved', { exact: true }).first().waitFor();

    type Zones = {
      zones: { name: string; polygon: number[][]; labels: string[]; alert: Record<string, unknown> | null }[];
    };
    let stored = (await api<Zones>('zones')).zones;
    assert.equal(stored.length, 1);
    assert.equal(stored[0]!.name, 'Driveway');
    assert.deepEqual(stored[0]!.labels, ['person', 'car']);
    assert.deepEqual(stored[0]!.alert, {
      labels: [],
      min_count: 2,
      min_dwell_seconds: 5,
      cooldown_seconds: 30,
      severity: 'high',
    });
    assertNear(stored[0]!.polygon, corners, box, 'drawn zone');

    // Drag point 2 with the mouse: click inside the zone to select it, then pull its handle.
    await clickAt(page, 'zone', [[0.3, 0.4]]);
    const handle = page.getByRole('button', { name: /^Driveway, point 2:/ });
    const at = (await handle.boundingBox())!;
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    const area = (await page.getByTestId('zone-area').boundingBox())!;
    await page.mouse.move(area.x + 0.75 * area.width, area.y + 0.3 * area.height, { steps: 5 });
    await page.mouse.up();
    // …and delete point 4 (its handle, then Delete).
    await page.getByRole('button', { name: /^Driveway, point 4:/ }).press('Delete');
    await page.getByRole('button', { name: 'Save zones' }).click();
    for (let tries = 0; stored[0]!.polygon.length !== 3; tries++) {
      assert.ok(tries < 100, `the changed zone was not stored: ${JSON.stringify(stored)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = (await api<Zones>('zones')).zones;
    }
    assertNear(
      stored[0]!.polygon,
      [
        [0.1, 0.2],
        [0.75, 0.3],
        [0.6, 0.7],
      ],
      box,
      'dragged zone',
    );

    // A second zone named like the first: the recorder's 422 is shown at the second zone's name.
    browser.expectedStatuses.add(422);
    await page.getByRole('button', { name: 'Add a square zone' }).click();
    await page.getByRole('listitem', { name: 'Zone 2' }).getByLabel('Name', { exact: true }).fill('driveway');
    await page.getByRole('button', { name: 'Save zones' }).click();
    const list = page.getByRole('list', { name: 'Zones' });
    const second = list.getByRole('listitem').nth(1);
    const name = second.getByLabel('Name', { exact: true });
    await page.waitForFunction(
      (element) => element?.getAttribute('aria-invalid') === 'true',
      await name.elementHandle(),
    );
    const describedBy = (await name.getAttribute('aria-describedby'))!;
    assert.match(
      (await page.locator(`[id="${describedBy}"]`).textContent())!,
      /Two zones are named "driveway"/,
    );
    assert.equal((await api<Zones>('zones')).zones.length, 1, 'nothing stored');
    await checkStep(page, 'zones-error');
    browser.expectedStatuses.delete(422);
    // Delete that zone, and cancel a change: what is stored is shown again.
    await second.getByRole('button', { name: /^Delete zone/ }).click();
    await page
      .getByRole('listitem', { name: 'Driveway' })
      .getByLabel('Name', { exact: true })
      .fill('Changed');
    await page.getByRole('button', { name: 'Cancel changes' }).click();
    await page.getByRole('listitem', { name: 'Driveway' }).waitFor();
    assert.equal(await list.getByRole('listitem').count(), 1);
    await context.close();
  });

  it('makes, moves and saves a zone from the keyboard alone', async () => {
    const { context, page } = await signedIn('keeper', `/cameras/${cameraId}/zones`);
    await page.getByRole('heading', { name: 'Zones', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add a square zone' }).focus();
    await page.keyboard.press('Enter');
    const zone = page.getByRole('listitem', { name: 'Zone 2' });
    await zone.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Gate');
    // The handles of the selected zone: arrows move a point by 1 % (Shift: 10 %), Delete removes it.
    await page.getByRole('button', { name: /^Gate, point 1:/ }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await page.getByRole('button', { name: /^Gate, point 4:/ }).focus();
    await page.keyboard.press('Delete');
    // The numbers: point 2 put at 90 % across.
    const gate = page.getByRole('listitem', { name: 'Gate' });
    await gate.getByText('Points as numbers').focus();
    await page.keyboard.press('Enter');
    await gate.getByLabel('Point 2 across').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('90');
    await checkStep(page, 'zones-keyboard');
    await page.getByRole('button', { name: 'Save zones' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Zones saved', { exact: true }).first().waitFor();
    const zones = (await api<{ zones: { name: string; polygon: number[][] }[] }>('zones')).zones;
    assert.deepEqual(
      zones.map((z) => z.name),
      ['Driveway', 'Gate'],
    );
    assert.deepEqual(zones[1]!.polygon, [
      [0.38, 0.45],
      [0.9, 0.35],
      [0.65, 0.65],
    ]);
    await context.close();
  });

  it('stores motion settings and a mask drawn with the mouse; the tuner draws the boxes of the moving picture', async () => {
    const { context, page } = await signedIn('keeper', `/cameras/${cameraId}/motion`);
    await page.getByRole('heading', { name: 'Motion tuner and masks' }).waitFor();
    await page.getByText('Motion detection is off').waitFor();
    const box = await pictureBox(page, 'mask');
    await page.getByRole('button', { name: 'Draw a mask' }).click();
    const corner: Point[] = [
      [0.02, 0.03],
      [0.2, 0.03],
      [0.02, 0.25],
    ];
    await clickAt(page, 'mask', corner);
    await page.getByRole('button', { name: 'Finish mask' }).click();
    await page.getByLabel('Detect motion').check();
    await page.getByLabel('Sensitivity').fill('236'); // a change of 20 of 255 counts
    await page.getByLabel('Smallest moving area (% of the picture)').fill('0.1');
    await page.getByLabel('Pictures analysed per second').fill('4');
    await page.getByRole('button', { name: 'Save motion settings' }).click();
    await page.getByText('Motion settings saved', { exact: true }).first().waitFor();
    const motion = await api<{
      enabled: boolean;
      threshold: number;
      min_area: number;
      fps: number;
      masks: number[][][];
    }>('motion');
    assert.equal(motion.enabled, true);
    assert.equal(motion.threshold, 20);
    assert.equal(motion.min_area, 0.001);
    assert.equal(motion.fps, 4);
    assert.equal(motion.masks.length, 1);
    assertNear(motion.masks[0]!, corner, box, 'drawn mask');

    // The recorder now watches the camera with these settings; its ball moves, and the tuner boxes it.
    const drawn = page.getByTestId('motion-box').first();
    await drawn.waitFor({ timeout: 60_000 });
    const boxed = (await drawn.boundingBox())!;
    assert.ok(
      boxed.x >= box.x - 1 && boxed.x + boxed.width <= box.x + box.width + 1 && boxed.width < box.width,
      `a box inside the picture: ${JSON.stringify(boxed)} in ${JSON.stringify(box)}`,
    );
    await page.getByText(/moving areas? in the newest analysed picture/).waitFor();
    await checkStep(page, 'motion');

    // A second mask drawn over the whole picture: motion stops there — pictures keep being analysed, and none
    // of them has a moving area (the ball still moves under the mask).
    // (The "saved" toast is dismissed first: it lies over the picture's corner.)
    for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all()) await dismiss.click();
    await page.getByRole('button', { name: 'Draw a mask' }).click();
    const whole: Point[] = [
      [0.01, 0.01],
      [0.99, 0.01],
      [0.99, 0.99],
      [0.01, 0.99],
    ];
    await clickAt(page, 'mask', whole);
    await page.getByRole('status').filter({ hasText: '4 so far' }).waitFor();
    await page.getByRole('button', { name: 'Finish mask' }).click();
    await page.getByRole('button', { name: 'Save motion settings' }).click();
    await page.getByText('Nothing moves in the newest analysed picture.').waitFor({ timeout: 30_000 });
    assert.equal((await api<{ masks: number[][][] }>('motion')).masks.length, 2);
    type Boxes = { at: string | null; boxes: unknown[] };
    const analysed = new Set<string>();
    for (let tries = 0; analysed.size < 6; tries++) {
      assert.ok(tries < 200, `pictures stopped being analysed: ${analysed.size}`);
      const now = await api<Boxes>('motion/boxes');
      assert.deepEqual(now.boxes, [], `motion under the mask at ${now.at}`);
      if (now.at) analysed.add(now.at);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await context.close();
  });

  it('saves review settings and reads them back; a value beyond the limit is refused at its field', async () => {
    const { context, page } = await signedIn('keeper', `/cameras/${cameraId}/review-settings`);
    await page.getByRole('heading', { name: 'Review', exact: true }).waitFor();
    await page.getByLabel('Seconds kept before the first moving object').fill('500');
    await page.getByRole('button', { name: 'Save review settings' }).click();
    const before = page.getByLabel('Seconds kept before the first moving object');
    await page.waitForFunction(
      (element) => element?.getAttribute('aria-invalid') === 'true',
      await before.elementHandle(),
    );
    await before.fill('12');
    await page.getByLabel('Seconds kept after the last moving object').fill('8');
    await page.getByLabel('Days review items and their footage are kept').fill('45');
    await page.getByLabel(/^Days this camera's continuous footage is kept/).fill('3');
    await checkStep(page, 'review-settings');
    await page.getByRole('button', { name: 'Save review settings' }).click();
    await page.getByText('Review settings saved', { exact: true }).first().waitFor();
    const saved = await api<Record<string, unknown>>('review-settings');
    assert.deepEqual(
      [
        saved.pre_roll_seconds,
        saved.post_roll_seconds,
        saved.retention_days,
        saved.continuous_retention_days,
      ],
      [12, 8, 45, 3],
    );
    // Empty: follow the recording settings again (null).
    await page.getByLabel(/^Days this camera's continuous footage is kept/).fill('');
    await page.getByRole('button', { name: 'Save review settings' }).click();
    await page.getByText('Review settings saved', { exact: true }).first().waitFor();
    for (
      let tries = 0;
      (await api<Record<string, unknown>>('review-settings')).continuous_retention_days !== null;
      tries++
    ) {
      assert.ok(tries < 50, 'continuous retention back to null');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await context.close();
  });

  it('shows a viewer the settings without a way to change them', async () => {
    const { context, page } = await signedIn('looker', `/cameras/${cameraId}/zones`);
    await page.getByTestId('read-only-note').waitFor();
    await page.getByRole('listitem', { name: 'Driveway' }).waitFor();
    for (const name of ['Save zones', 'Draw a zone', 'Add a square zone', /^Delete zone/])
      assert.equal(await page.getByRole('button', { name }).count(), 0, String(name));
    assert.equal(await page.getByTestId('polygon-handle').count(), 0, 'no handles');
    assert.equal(
      await page
        .getByRole('listitem', { name: 'Driveway' })
        .getByLabel('Name', { exact: true })
        .getAttribute('readonly'),
      '',
    );
    await checkStep(page, 'zones-viewer');

    await page.getByRole('link', { name: 'Motion', exact: true }).click();
    await page.getByRole('heading', { name: 'Motion tuner and masks' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save motion settings' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Draw a mask' }).count(), 0);
    assert.equal(await page.getByLabel('Detect motion').isDisabled(), true);
    assert.equal(await page.getByLabel('Sensitivity').isDisabled(), true);
    await page.getByRole('link', { name: 'Review settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Review', exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save review settings' }).count(), 0);
    await checkStep(page, 'review-viewer');
    await context.close();
  });
});
