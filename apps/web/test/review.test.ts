// The review screen (issue #34) in Debian's chromium against a real recorder. The incidents are the recorder's
// own: its review module is driven with the internal events its object tracker emits (`objects.tracked`, with the
// test camera's real picture, and `zone.entered`), and an alert raised through the alerts service makes one an
// `alert`. The recorded camera's first chunk holds the footage of the first incident, so its clip is cut from
// real footage; a second camera records nothing (its incident, dated yesterday, keeps a pending clip). Checked:
// the navigation's unreviewed count, day headings, filters narrowing the list and kept in the URL, an opened
// incident's clip and snapshot, marking one and all shown, a new incident appearing live, a user who may not
// view a camera seeing none of its incidents, axe-core and a 390 px phone without sideways scrolling. The last
// tests make their own incidents: the snapshot's boxes drawn and listed, choosing incidents and marking the chosen
// ones, and a phone's touch screen previewing a clip on a tap.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { IndexedChunk } from '../../recorder/src/modules/recordings/recording-notice.js';
import type { TrackedObject } from '../../recorder/src/modules/tracking/object-tracker.js';
import { createTestApp, USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { createCamera, grant } from '../../recorder/test/helpers/cameras.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import { EventLog } from '../../recorder/test/helpers/event-log.js';
import { chunkCollector } from '../../recorder/test/helpers/recording.js';
import type { TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';
import { addTestCamera, checkStep, openWatchedBrowser, signIn, type WatchedBrowser } from './helpers.js';

interface Item {
  id: number;
  camera_id: number;
  start_time: string;
  end_time: string | null;
  severity: string;
  labels: string[];
  zones: string[];
  snapshot_time: string | null;
  clip_status: string;
  reviewed: boolean;
}

const DAY_MS = 24 * 3600 * 1000;
/** nothing moving this long closes an incident (instead of 10 s) */
const CLOSE_AFTER_MS = 2_000;

describe('review screen in chromium', { timeout: 120_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;
  let source: TestCamera;
  let driveway: number;
  let backyard: number;
  let picture: Buffer;
  let viewer: { id: number };
  /** today on the driveway: a person and a car that entered a zone, with an alert, its clip cut */
  let first: Item;
  /** later today on the driveway: a dog */
  let second: Item;
  /** yesterday in the backyard: a car */
  let old: Item;
  let page: Page;
  let events: EventLog;
  let chunks: ReturnType<typeof chunkCollector>;

  const api = async (method: 'GET' | 'PUT', url: string, payload?: object) => {
    const response = await t.request({
      method,
      url: `/api/v1${url}`,
      token: t.adminToken,
      ...(payload ? { payload } : {}),
    });
    assert.ok(response.statusCode < 300, `${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const item = async (id: number) => (await api('GET', `/review-items/${id}`)).json<Item>();

  /** A track as the tracker reports it: seen and moving at `at`. */
  const track = (id: string, label: string, firstSeen: number, at: number, x: number): TrackedObject => {
    const box = { x, y: 0.3, width: 0.2, height: 0.4 };
    return {
      track_id: id,
      label,
      confidence: 0.9,
      box,
      first_seen: firstSeen,
      last_seen: at,
      last_moved: at,
      stationary: false,
      best: { at, confidence: 0.9, box, result_id: null },
    };
  };

  /**
   * One incident: the tracker's updates at `fromMs` and `toMs` (each label a moving track), a zone entered and an
   * alert raised on request; resolves with the item once it has closed (CLOSE_AFTER_MS after the last update).
   */
  async function incident(
    cameraId: number,
    labels: string[],
    fromMs: number,
    toMs: number,
    extra: { zone?: string; alert?: boolean } = {},
  ): Promise<Item> {
    const updateAt = (at: number) =>
      t.container.internalEvents.emit('objects.tracked', {
        cameraId,
        modelId: 1,
        at,
        tracks: labels.map((label, i) =>
          track(`${cameraId}-${fromMs}-${i}`, label, fromMs, at, 0.1 + i * 0.4),
        ),
        ended: [],
        picture: { jpeg: picture, width: 640, height: 360 },
      });
    updateAt(fromMs);
    // The builder closes an incident after CLOSE_AFTER_MS of wall time without a moving update, and telling the
    // zone and raising the alert can take that long on a loaded machine (a split incident is the likely cause of a CI failure): the
    // first picture is repeated meanwhile, and stopped before the last one, which gives the incident its end.
    const keepOpen = setInterval(() => updateAt(fromMs), 200);
    let from: number;
    try {
      await t.container.reviewBuilder.idle();
      if (extra.zone) {
        t.container.internalEvents.emit('zone.entered', {
          cameraId,
          zone: extra.zone,
          trackId: `${cameraId}-${fromMs}-0`,
          label: 'person',
          at: fromMs,
        });
      }
      if (extra.alert) {
        await t.container.alerts.raise({
          camera_id: cameraId,
          source_name: 'test',
          severity: 'high',
          title: 'Someone on the driveway',
        });
      }
    } finally {
      from = events.seen.length;
      clearInterval(keepOpen);
    }
    updateAt(toMs);
    await t.container.reviewBuilder.idle();
    const closed = await events.next(
      (event) =>
        event.type === 'review.closed' &&
        event.camera_id === cameraId &&
        Date.parse((event.data.item as Item).start_time) === fromMs,
      from,
      `the incident of ${cameraId} at ${fromMs} closing`,
    );
    return closed.data.item as Item;
  }

  before(async () => {
    t = await createTestApp({ overrides: { reviewCloseAfterMs: CLOSE_AFTER_MS } });
    events = new EventLog(t.container.events, ['review.updated', 'review.closed']);
    origin = `http://${await listen(t.app)}`;
    browser = await openWatchedBrowser();
    await t.createUser('chief', { superuser: true });
    viewer = await t.createUser('neighbour');
    const camera = await addTestCamera(t, 'Driveway', {
      recording_enabled: true,
      recording_segment_seconds: 10,
    });
    source = camera.source;
    driveway = camera.id;
    backyard = (await createCamera(t, t.adminToken, { name: 'Backyard' })).id as number;
    await grant(t, driveway, viewer.id, { can_view: true });
    for (const id of [driveway, backyard]) {
      await api('PUT', `/cameras/${id}/review-settings`, {
        pre_roll_seconds: 1,
        post_roll_seconds: 1,
        retention_days: 30,
      });
    }
    chunks = chunkCollector(t.container.recordingEngine, driveway);
    picture = (await api('GET', `/cameras/${driveway}/snapshot`)).rawPayload;

    // The first incident lies inside the first recorded chunk (its clip is cut as soon as it closes).
    let chunk: IndexedChunk | undefined;
    for (let n = 1; !chunk; n++) {
      const got = await chunks.waitFor(n);
      const candidate = got[n - 1]!;
      if (candidate.endMs - candidate.startMs >= 6_000) chunk = candidate;
    }
    old = await incident(backyard, ['car'], Date.now() - DAY_MS, Date.now() - DAY_MS + 4_000);
    first = await incident(driveway, ['car', 'person'], chunk.startMs + 2_000, chunk.endMs - 2_000, {
      zone: 'Entrance',
      alert: true,
    });
    second = await incident(driveway, ['dog'], chunk.endMs - 1_000, chunk.endMs - 500);
    if ((await item(first.id)).clip_status === 'pending')
      await events.next(
        (event) =>
          event.type === 'review.updated' &&
          (event.data.item as Item).id === first.id &&
          (event.data.item as Item).clip_status !== 'pending',
        0,
        "the first incident's clip",
      );
    assert.equal((await item(first.id)).clip_status, 'ready');
    assert.equal(first.severity, 'alert');
    assert.deepEqual(first.zones, ['Entrance']);

    ({ page } = await browser.newPage());
    page.setDefaultTimeout(10_000);
    await page.goto(`${origin}/review`);
    await signIn(page, 'chief', USER_PASSWORD);
    await page.getByRole('heading', { name: 'Review', exact: true }).waitFor();
  });
  after(async () => {
    events?.close();
    await browser?.close();
    await t?.close();
    await source?.close();
    assert.deepEqual(browser.problems, []);
  });

  /** The navigation's Review entry, "Review, 3 unreviewed" (Chrome puts a space before the comma). */
  const reviewNav = (n: number) => new RegExp(`^Review ?, ${n} unreviewed$`);
  /** The navigation says `n` incidents are to review; else fails saying what it and the recorder say instead. */
  const badge = (n: number) => ({
    waitFor: async () => {
      try {
        await page.getByRole('link', { name: reviewNav(n) }).waitFor({ timeout: 20_000 });
      } catch (error) {
        const nav = page.getByTestId('review-nav');
        const counted = (await api('GET', '/review-items?reviewed=false&limit=1')).json<{ total: number }>();
        throw new Error(
          `the navigation says "${await nav.innerText()}" (title: ${await nav.getAttribute('title')}) at ` +
            `${page.url()}, not ${n} unreviewed; the recorder counts ${counted.total}`,
          { cause: error },
        );
      }
    },
  });
  const row = (target: Item) => page.locator(`li[data-review-id="${target.id}"]`);
  const shownIds = async () =>
    (await page.locator('li[data-review-id]').evaluateAll((rows) => rows.map((r) => r.dataset.reviewId))).map(
      Number,
    );

  it('lists the unreviewed incidents newest first under day headings, the count in the navigation', async () => {
    await badge(3).waitFor();
    await row(old).waitFor();
    assert.deepEqual(await shownIds(), [second.id, first.id, old.id]);
    await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Yesterday', level: 2 }).waitFor();
    // What a row says: severity in words, camera, labels, zones, duration, reviewed state.
    const text = await row(first).innerText();
    for (const part of ['ALERT', 'Driveway', 'car', 'person', 'Entrance', 'Not reviewed'])
      assert.ok(text.includes(part), `${part} in ${text}`);
    assert.ok((await row(second).innerText()).includes('DETECTION'));
    // Thumbnails load (with a media ticket) where there is a snapshot.
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLImageElement>('li[data-review-id] img')).filter(
          (img) => img.complete && img.naturalWidth > 0,
        ).length === 3,
    );
    // Rows are links in tab order.
    assert.equal(await row(first).getByRole('link').getAttribute('href'), `/review/${first.id}`);
    await checkStep(page, 'review');
  });

  it('filters narrow the list and are kept in the URL', async () => {
    await page.getByLabel('Camera').selectOption({ label: 'Driveway' });
    await page.waitForURL((url) => url.searchParams.get('camera') === String(driveway));
    await row(old).waitFor({ state: 'detached' });
    assert.deepEqual(await shownIds(), [second.id, first.id]);
    await page.getByLabel('Severity').selectOption('alert');
    await row(second).waitFor({ state: 'detached' });
    assert.deepEqual(await shownIds(), [first.id]);
    await page.getByLabel('Severity').selectOption('');
    await page.getByLabel('Label').fill('dog');
    await row(first).waitFor({ state: 'detached' });
    assert.deepEqual(await shownIds(), [second.id]);
    // The filtered view as a link: opened afresh, it shows the same.
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('label'), 'dog');
    await page.goto(url.toString());
    await row(second).waitFor();
    assert.deepEqual(await shownIds(), [second.id]);
    await page.getByLabel('Label').fill('nothing-like-this');
    await page.getByText('No incident matches these filters.').waitFor();
    // By zone, and by day (the viewer's day the backyard's car was seen).
    await page.goto(`${origin}/review`);
    await page.getByLabel('Zone', { exact: true }).fill('Entrance');
    await row(second).waitFor({ state: 'detached' });
    assert.deepEqual(await shownIds(), [first.id]);
    await page.getByLabel('Zone', { exact: true }).fill('');
    const oldDay = new Date(old.start_time);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page
      .getByLabel('Day', { exact: true })
      .fill(`${oldDay.getFullYear()}-${pad(oldDay.getMonth() + 1)}-${pad(oldDay.getDate())}`);
    await row(first).waitFor({ state: 'detached' });
    assert.deepEqual(await shownIds(), [old.id]);
    await page.goto(`${origin}/review`);
    await row(old).waitFor();
  });

  it('an opened incident plays its clip and shows its snapshot; marking it reviewed lowers the count', async () => {
    // Pointing at a row previews its clip in the thumbnail's place; moving away brings the thumbnail back.
    await row(first).getByRole('link').hover();
    await page.waitForFunction(
      (id) =>
        (document.querySelector<HTMLVideoElement>(`li[data-review-id="${id}"] video`)?.currentTime ?? 0) > 0,
      first.id,
    );
    await page.getByRole('heading', { name: 'Review', exact: true }).hover();
    await row(first).getByTestId('review-preview').waitFor({ state: 'detached' });
    await row(first).getByRole('link').click();
    await page.waitForURL(`${origin}/review/${first.id}`);
    await page.getByRole('heading', { name: /^Alert: car and person at Driveway/ }).waitFor();
    // The clip plays: its metadata loads, and it lasts the incident plus the pre- and post-roll (± 1 s).
    const video = page.locator('video');
    assert.match(
      (await video.getAttribute('src'))!,
      new RegExp(`/api/v1/review-items/${first.id}/clip\\?ticket=`),
    );
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    const seconds = await video.evaluate((v: HTMLVideoElement) => v.duration);
    const expected = (Date.parse(first.end_time!) - Date.parse(first.start_time)) / 1000 + 2;
    assert.ok(Math.abs(seconds - expected) <= 1, `clip of ${seconds} s, expected ${expected} s`);
    const snapshot = page.getByRole('img', { name: /^Snapshot: car and person/ });
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt^="Snapshot:"]');
      return img !== null && img.complete && img.naturalWidth === 640;
    });
    assert.match((await snapshot.getAttribute('src'))!, /\/snapshot\?ticket=/);
    assert.equal(
      await page.getByRole('link', { name: 'Open in recordings at this moment' }).getAttribute('href'),
      `/recordings/${driveway}?t=${Date.parse(first.start_time) - 5000}`,
    );
    const download = page.getByRole('link', { name: 'Download clip' });
    assert.match((await download.getAttribute('href'))!, /\/clip\?ticket=/);
    assert.equal(await download.getAttribute('download'), `incident-${first.id}.mp4`);
    // The camera's other incidents around it, in time order, this one marked; one click away.
    const nearby = page.getByRole('region', { name: /^Driveway, the hour before and after/ });
    const current = nearby.locator('a[aria-current="page"]');
    await current.waitFor();
    assert.equal(await current.getAttribute('href'), `/review/${first.id}`);
    assert.deepEqual(
      await nearby.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      [`/review/${first.id}`, `/review/${second.id}`],
    );
    // Opening it did not mark it.
    assert.equal((await item(first.id)).reviewed, false);
    await checkStep(page, 'review-item');

    await page.getByRole('button', { name: 'Mark reviewed' }).click();
    await page
      .getByTestId('reviewed-state')
      .getByText(/^✓ Reviewed/)
      .waitFor();
    await badge(2).waitFor();
    assert.equal((await item(first.id)).reviewed, true);
    await page.getByRole('link', { name: '← All incidents' }).click();
    await row(second).waitFor();
    // (the list kept from before may show first for a moment, until its refetch answers)
    await row(first).waitFor({ state: 'detached' });
    assert.deepEqual(await shownIds(), [second.id, old.id]);
    // And from a row: not reviewed again shows under "All"; then back.
    await page.getByLabel('Reviewed', { exact: true }).selectOption('all');
    await row(first)
      .getByRole('button', { name: /^Mark not reviewed/ })
      .click();
    await badge(3).waitFor();
    await row(first)
      .getByRole('button', { name: /^Mark reviewed/ })
      .click();
    await badge(2).waitFor();
    await page.getByLabel('Reviewed', { exact: true }).selectOption('unreviewed');
    await row(first).waitFor({ state: 'detached' });
  });

  it('"mark all shown as reviewed" marks what the filters show, and only that', async () => {
    await page.getByLabel('Camera').selectOption({ label: 'Backyard' });
    await row(second).waitFor({ state: 'detached' });
    assert.deepEqual(await shownIds(), [old.id]);
    await page.getByRole('button', { name: 'Mark all shown as reviewed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark reviewed' }).click();
    await page.getByText('No incident matches these filters.').waitFor();
    await badge(1).waitFor();
    assert.equal((await item(old.id)).reviewed, true);
    assert.equal((await item(second.id)).reviewed, false);
    await page.getByLabel('Camera').selectOption('');
    await row(second).waitFor();
  });

  it('a new incident appears without a reload, ongoing until it closes', async () => {
    // The tracker reports a cat moving every 300 ms until the screen has shown it as ongoing.
    const start = Date.now();
    const moving = () =>
      t.container.internalEvents.emit('objects.tracked', {
        cameraId: driveway,
        modelId: 1,
        at: Date.now(),
        tracks: [track('live-1', 'cat', start, Date.now(), 0.5)],
        ended: [],
        picture: { jpeg: picture, width: 640, height: 360 },
      });
    moving();
    const timer = setInterval(moving, 300);
    const fresh = page.locator('li[data-review-id]').filter({ hasText: 'cat' });
    try {
      await fresh.getByText('ongoing', { exact: true }).waitFor();
    } finally {
      clearInterval(timer);
    }
    await badge(2).waitFor();
    const id = Number(await fresh.getAttribute('data-review-id'));
    assert.equal((await shownIds())[0], id, 'newest first');
    // Nothing moved for CLOSE_AFTER_MS: it closes, and "ongoing" gives way to how long it lasted.
    await fresh.getByText(/^\d+ s$/).waitFor();
    assert.equal(await fresh.getByText('ongoing', { exact: true }).count(), 0);
  });

  it('moves between incidents and marks them from the keyboard', async () => {
    await page.goto(`${origin}/review?status=all`);
    await row(old).waitFor();
    const [newest, next] = await shownIds();
    const link = (id: number) => page.locator(`li[data-review-id="${id}"] a[data-review-link]`);
    const focused = () =>
      page.evaluate(() => Number(document.activeElement?.closest('li')?.getAttribute('data-review-id')));
    await link(newest!).focus();
    await page.keyboard.press('j');
    assert.equal(await focused(), next);
    await page.keyboard.press('ArrowUp');
    assert.equal(await focused(), newest);
    await page.keyboard.press('ArrowDown');
    // r marks the focused incident reviewed, and again not reviewed.
    const before = (await item(next!)).reviewed;
    await page.keyboard.press('r');
    await row({ id: next! } as Item)
      .getByText(before ? 'Not reviewed' : '✓ Reviewed')
      .waitFor();
    assert.equal((await item(next!)).reviewed, !before);
    await page.keyboard.press('r');
    await row({ id: next! } as Item)
      .getByText(before ? '✓ Reviewed' : 'Not reviewed')
      .waitFor();
    assert.equal((await item(next!)).reviewed, before);
    await badge(2).waitFor();
  });

  it('a user who may not view a camera sees none of its incidents', async () => {
    const other = await browser.newPage({ width: 390, height: 800 });
    other.page.setDefaultTimeout(10_000);
    await other.page.goto(`${origin}/review?status=all`);
    await signIn(other.page, 'neighbour', USER_PASSWORD);
    await other.page.locator(`li[data-review-id="${first.id}"]`).waitFor();
    const ids = (
      await other.page
        .locator('li[data-review-id]')
        .evaluateAll((rows) => rows.map((r) => r.dataset.reviewId))
    ).map(Number);
    assert.ok(ids.includes(second.id));
    assert.ok(!ids.includes(old.id), 'no backyard incident');
    await other.page.getByRole('link', { name: reviewNav(2) }).waitFor();
    // Its own link says "not found", as for an incident that does not exist.
    browser.expectedStatuses.add(404);
    try {
      await other.page.goto(`${origin}/review/${old.id}`);
      await other.page.getByRole('heading', { name: 'Incident not found' }).waitFor();
    } finally {
      browser.expectedStatuses.delete(404);
    }
    const scrollWidth = await other.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= 390, `${scrollWidth} px wide on a phone`);
    await other.context.close();
  });

  /** An incident of the backyard (it records nothing: no clip), `hoursAgo` hours ago, lasting 3 s. */
  const backyardIncident = (labels: string[], hoursAgo: number) => {
    const from = Date.now() - hoursAgo * 3600_000;
    return incident(backyard, labels, from, from + 3_000);
  };

  it("an incident's snapshot shows its boxes, labelled, and lists them in words", async () => {
    const seenHere = await backyardIncident(['person', 'car'], 30);
    await page.goto(`${origin}/review/${seenHere.id}`);
    await page.getByRole('heading', { name: /^Detection: car and person at Backyard/ }).waitFor();
    const snapshot = page.locator('figure').filter({ has: page.locator('img[alt^="Snapshot:"]') });
    const outlines = snapshot.locator('svg[data-snapshot-boxes="2"]');
    await outlines.waitFor();
    // Each box where the tracker saw it (track(): x = 0.1 and 0.5, y = 0.3, 0.2 × 0.4 of the picture), labelled.
    const placed = await snapshot.evaluate((figure) => {
      const picture = figure.querySelector('img')!.getBoundingClientRect();
      return Array.from(figure.querySelectorAll('svg g')).map((group) => {
        const rect = group.querySelector('rect')!.getBoundingClientRect();
        return {
          label: group.querySelector('text')!.textContent,
          x: (rect.left - picture.left) / picture.width,
          y: (rect.top - picture.top) / picture.height,
          width: rect.width / picture.width,
          height: rect.height / picture.height,
        };
      });
    });
    const near = (a: number, b: number) => Math.abs(a - b) < 0.02;
    const expected = [
      { label: 'person 90%', x: 0.1 },
      { label: 'car 90%', x: 0.5 },
    ];
    assert.equal(placed.length, 2, JSON.stringify(placed));
    for (const want of expected) {
      const box = placed.find((p) => p.label === want.label);
      assert.ok(box, `${want.label} in ${JSON.stringify(placed)}`);
      assert.ok(
        near(box.x, want.x) && near(box.y, 0.3) && near(box.width, 0.2) && near(box.height, 0.4),
        JSON.stringify(box),
      );
    }
    // The same boxes in words, for a screen reader.
    const listed = await page
      .getByRole('list', { name: 'Boxes on the snapshot' })
      .getByRole('listitem')
      .allInnerTexts();
    assert.deepEqual(listed.sort(), ['car, 90 % sure, centre', 'person, 90 % sure, left']);
    await checkStep(page, 'review-item-boxes');
  });

  it('chooses incidents (a tick, x, Space, or all shown) and marks the chosen ones reviewed', async () => {
    const made = [
      await backyardIncident(['bicycle'], 40),
      await backyardIncident(['bicycle'], 41),
      await backyardIncident(['bicycle'], 42),
    ];
    const [a, b, c] = made as [Item, Item, Item];
    await page.goto(`${origin}/review?camera=${backyard}&label=bicycle`);
    await row(c).waitFor();
    assert.deepEqual(await shownIds(), [a.id, b.id, c.id]);
    const markChosen = (n: number) => page.getByRole('button', { name: `Mark ${n} chosen as reviewed` });
    assert.equal(await markChosen(0).isDisabled(), true);
    // A tick on the first, x on the second (its link focused), Space on the third and Space again undoes it.
    await row(a).getByRole('checkbox').check();
    await row(b).locator('a[data-review-link]').focus();
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press(' ');
    assert.equal(await row(c).getByRole('checkbox').isChecked(), true);
    await page.keyboard.press(' ');
    assert.equal(await row(c).getByRole('checkbox').isChecked(), false);
    assert.equal(page.url().includes(`/review/`), false, 'Space did not open the incident');
    assert.equal(await row(b).getByRole('checkbox').isChecked(), true);
    // "Choose all shown" is half-ticked while some are chosen.
    const all = page.getByRole('checkbox', { name: 'Choose all shown' });
    assert.equal(await all.evaluate((box: HTMLInputElement) => box.indeterminate), true);
    await checkStep(page, 'review-chosen');
    await markChosen(2).click();
    await row(a).waitFor({ state: 'detached' });
    await row(b).waitFor({ state: 'detached' });
    assert.deepEqual(await shownIds(), [c.id]);
    assert.deepEqual(
      [(await item(a.id)).reviewed, (await item(b.id)).reviewed, (await item(c.id)).reviewed],
      [true, true, false],
    );
    // All shown: ticked, then cleared; a chosen one reviewed meanwhile is not counted.
    await all.check();
    assert.equal(await row(c).getByRole('checkbox').isChecked(), true);
    await markChosen(1).waitFor();
    await all.uncheck();
    assert.equal(await row(c).getByRole('checkbox').isChecked(), false);
    await markChosen(0).waitFor();
  });

  it('on a phone, a tap on a thumbnail previews the clip, a second tap opens it; the clip shows the boxes at the snapshot', async () => {
    // A bird on the driveway, inside a whole recorded chunk later than the other incidents (its clip is cut).
    const after = Date.parse(second.end_time!);
    let chunk = chunks.chunks.find((c) => c.startMs > after + 1_000 && c.endMs - c.startMs >= 6_000);
    for (let n = chunks.chunks.length + 1; !chunk; n++) {
      const candidate = (await chunks.waitFor(n))[n - 1]!;
      if (candidate.startMs > after + 1_000 && candidate.endMs - candidate.startMs >= 6_000)
        chunk = candidate;
    }
    const from = events.seen.length;
    const bird = await incident(driveway, ['bird'], chunk.startMs + 2_000, chunk.endMs - 2_000);
    if ((await item(bird.id)).clip_status === 'pending')
      await events.next(
        (event) =>
          event.type === 'review.updated' &&
          (event.data.item as Item).id === bird.id &&
          (event.data.item as Item).clip_status !== 'pending',
        from,
        "the bird's clip",
      );
    const ready = await item(bird.id);
    assert.equal(ready.clip_status, 'ready');
    // The snapshot is the first picture (every update scores the same), 1 s into the clip (pre-roll 1 s).
    assert.equal(ready.snapshot_time, new Date(chunk.startMs + 2_000).toISOString());

    const phone = await browser.newPage({ width: 390, height: 844 }, { hasTouch: true, isMobile: true });
    phone.page.setDefaultTimeout(10_000);
    const list = `${origin}/review?label=bird`;
    await phone.page.goto(list);
    await signIn(phone.page, 'chief', USER_PASSWORD);
    const birdRow = phone.page.locator(`li[data-review-id="${bird.id}"]`);
    const thumbnail = birdRow.locator('a[data-review-link] img');
    await phone.page.waitForFunction((id) => {
      const img = document.querySelector<HTMLImageElement>(`li[data-review-id="${id}"] img`);
      return img !== null && img.complete && img.naturalWidth > 0;
    }, bird.id);
    await thumbnail.tap();
    await phone.page.waitForFunction(
      (id) =>
        (document.querySelector<HTMLVideoElement>(`li[data-review-id="${id}"] video`)?.currentTime ?? 0) > 0,
      bird.id,
    );
    assert.equal(new URL(phone.page.url()).pathname, '/review', 'the tap did not open the incident');
    await birdRow.getByText('Tap again to open').waitFor();
    await birdRow.getByTestId('review-preview').tap();
    await phone.page.waitForURL((url) => url.pathname === `/review/${bird.id}`);
    // The clip at the snapshot's moment has the snapshot's boxes over it; half a second away, not.
    const clip = phone.page.locator('video');
    await phone.page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    const clipBoxes = phone.page.locator('svg[data-clip-boxes="1"]');
    assert.equal(await clipBoxes.count(), 0);
    await phone.page.getByRole('button', { name: /^Go to the snapshot's moment \(1\.0 s\)$/ }).tap();
    await clipBoxes.waitFor();
    assert.equal(await clipBoxes.locator('text').textContent(), 'bird 90%');
    assert.ok(Math.abs((await clip.evaluate((v: HTMLVideoElement) => v.currentTime)) - 1) < 0.1);
    await checkStep(phone.page, 'review-item-clip-boxes');
    await clip.evaluate((v: HTMLVideoElement) => (v.currentTime = 2.5));
    await clipBoxes.waitFor({ state: 'detached' });
    // The row's text opens it at the first tap.
    await phone.page.goto(list);
    await birdRow.getByText('Driveway').tap();
    await phone.page.waitForURL((url) => url.pathname === `/review/${bird.id}`);
    await phone.context.close();
  });
});
