// Recognised names on review items (issue #34 item 6). On every dialect, the names that reach the review builder
// (`faces.recognised`, as the detection loop tells them) join the camera's open incident once each, bounded, with
// `review.updated` telling the screens; a name seen just before an incident opens is the incident's; `?name=`
// finds an item by a whole name in either case, JSON escapes and LIKE wildcards included. On SQLite, end to end
// with the real adapter: a test camera showing a face (a frame of OpenCV's Megamind.avi), a live
// face_recognition model on it, an incident whose face nobody knows, that face added to the gallery from the
// incident's snapshot — and the next incident on the camera carries the name, as do the `detection` events.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { mapResult } from '../src/modules/detection/result-mapping.js';
import { MAX_NAMES } from '../src/modules/review/review-names.js';
import type { TrackedObject } from '../src/modules/tracking/object-tracker.js';
import type { BusEvent } from '../src/platform/events/event-types.js';
import {
  adapterPolled,
  recorderEnvFor,
  startAdapterProcess,
  type AdapterProcess,
} from './helpers/adapter-process.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { pipelineCase, testDialects } from './helpers/database.js';
import { EventLog } from './helpers/event-log.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

const FIXTURES = new URL('../../../test-fixtures/adapter/', import.meta.url).pathname;
const FACE = `${FIXTURES}megamind-4.5s.jpg`;
const [WIDTH, HEIGHT] = [720, 528];

interface Item {
  id: number;
  camera_id: number;
  names: string[];
}

