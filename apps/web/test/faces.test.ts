// The face library in Debian's chromium against a real recorder and the real adapter (its face models): a
// superuser adds a person from an upload of a real face photo (a frame of OpenCV's Megamind.avi) and sees the
// face's crop as a thumbnail; a group photo is refused naming why; rename, add a face from another shot, the same
// face registered twice and merged back into one person, a face removed, the person deleted after a confirm
// dialog. axe-core and no sideways scroll at 1280 and 390 px on each step; someone who is not an administrator
// has no Faces entry and is told plainly on the URL. A person the library knows, in front of a test camera with a
// live face_recognition model: the incident on that camera names them on the Review row (live), on the incident's
// page and on the Events screen. No console error in the run.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  adapterPolled,
  recorderEnvFor,
  startAdapterProcess,
  type AdapterProcess,
} from '../../recorder/test/helpers/adapter-process.js';
import { mapResult } from '../../recorder/src/modules/detection/result-mapping.js';
import { createTestApp, USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import { startTestCamera, type TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';
import { checkStep, openWatchedBrowser, signIn, type WatchedBrowser } from './helpers.js';

const FIXTURES = new URL('../../../test-fixtures/adapter/', import.meta.url).pathname;
const photo = (name: string) => join(FIXTURES, name);

describe('face library in chromium', { timeout: 120_000 }, () => {
  let adapter: AdapterProcess;
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;
  let camera: TestCamera | null = null;

  before(async () => {
    adapter = await startAdapterProcess();
    t = await createTestApp({ env: recorderEnvFor(adapter), overrides: { adapterRecheckMs: 200 } });
    origin = `http://${await listen(t.app)}`;
    browser = await openWatchedBrowser();
    await t.createUser('operator', { superuser: true });
    await t.createUser('watcher');
    await adapterPolled(t);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await adapter?.close();
    await camera?.close();
    assert.deepEqual(browser.problems, []);
  });

  const person = (page: Page, name: string) =>
    page
      .getByRole('list', { name: 'People' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', { name, exact: true }),
      });

  /** The thumbnail is the crop itself: loaded, and a picture of some size. */
  async function assertThumbnail(page: Page, name: string): Promise<void> {
    const img = page.getByRole('img', { name });
    await img.waitFor();
    await page.waitForFunction((alt) => {
      const el = Array.from(document.images).find((i) => i.alt === alt);
      return !!el && el.complete && el.naturalWidth > 20;
    }, name);
    assert.match((await img.getAttribute('src')) ?? '', /^blob:/);
  }

  it('adds, shows, renames, extends, merges, trims and deletes a person', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${origin}/faces`);
    await signIn(page, 'operator', USER_PASSWORD);
    await page.getByRole('heading', { name: 'Face library' }).waitFor();
    await page.getByText('Nobody is in the library yet.').waitFor();
    assert.equal(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Faces' }).count(),
      1,
    );
    await checkStep(page, 'faces-empty');

    // A group photo: refused, saying so, and nothing added.
    // The refusals are on purpose; Chrome logs their statuses as console errors.
    browser.expectedStatuses.add(422);
    browser.expectedStatuses.add(409);
    const add = page.getByRole('form', { name: 'Add a person' });
    await add.getByLabel('Name').fill('Group');
    await add.getByLabel('Pictures of their face (1–10)').setInputFiles(photo('sample1.jpg'));
    await add.getByRole('button', { name: 'Add person' }).click();
    const refusal = add.getByRole('alert');
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /several faces/);
    assert.match(await refusal.innerText(), /3 faces/);
    await checkStep(page, 'faces-refused');

    await add.getByLabel('Name').fill('Bernard');
    await add.getByLabel('Pictures of their face (1–10)').setInputFiles(photo('megamind-4.5s.jpg'));
    await add.getByRole('button', { name: 'Add person' }).click();
    await person(page, 'Bernard').waitFor();
    await assertThumbnail(page, 'Face 1 of Bernard');
    assert.equal(await add.getByRole('alert').count(), 0, 'the old refusal is gone');

    // Rename.
    await person(page, 'Bernard').getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Bernard' });
    await rename.getByLabel('New name').fill('Bernard B');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await person(page, 'Bernard B').waitFor();

    // Another shot of him, added to his entry.
    await person(page, 'Bernard B')
      .getByLabel('Add pictures of Bernard B')
      .setInputFiles(photo('megamind-9.5s.jpg'));
    await person(page, 'Bernard B').getByText('2 faces').waitFor();
    await assertThumbnail(page, 'Face 2 of Bernard B');

    // The same man registered a second time (forced past "already in the library"), then merged back.
    await add.getByLabel('Name').fill('Bernard twice');
    await add.getByLabel('Pictures of their face (1–10)').setInputFiles(photo('megamind-9.5s.jpg'));
    await add.getByRole('button', { name: 'Add person' }).click();
    await add.getByRole('alert').filter({ hasText: 'already in the library' }).waitFor();
    assert.match(await add.getByRole('alert').innerText(), /Bernard B/);
    await add.getByLabel(/Register even a face that matches someone else/).check();
    await add.getByRole('button', { name: 'Add person' }).click();
    await person(page, 'Bernard twice').waitFor();
    browser.expectedStatuses.clear();
    await checkStep(page, 'faces-two-people');

    await person(page, 'Bernard B').getByRole('button', { name: 'Merge…' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge into Bernard B' });
    await merge.getByLabel('Person to merge').selectOption({ label: 'Bernard twice (1)' });
    await checkStep(page, 'faces-merge-dialog');
    await merge.getByRole('button', { name: 'Merge' }).click();
    await person(page, 'Bernard B').getByText('3 faces').waitFor();
    assert.equal(await person(page, 'Bernard twice').count(), 0);
    await assertThumbnail(page, 'Face 3 of Bernard B');
    await checkStep(page, 'faces-merged');

    // One face removed.
    await page.getByRole('button', { name: 'Remove face 3 of Bernard B' }).click();
    await person(page, 'Bernard B').getByText('2 faces').waitFor();

    // Delete, after a confirm dialog; cancelling keeps him.
    await person(page, 'Bernard B').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Bernard B?' });
    await checkStep(page, 'faces-delete-dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await person(page, 'Bernard B').getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete Bernard B' }).click();
    await page.getByText('Nobody is in the library yet.').waitFor();
    const listed = await t.request({ method: 'GET', url: '/api/v1/faces/persons', token: t.adminToken });
    assert.deepEqual(listed.json().persons, []);
  });

  /** A review item of a group photo (three women), a box around each face as the face detector finds them. */
  async function groupReviewItem(): Promise<number> {
    const entry = t.container.adapterRegistry.pick('face_detection')!;
    const jpeg = readFileSync(photo('sample1.jpg'));
    const found = mapResult(
      'face_detection',
      await t.container.adapterRegistry.infer(
        entry,
        'face_detection',
        { b64: jpeg.toString('base64') },
        {},
        null,
      ),
    );
    assert.ok(typeof found !== 'string' && found.detections.length === 3, JSON.stringify(found));
    const camera = await t.request({
      method: 'POST',
      url: '/api/v1/cameras?force=true',
      token: t.adminToken,
      payload: { name: 'Hall', ip_address: '127.0.0.1', rtsp_url: 'rtsp://127.0.0.1:1/none' },
    });
    assert.equal(camera.statusCode, 201, camera.body);
    const [width, height] = [1920, 1280];
    const now = Date.now();
    t.container.reviewBuilder.tracked({
      cameraId: camera.json().id,
      modelId: 1,
      at: now,
      ended: [],
      picture: { jpeg, width, height },
      tracks: found.detections.map((d, i) => {
        const box = {
          x: d.bbox[0] / width,
          y: d.bbox[1] / height,
          width: (d.bbox[2] - d.bbox[0]) / width,
          height: (d.bbox[3] - d.bbox[1]) / height,
        };
        return {
          track_id: `face-${i}`,
          label: 'face',
          confidence: d.confidence,
          box,
          first_seen: now,
          last_seen: now,
          last_moved: now,
          stationary: false,
          best: { at: now, confidence: d.confidence, box, result_id: null },
        };
      }),
    });
    await t.container.reviewBuilder.idle();
    const items = await t.request({ method: 'GET', url: '/api/v1/review-items', token: t.adminToken });
    return items.json().items[0].id;
  }

  it("adds a face from a review item's snapshot, chosen by its box", async () => {
    const id = await groupReviewItem();
    const { page } = await browser.newPage();
    await page.goto(`${origin}/review/${id}`);
    await signIn(page, 'operator', USER_PASSWORD);
    await page.getByText('Add a face from this snapshot to the face library').click();
    // The whole group photo: refused, saying why.
    browser.expectedStatuses.add(422);
    await page.getByLabel('The whole snapshot (when it shows one face only)').check();
    await page.getByLabel('Name of the new person').fill('Beth');
    await page.getByRole('button', { name: 'Add to the face library' }).click();
    await page.getByRole('alert').filter({ hasText: 'several faces' }).waitFor();
    browser.expectedStatuses.clear();
    await page.getByLabel(/^Box 2: face/).check();
    await page.getByRole('button', { name: 'Add to the face library' }).click();
    await page.getByText('Beth now has 1 face(s) in the library.').waitFor();
    await checkStep(page, 'review-add-face');
    // The same box again, now added to Beth (someone in the library).
    await page.getByLabel('Someone in the library').check();
    await page.getByLabel('Person', { exact: true }).selectOption({ label: 'Beth' });
    await page.getByLabel(/^Box 2: face/).check();
    await page.getByRole('button', { name: 'Add to the face library' }).click();
    await page.getByText('Beth now has 2 face(s) in the library.').waitFor();

    await page.getByRole('link', { name: 'Open the face library' }).click();
    await assertThumbnail(page, 'Face 2 of Beth');
    await person(page, 'Beth').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Beth' }).click();
    await page.getByText('Nobody is in the library yet.').waitFor();
  });

  it('is not offered to others, and its URL says it is for administrators', async () => {
    const { page } = await browser.newPage({ width: 390, height: 844 });
    await page.goto(`${origin}/faces`);
    await signIn(page, 'watcher', USER_PASSWORD);
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    await page.getByText('The face library is for administrators only.').waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Live' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Faces' }).count(), 0);
    await checkStep(page, 'faces-not-allowed');
  });

  it('names the people recognised in an incident on its Review row, its page and the Events screen', async () => {
    camera = await startTestCamera({
      image: photo('megamind-4.5s.jpg'),
      width: 720,
      height: 528,
      fps: 5,
      gop: 5,
    });
    const api = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
      const response = await t.request({
        method,
        url: `/api/v1${url}`,
        token: t.adminToken,
        ...(payload ? { payload } : {}),
      });
      assert.ok(response.statusCode < 300, `${url}: ${response.statusCode} ${response.body}`);
      return response.statusCode === 204 ? null : response.json();
    };
    const bernard = await api('POST', '/faces/persons', {
      name: 'Bernard',
      images: [readFileSync(photo('megamind-9.5s.jpg')).toString('base64')],
    });
    const { id: cameraId } = await api('POST', '/cameras?force=true', {
      name: 'Porch',
      ip_address: '127.0.0.1',
      rtsp_url: camera.url,
    });
    await api('PATCH', `/camera-config/${cameraId}`, { transport_security: 'plaintext_allowed' });
    const recognised = new Promise<void>((resolve) => {
      const stop = t.container.internalEvents.on('faces.recognised', (seen) => {
        if (seen.cameraId !== cameraId || !seen.names.includes('Bernard')) return;
        stop();
        resolve();
      });
    });
    await api('POST', '/ai-models', {
      name: 'Porch faces',
      model_name: 'face',
      task: 'face_recognition',
      inference_interval: 1,
      assigned_camera_id: cameraId,
      config: JSON.stringify({ trigger: 'always' }),
    });

    const { page } = await browser.newPage();
    await page.goto(`${origin}/review`);
    await signIn(page, 'operator', USER_PASSWORD);
    await page.getByRole('heading', { name: 'Review', exact: true }).waitFor();
    await recognised;
    // An incident on the camera while he is in the picture, as the tracker opens them: it arrives live, named.
    const jpeg = readFileSync(photo('megamind-4.5s.jpg'));
    const now = Date.now();
    const box = { x: 0.55, y: 0.2, width: 0.2, height: 0.4 };
    t.container.reviewBuilder.tracked({
      cameraId,
      modelId: 1,
      at: now,
      ended: [],
      picture: { jpeg, width: 720, height: 528 },
      tracks: [
        {
          track_id: 'bernard',
          label: 'person',
          confidence: 0.9,
          box,
          first_seen: now,
          last_seen: now,
          last_moved: now,
          stationary: false,
          best: { at: now, confidence: 0.9, box, result_id: null },
        },
      ],
    });
    const names = page.getByRole('list', { name: 'Recognised people' });
    await names.first().waitFor();
    assert.equal(await names.first().textContent(), 'recognised: Bernard');
    await checkStep(page, 'review-names');

    await names.first().click();
    await page.getByRole('heading', { name: /Porch/ }).waitFor();
    assert.match(await page.getByRole('list', { name: 'Recognised people' }).innerText(), /Bernard/);
    await checkStep(page, 'review-item-names');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
    await page.getByText('Porch faces: recognised Bernard').first().waitFor();
    await checkStep(page, 'events-names');
    await api('DELETE', `/faces/persons/${bernard.id}`);
  });
});
