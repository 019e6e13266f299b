// Face recognition through the recorder, against a real adapter process: superusers manage the adapter's face
// gallery through /api/v1/faces/persons (others get 401/403, the adapter's refusals keep their status and
// reason); a face_recognition answer is stored with the recognised name as the label (`unknown` otherwise), and
// an alert rule fires on an unknown face or on a named person through the ordinary label filter.
// One database (SQLite): the faces module keeps no rows of its own (the gallery lives in the adapter) and its
// audit rows are the audit module's, which runs on every dialect in audit.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ruleFires } from '../src/modules/detection/alert-rule.js';
import { mapResult } from '../src/modules/detection/result-mapping.js';
import { parseModelConfig } from '../src/modules/ai-models/ai-models.schemas.js';
import { startAdapterProcess, type AdapterProcess } from './helpers/adapter-process.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { eventually } from './helpers/eventually.js';

const FIXTURES = new URL('../../../test-fixtures/adapter/', import.meta.url).pathname;
const b64 = (name: string) => readFileSync(`${FIXTURES}${name}`).toString('base64');
const TOKEN = 'faces-token-3c9e1a';

describe('face gallery and face_recognition through the recorder', () => {
  let t: TestApp;
  let adapter: AdapterProcess;
  let viewer: string;

  before(async () => {
    adapter = await startAdapterProcess({ token: TOKEN });
    t = await createTestApp({
      env: { ADAPTER_URLS: `local=${adapter.url}`, ADAPTER_TOKEN_LOCAL: TOKEN, ADAPTER_POLL_SECONDS: '1' },
      overrides: { adapterRecheckMs: 200 },
    });
    viewer = (await t.createUser('viewer')).token;
    await eventually(async () => t.container.adapterRegistry.pick('face_recognition') ?? undefined, {
      what: 'the adapter to serve face_recognition',
    });
  });
  after(async () => {
    await t?.close();
    await adapter?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    token = t.adminToken,
  ) => t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });

  it('only superusers reach the gallery', async () => {
    for (const [method, url] of [
      ['GET', '/faces/persons'],
      ['POST', '/faces/persons'],
      ['DELETE', '/faces/persons/00000000-0000-0000-0000-000000000000'],
    ] as const) {
      const anonymous = await t.request({ method, url: `/api/v1${url}`, payload: {} });
      assert.equal(anonymous.statusCode, 401, `${method} ${url}`);
    }
    assert.equal((await call('GET', '/faces/persons', undefined, viewer)).statusCode, 403);
    const create = await call(
      'POST',
      '/faces/persons',
      { name: 'X', images: [b64('megamind-4.5s.jpg')] },
      viewer,
    );
    assert.equal(create.statusCode, 403);
    assert.deepEqual((await call('GET', '/faces/persons')).json().persons, []);
  });

  it('registers, refuses with the adapter’s reason, renames and deletes', async () => {
    const refused = await call('POST', '/faces/persons', { name: 'Group', images: [b64('sample1.jpg')] });
    assert.equal(refused.statusCode, 422, refused.body);
    assert.match(refused.body, /several_faces/);
    assert.match(refused.body, /3 faces/);

    const created = await call('POST', '/faces/persons', {
      name: 'Bernard',
      images: [b64('megamind-4.5s.jpg')],
    });
    assert.equal(created.statusCode, 201, created.body);
    const person = created.json();
    assert.equal(person.face_count, 1);
    const listed = (await call('GET', '/faces/persons')).json();
    assert.equal(listed.adapter, 'local');
    assert.deepEqual(
      listed.persons.map((p: any) => p.name),
      ['Bernard'],
    );
    const taken = await call('POST', '/faces/persons', {
      name: 'Bernard',
      images: [b64('megamind-9.5s.jpg')],
    });
    assert.equal(taken.statusCode, 409);
    // The same face under another name: refused with the adapter's reason, and forced through when meant.
    const sameFace = { name: 'Bernard twin', images: [b64('megamind-9.5s.jpg')] };
    const twin = await call('POST', '/faces/persons', sameFace);
    assert.equal(twin.statusCode, 409, twin.body);
    assert.match(twin.body, /face_exists/, twin.body);
    assert.match(twin.body, /Bernard/);
    const forced = await call('POST', '/faces/persons', { ...sameFace, force: true });
    assert.equal(forced.statusCode, 201, forced.body);
    assert.equal((await call('DELETE', `/faces/persons/${forced.json().id}`)).statusCode, 204);

    const renamed = await call('PATCH', `/faces/persons/${person.id}`, { name: 'Bernard B' });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(renamed.json().name, 'Bernard B');
    const added = await call('POST', `/faces/persons/${person.id}/faces`, {
      images: [b64('megamind-9.5s.jpg')],
    });
    assert.equal(added.statusCode, 201, added.body);
    assert.equal(added.json().face_count, 2);
    const removedFace = await call('DELETE', `/faces/persons/${person.id}/faces/${added.json().faces[1].id}`);
    assert.equal(removedFace.statusCode, 200);
    assert.equal(removedFace.json().face_count, 1);

    // face_recognition answers, stored the recorder's way: the name (lower case) or `unknown` as the label.
    const entry = t.container.adapterRegistry.get('local')!;
    const seen = await t.container.adapterRegistry.infer(
      entry,
      'face_recognition',
      { b64: b64('megamind-9.5s.jpg') },
      {},
      null,
    );
    const known = mapResult('face_recognition', seen);
    assert.ok(typeof known !== 'string', JSON.stringify(known));
    assert.deepEqual(
      known.detections.map((d) => d.label),
      ['bernard b'],
    );
    assert.equal(known.label, 'bernard b');
    const group = await t.container.adapterRegistry.infer(
      entry,
      'face_recognition',
      { b64: b64('sample1.jpg') },
      {},
      null,
    );
    const strangers = mapResult('face_recognition', group);
    assert.ok(typeof strangers !== 'string');
    assert.deepEqual(
      strangers.detections.map((d) => d.label),
      ['unknown', 'unknown', 'unknown'],
    );

    // Alert rules as operators write them: on unknown faces, or on a named person (labels are lower-cased).
    const rule = (labels: string[]) => {
      const config = parseModelConfig(JSON.stringify({ alert: { labels } }));
      assert.ok(typeof config !== 'string' && config.alert, JSON.stringify(config));
      return config.alert;
    };
    assert.equal(ruleFires(rule(['unknown']), strangers.detections)?.length, 3);
    assert.equal(ruleFires(rule(['unknown']), known.detections), null);
    assert.equal(ruleFires(rule(['Bernard B']), known.detections)?.length, 1);
    assert.equal(ruleFires(rule(['Bernard B']), strangers.detections), null);

    const deleted = await call('DELETE', `/faces/persons/${person.id}`);
    assert.equal(deleted.statusCode, 204);
    assert.equal((await call('GET', `/faces/persons/${person.id}`)).statusCode, 404);
    assert.deepEqual((await call('GET', '/faces/persons')).json().persons, []);
  });

  it('serves face crops and merges a person registered twice (superusers only, merge audited)', async () => {
    const first = (
      await call('POST', '/faces/persons', { name: 'Ann', images: [b64('megamind-4.5s.jpg')] })
    ).json();
    const twice = await call('POST', '/faces/persons', {
      name: 'Ann again',
      images: [b64('megamind-9.5s.jpg')],
      force: true,
    });
    assert.equal(twice.statusCode, 201, twice.body);
    const second = twice.json();
    const cropUrl = `/faces/persons/${first.id}/faces/${first.faces[0].id}/crop`;
    const mergeUrl = `/faces/persons/${first.id}/merge`;

    const crop = await call('GET', cropUrl);
    assert.equal(crop.statusCode, 200, crop.body);
    assert.equal(crop.headers['content-type'], 'image/jpeg');
    assert.deepEqual([...crop.rawPayload.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');
    assert.equal((await t.request({ method: 'GET', url: `/api/v1${cropUrl}` })).statusCode, 401);
    assert.equal((await call('GET', cropUrl, undefined, viewer)).statusCode, 403);
    const otherFace = `/faces/persons/${first.id}/faces/${second.faces[0].id}/crop`;
    const noCrop = await call('GET', otherFace);
    assert.equal(noCrop.statusCode, 404, noCrop.body);
    assert.match(noCrop.body, /face_not_found/);

    assert.equal(
      (await t.request({ method: 'POST', url: `/api/v1${mergeUrl}`, payload: { from: second.id } }))
        .statusCode,
      401,
    );
    assert.equal((await call('POST', mergeUrl, { from: second.id }, viewer)).statusCode, 403);
    const self = await call('POST', mergeUrl, { from: first.id });
    assert.equal(self.statusCode, 400, self.body);
    assert.match(self.body, /themselves/);
    const unknown = await call('POST', mergeUrl, { from: '00000000-0000-0000-0000-000000000000' });
    assert.equal(unknown.statusCode, 404, unknown.body);
    assert.equal((await call('POST', mergeUrl, { from: 'x' })).statusCode, 422);
    assert.equal(
      (await call('GET', '/faces/persons')).json().persons.length,
      2,
      'a refused merge changes nothing',
    );

    const merged = await call('POST', mergeUrl, { from: second.id });
    assert.equal(merged.statusCode, 200, merged.body);
    assert.equal(merged.json().name, 'Ann');
    assert.equal(merged.json().face_count, 2);
    assert.equal((await call('GET', `/faces/persons/${second.id}`)).statusCode, 404);
    assert.equal((await call('GET', otherFace)).statusCode, 200, 'the moved face keeps its crop');
    const audit = (
      await t.request({
        method: 'GET',
        url: `/api/v1/audit-logs?entity_type=face_person&entity_id=${first.id}`,
        token: t.adminToken,
      })
    ).json();
    assert.deepEqual(audit.logs.map((l: any) => l.action).sort(), [
      'face_person.create',
      'face_person.merge',
    ]);
    assert.equal((await call('DELETE', `/faces/persons/${first.id}`)).statusCode, 204);
  });

  it("registers a face from a review item's snapshot, cropped around the box chosen", async () => {
    // A review item as the detection loop makes them: a group photo (three women) with a box on each face,
    // the boxes where the adapter's face detector puts them.
    const entry = t.container.adapterRegistry.get('local')!;
    const found = mapResult(
      'face_detection',
      await t.container.adapterRegistry.infer(entry, 'face_detection', { b64: b64('sample1.jpg') }, {}, null),
    );
    assert.ok(typeof found !== 'string' && found.detections.length === 3, JSON.stringify(found));
    const [width, height] = [1920, 1280];
    const camera = await call('POST', '/cameras?force=true', {
      name: 'Hall',
      ip_address: '127.0.0.1',
      rtsp_url: 'rtsp://127.0.0.1:1/none',
    });
    assert.equal(camera.statusCode, 201, camera.body);
    const now = Date.now();
    t.container.reviewBuilder.tracked({
      cameraId: camera.json().id,
      modelId: 1,
      at: now,
      ended: [],
      picture: { jpeg: readFileSync(`${FIXTURES}sample1.jpg`), width, height },
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
    const items = (await call('GET', `/review-items?camera_id=${camera.json().id}`)).json();
    const item = items.items[0];
    assert.ok(item?.has_snapshot, JSON.stringify(items));
    assert.equal(item.boxes.length, 3);

    const from = (body: object, token = t.adminToken) =>
      call('POST', '/faces/persons/from-review', { review_item_id: item.id, ...body }, token);
    assert.equal(
      (await t.request({ method: 'POST', url: '/api/v1/faces/persons/from-review', payload: {} })).statusCode,
      401,
    );
    assert.equal((await from({ box: 0, name: 'Ada' }, viewer)).statusCode, 403);
    const whole = await from({ box: null, name: 'Ada' });
    assert.equal(whole.statusCode, 422, whole.body);
    assert.match(whole.body, /several_faces/);
    const noBox = await from({ box: 3, name: 'Ada' });
    assert.equal(noBox.statusCode, 422);
    assert.match(noBox.body, /box 3/);
    assert.equal((await from({ box: 0 })).statusCode, 422, 'a name or a person');
    const missing = await call('POST', '/faces/persons/from-review', {
      review_item_id: 999999,
      box: 0,
      name: 'A',
    });
    assert.equal(missing.statusCode, 404);

    const ada = await from({ box: 0, name: 'Ada' });
    assert.equal(ada.statusCode, 201, ada.body);
    assert.equal(ada.json().face_count, 1);
    const beth = await from({ box: 1, name: 'Beth' });
    assert.equal(beth.statusCode, 201, beth.body);
    const again = await from({ box: 0, person_id: ada.json().id });
    assert.equal(again.statusCode, 201, again.body);
    assert.equal(again.json().face_count, 2);
    // The crops are of the women chosen: each is now named in the group photo, the third stays unknown.
    const named = mapResult(
      'face_recognition',
      await t.container.adapterRegistry.infer(
        entry,
        'face_recognition',
        { b64: b64('sample1.jpg') },
        {},
        null,
      ),
    );
    assert.ok(typeof named !== 'string');
    assert.deepEqual(named.detections.map((d) => d.label).sort(), ['ada', 'beth', 'unknown']);
    for (const p of [ada.json(), beth.json()])
      assert.equal((await call('DELETE', `/faces/persons/${p.id}`)).statusCode, 204);
  });

  it('says so when no adapter serves face_recognition', async () => {
    await adapter.stop();
    await eventually(
      async () => (t.container.adapterRegistry.pick('face_recognition') === null ? true : undefined),
      { what: 'the adapter to be unavailable' },
    );
    const res = await call('GET', '/faces/persons');
    assert.equal(res.statusCode, 503, res.body);
    assert.match(res.body, /face_recognition/);
  });
});