/** Someone moving in the picture now, in `box` (normalised): what opens or keeps open a camera's incident. */
function moving(
  box: TrackedObject['box'],
  at = Date.now(),
  trackId = 'someone',
): { tracks: TrackedObject[]; at: number } {
  return {
    at,
    tracks: [
      {
        track_id: trackId,
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
  };
}

const itemOf = (event: BusEvent) => event.data.item as Item;

for (const dialect of testDialects()) {
  describe(`recognised names on review items (${dialect})`, { timeout: 180_000 }, () => {
    let t: TestApp;
    let log: EventLog;
    let adapter: AdapterProcess | null = null;
    let camera: TestCamera | null = null;
    const once = pipelineCase(dialect);

    before(async () => {
      if (dialect === 'sqlite') {
        [adapter, camera] = await Promise.all([
          startAdapterProcess(),
          startTestCamera({ image: FACE, width: WIDTH, height: HEIGHT, fps: 5, gop: 5 }),
        ]);
      }
      t = await createTestApp({
        dialect,
        env: adapter ? recorderEnvFor(adapter) : {},
        overrides: { adapterRecheckMs: 200, grabberBackoffMs: 200, reviewCloseAfterMs: 3_000 },
      });
      log = new EventLog(t.container.events, [
        'review.opened',
        'review.updated',
        'review.closed',
        'detection',
      ]);
    });
    after(async () => {
      log?.close();
      await t?.close();
      await Promise.all([adapter?.close(), camera?.close()]);
    });

    const get = async (url: string, token = t.adminToken) => {
      const response = await t.request({ method: 'GET', url: `/api/v1${url}`, token });
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      return response.json();
    };
    const open = (cameraId: number, at = Date.now()) =>
      t.container.reviewBuilder.tracked({
        cameraId,
        modelId: 1,
        ended: [],
        picture: { jpeg: readFileSync(FACE), width: WIDTH, height: HEIGHT },
        ...moving({ x: 0.2, y: 0.1, width: 0.5, height: 0.6 }, at),
      });
    const recognised = (cameraId: number, names: string[], at = Date.now()) =>
      t.container.internalEvents.emit('faces.recognised', { cameraId, modelId: 1, at, names });

    it('names join the open incident once each, bounded, told by review.updated, found by ?name=', async () => {
      const cameraId = (await createCamera(t, t.adminToken)).id as number;
      const from = log.seen.length;
      open(cameraId);
      const opened = itemOf(
        await log.next((e) => e.type === 'review.opened' && e.camera_id === cameraId, from, 'the incident'),
      );
      assert.deepEqual(opened.names, []);

      const odd = 'O"Neil\\50%_x';
      recognised(cameraId, ['Ann', odd, 'Ann']);
      const told = await log.next(
        (e) => e.type === 'review.updated' && itemOf(e).id === opened.id && itemOf(e).names.length > 0,
        from,
        'the names told',
      );
      assert.deepEqual(itemOf(told).names, ['Ann', odd]);
      await t.container.reviewBuilder.idle();
      const before = log.seen.length;
      recognised(cameraId, ['Ann']);
      await t.container.reviewBuilder.idle();
      assert.equal(
        log.seen.slice(before).filter((e) => e.type === 'review.updated').length,
        0,
        'a name already there changes nothing',
      );
      assert.deepEqual((await get(`/review-items/${opened.id}`)).names, ['Ann', odd]);

      const list = async (name: string) =>
        (await get(`/review-items?camera_id=${cameraId}&name=${encodeURIComponent(name)}`)).items.map(
          (i: Item) => i.id,
        );
      assert.deepEqual(await list('Ann'), [opened.id]);
      assert.deepEqual(await list('aNN'), [opened.id], 'either case');
      assert.deepEqual(await list(odd), [opened.id], 'quotes, backslashes and wildcards as written');
      assert.deepEqual(await list('An'), [], 'a whole name, not a part');
      assert.deepEqual(await list('%'), []);
      assert.deepEqual(await list('Bo'), []);
      const anonymous = await t.request({ method: 'GET', url: '/api/v1/review-items?name=Ann' });
      assert.equal(anonymous.statusCode, 401);
      const tooLong = await t.request({
        method: 'GET',
        url: `/api/v1/review-items?name=${'x'.repeat(101)}`,
        token: t.adminToken,
      });
      assert.equal(tooLong.statusCode, 422);
      assert.match(tooLong.body, /name/);

      // A crowd, or a gallery misnaming one face over and over: the first MAX_NAMES stay.
      recognised(
        cameraId,
        Array.from({ length: MAX_NAMES + 5 }, (_, i) => `Person ${i}`),
      );
      await t.container.reviewBuilder.idle();
      const full = (await get(`/review-items/${opened.id}`)).names as string[];
      assert.equal(full.length, MAX_NAMES);
      assert.deepEqual(full.slice(0, 3), ['Ann', odd, 'Person 0']);
    });

    it('a face recognised just before the incident opens is the incident’s; another camera’s is not', async () => {
      const cameraId = (await createCamera(t, t.adminToken)).id as number;
      const other = (await createCamera(t, t.adminToken)).id as number;
      recognised(cameraId, ['Cy'], Date.now() - 2_000);
      recognised(other, ['Di']);
      await t.container.reviewBuilder.idle();
      const from = log.seen.length;
      open(cameraId);
      const opened = itemOf(
        await log.next((e) => e.type === 'review.opened' && e.camera_id === cameraId, from, 'the incident'),
      );
      assert.deepEqual(opened.names, ['Cy']);
      assert.deepEqual((await get(`/review-items?name=Di`)).items, []);
    });

    once('a face added from an incident’s snapshot is recognised on the next incident', async () => {
      await adapterPolled(t);
      const cameraId = (
        await createCamera(t, t.adminToken, { name: 'Hall', ip_address: '127.0.0.1', rtsp_url: camera!.url })
      ).id as number;
      const created = await t.request({
        method: 'POST',
        url: '/api/v1/ai-models',
        token: t.adminToken,
        payload: {
          name: 'Hall faces',
          model_name: 'face',
          task: 'face_recognition',
          inference_interval: 1,
          assigned_camera_id: cameraId,
          // a still picture: the model analyses it whatever moves
          config: JSON.stringify({ trigger: 'always' }),
        },
      });
      assert.equal(created.statusCode, 201, created.body);
      const modelId = created.json().id as number;
      const faceSeen = (from: number, what: string) =>
        log.next(
          (e) =>
            e.type === 'detection' &&
            e.data.model_id === modelId &&
            ((e.data.count as number | undefined) ?? 0) >= 1,
          from,
          what,
        );
      const unknown = await faceSeen(0, 'the camera’s face found');
      assert.equal(unknown.data.names, undefined, 'nobody is in the gallery yet');

      // The first incident: the face is nobody's. Its snapshot has a box on the face, where the face detector
      // puts it.
      const entry = t.container.adapterRegistry.pick('face_detection')!;
      const found = mapResult(
        'face_detection',
        await t.container.adapterRegistry.infer(
          entry,
          'face_detection',
          { b64: readFileSync(FACE).toString('base64') },
          {},
          null,
        ),
      );
      assert.ok(typeof found !== 'string' && found.detections.length === 1, JSON.stringify(found));
      const [x1, y1, x2, y2] = found.detections[0]!.bbox;
      const faceBox = { x: x1 / WIDTH, y: y1 / HEIGHT, width: (x2 - x1) / WIDTH, height: (y2 - y1) / HEIGHT };
      let from = log.seen.length;
      t.container.reviewBuilder.tracked({
        cameraId,
        modelId: 1,
        ended: [],
        picture: { jpeg: readFileSync(FACE), width: WIDTH, height: HEIGHT },
        ...moving(faceBox),
      });
      const first = itemOf(
        await log.next(
          (e) => e.type === 'review.opened' && e.camera_id === cameraId,
          from,
          'the first incident',
        ),
      );
      await faceSeen(log.seen.length, 'the face analysed during the first incident');
      const firstClosed = itemOf(
        await log.next(
          (e) => e.type === 'review.closed' && itemOf(e).id === first.id,
          from,
          'the first incident closing',
        ),
      );
      assert.deepEqual(firstClosed.names, [], 'a face nobody knows names nobody');

      // The face, added to the gallery from that incident's snapshot.
      const added = await t.request({
        method: 'POST',
        url: '/api/v1/faces/persons/from-review',
        token: t.adminToken,
        payload: { review_item_id: first.id, box: 0, name: 'Bernard' },
      });
      assert.equal(added.statusCode, 201, added.body);

      // The camera's face is his now: the detection events say so, and the next incident carries his name.
      from = log.seen.length;
      const named = await log.next(
        (e) => e.type === 'detection' && e.data.model_id === modelId && Array.isArray(e.data.names),
        from,
        'the face recognised',
      );
      assert.deepEqual(named.data.names, ['Bernard']);
      from = log.seen.length;
      open(cameraId);
      const next = await log.next(
        (e) =>
          (e.type === 'review.opened' || e.type === 'review.updated') &&
          e.camera_id === cameraId &&
          itemOf(e).id !== first.id &&
          itemOf(e).names.length > 0,
        from,
        'the next incident named',
      );
      assert.deepEqual(itemOf(next).names, ['Bernard']);
      assert.deepEqual((await get(`/review-items/${itemOf(next).id}`)).names, ['Bernard']);
      assert.deepEqual(
        (await get(`/review-items/${first.id}`)).names,
        [],
        'the first incident stays as it was',
      );
      assert.deepEqual(
        (await get(`/review-items?camera_id=${cameraId}&name=bernard`)).items.map((i: Item) => i.id),
        [itemOf(next).id],
      );
    });
  });
}
