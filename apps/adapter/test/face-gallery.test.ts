// The face gallery and face_recognition, end to end on real pictures: a person registered from one picture is
// named in another picture of them (a different shot of Megamind.avi) and in a 1920 px group photo, strangers
// stay unknown; a picture with no face or several faces is refused with the reason and stores nothing; the
// gallery survives a restart (its files are re-read), rename and delete take effect, the threshold knob is
// honoured and validated, the task runs in pipelines and on /infer/stream, and every route needs the token.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { fixture, getJson, postJson, startAdapter, type TestAdapter } from './helpers.js';

const TOKEN = 'gallery-token-77a1';
const auth = { authorization: `Bearer ${TOKEN}` };

describe('face gallery and face_recognition', () => {
  let ad: TestAdapter;
  let bernard: string;
  before(async () => {
    ad = await startAdapter({ ADAPTER_TOKEN: TOKEN });
    ad.addFrames('megamind-4.5s.jpg', 'megamind-9.5s.jpg', 'sample1.jpg', 'dog.jpg');
  });
  after(() => ad.close());

  const recognise = async (frame: string, params: Record<string, unknown> = {}) =>
    postJson(`${ad.url}/infer`, { task: 'face_recognition', data: { frame: { uri: frame } }, params }, auth);
  const personFiles = () => readdirSync(join(ad.dataDir, 'faces', 'persons'));

  it('refuses pictures without exactly one face, naming why, and stores nothing', async () => {
    const none = await postJson(
      `${ad.url}/faces/persons`,
      { name: 'Dog', frame: { uri: 'frame://dog.jpg' } },
      auth,
    );
    assert.equal(none.status, 422, JSON.stringify(none.body));
    assert.equal(none.body.error.code, 'no_face');
    assert.equal(none.body.error.details.reason, 'none');
    const several = await postJson(
      `${ad.url}/faces/persons`,
      { name: 'Group', frame: { uri: 'frame://sample1.jpg' } },
      auth,
    );
    assert.equal(several.status, 422);
    assert.equal(several.body.error.code, 'several_faces');
    assert.match(several.body.error.message, /3 faces/);
    // Two pictures, the second bad: the first is not stored either.
    const mixed = await postJson(
      `${ad.url}/faces/persons`,
      { name: 'Bernard', frames: [{ uri: 'frame://megamind-4.5s.jpg' }, { uri: 'frame://dog.jpg' }] },
      auth,
    );
    assert.equal(mixed.status, 422);
    assert.match(mixed.body.error.message, /frame 2/);
    const bad = await postJson(
      `${ad.url}/faces/persons`,
      { name: '  ', frame: { uri: 'frame://dog.jpg' } },
      auth,
    );
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /name/);
    assert.deepEqual(personFiles(), []);
    assert.deepEqual((await getJson(`${ad.url}/faces/persons`, auth)).body.persons, []);
  });

  it('with an empty gallery every face is unknown', async () => {
    const { status, body } = await recognise('frame://megamind-9.5s.jpg');
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.face_count, 1);
    assert.equal(body.faces[0].person, null);
    assert.equal(body.faces[0].similarity, null);
    assert.equal(body.faces[0].descriptors, undefined);
  });

  it('registers a person from one shot and names them in another; a stranger stays unknown', async () => {
    const created = await postJson(
      `${ad.url}/faces/persons`,
      { name: 'Bernard', frame: { uri: 'frame://megamind-4.5s.jpg' } },
      auth,
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    bernard = created.body.id;
    assert.equal(created.body.face_count, 1);
    assert.equal(created.body.faces[0].source, 'frame://megamind-4.5s.jpg');
    const crop = await fetch(`${ad.url}${created.body.faces[0].crop_url}`, { headers: auth });
    assert.equal(crop.headers.get('content-type'), 'image/jpeg');
    const meta = await sharp(Buffer.from(await crop.arrayBuffer())).metadata();
    assert.ok(meta.width <= 160 && meta.height <= 160 && meta.width > 40);

    const { body } = await recognise('frame://megamind-9.5s.jpg');
    assert.equal(body.task, 'face_recognition');
    const face = body.faces[0];
    assert.equal(face.person, 'Bernard', JSON.stringify(face));
    assert.equal(face.person_id, bernard);
    assert.ok(face.similarity >= 0.6 && face.similarity <= 1);
    // face_detection's fields are all there.
    for (const key of ['bbox', 'confidence', 'landmarks', 'age', 'gender', 'gender_confidence'])
      assert.ok(key in face, key);

    // Strangers (the three women of a group photo) stay unknown.
    const strangers = await recognise('frame://sample1.jpg');
    assert.equal(strangers.body.face_count, 3);
    const closest = Math.max(...strangers.body.faces.map((f: any) => f.similarity));
    assert.ok(
      strangers.body.faces.every((f: any) => f.person === null),
      JSON.stringify(strangers.body.faces),
    );
    assert.ok(closest < 0.6);
    // The threshold knob is honoured: just under the closest stranger's (rounded) similarity, she is named.
    const loose = await recognise('frame://sample1.jpg', { threshold: closest - 0.001 });
    assert.equal(loose.body.faces.filter((f: any) => f.person === 'Bernard').length, 1);
    const strict = await recognise('frame://megamind-9.5s.jpg', { threshold: 1 });
    assert.equal(strict.body.faces[0].person, null);
    for (const threshold of [1.5, -0.1, 'high']) {
      const refused = await recognise('frame://megamind-9.5s.jpg', { threshold });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.error.code, 'invalid_params');
      assert.match(refused.body.error.message, /threshold/);
    }
  });

  it('names one face of a 1920 px group photo registered from an upload of that face', async () => {
    const photo = fixture('sample1.jpg');
    const found = await postJson(
      `${ad.url}/infer`,
      { task: 'face_detection', data: { frame: { uri: 'frame://sample1.jpg' } } },
      auth,
    );
    const [x1, y1, x2, y2] = found.body.faces[0].bbox as number[];
    const m = Math.round((x2! - x1!) * 0.6);
    const cut = await sharp(photo)
      .extract({ left: x1! - m, top: y1! - m, width: x2! - x1! + 2 * m, height: y2! - y1! + 2 * m })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('name', 'Woman on the left');
    form.append('frame', new Blob([cut], { type: 'image/jpeg' }), 'face.jpg');
    const created = await fetch(`${ad.url}/faces/persons`, { method: 'POST', body: form, headers: auth });
    const person = (await created.json()) as any;
    assert.equal(created.status, 201, JSON.stringify(person));
    assert.equal(person.faces[0].source, 'upload');

    const { body } = await recognise('frame://sample1.jpg');
    assert.equal(body.face_count, 3);
    const named = body.faces.filter((f: any) => f.person !== null);
    assert.equal(named.length, 1, JSON.stringify(body.faces.map((f: any) => [f.person, f.similarity])));
    assert.equal(named[0].person, 'Woman on the left');
    assert.deepEqual(named[0].bbox, found.body.faces[0].bbox);
    await fetch(`${ad.url}/faces/persons/${person.id}`, { method: 'DELETE', headers: auth });
  });

  it('runs in pipelines and on /infer/stream', async () => {
    const pipe = await postJson(
      `${ad.url}/pipeline/run`,
      {
        steps: ['face_detection', 'face_recognition'],
        data: { frame: { uri: 'frame://megamind-9.5s.jpg' } },
      },
      auth,
    );
    assert.equal(pipe.status, 200, JSON.stringify(pipe.body));
    assert.equal(pipe.body.results.face_recognition.faces[0].person, 'Bernard');

    const ws = new WebSocket(`${ad.url.replace('http', 'ws')}/infer/stream`, { headers: auth });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const reply = new Promise<any>((resolve) =>
      ws.once('message', (m: Buffer) => resolve(JSON.parse(m.toString()))),
    );
    ws.send(
      JSON.stringify({
        seq: 7,
        task: 'face_recognition',
        data: { frame: { uri: 'frame://megamind-9.5s.jpg' } },
      }),
    );
    const msg = await reply;
    ws.close();
    assert.equal(msg.ok, true, JSON.stringify(msg));
    assert.equal(msg.result.faces[0].person, 'Bernard');

    const caps = await getJson(`${ad.url}/capabilities`, auth);
    assert.ok(caps.body.includes('face_recognition'), JSON.stringify(caps.body));
  });

  it('refuses a face already registered under another name, naming that person; force registers it', async () => {
    // Bernard (registered above from the 4.5 s shot) in the 9.5 s close-up, under another name.
    const twin = await postJson(
      `${ad.url}/faces/persons`,
      { name: 'Bernard again', frame: { uri: 'frame://megamind-9.5s.jpg' } },
      auth,
    );
    assert.equal(twin.status, 409, JSON.stringify(twin.body));
    assert.equal(twin.body.error.code, 'face_exists');
    assert.equal(twin.body.error.details.person_id, bernard);
    assert.equal(twin.body.error.details.person_name, 'Bernard');
    assert.ok(twin.body.error.details.similarity >= 0.6, JSON.stringify(twin.body));
    assert.match(twin.body.error.message, /the frame is already registered as "Bernard".*"force": true/);
    assert.equal(personFiles().length, 1);
    assert.deepEqual(
      (await getJson(`${ad.url}/faces/persons`, auth)).body.persons.map((p: any) => p.name),
      ['Bernard'],
    );

    // Look-alikes exist: `force` (here as a multipart field) registers it anyway.
    const form = new FormData();
    form.append('name', 'Bernard again');
    form.append('force', 'true');
    form.append('frame', new Blob([fixture('megamind-9.5s.jpg')], { type: 'image/jpeg' }), 'face.jpg');
    const forced = await fetch(`${ad.url}/faces/persons`, { method: 'POST', body: form, headers: auth });
    const other = (await forced.json()) as any;
    assert.equal(forced.status, 201, JSON.stringify(other));

    // Adding Bernard's own shot to the other person is refused the same way, and forced the same way.
    const add = (force?: boolean) =>
      postJson(
        `${ad.url}/faces/persons/${other.id}/faces`,
        { frame: { uri: 'frame://megamind-4.5s.jpg' }, ...(force === undefined ? {} : { force }) },
        auth,
      );
    const refused = await add();
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error.details.person_name, 'Bernard');
    assert.equal((await add(true)).status, 201);
    await fetch(`${ad.url}/faces/persons/${other.id}`, { method: 'DELETE', headers: auth });
  });

  it('adds a face, renames, survives a restart, deletes a face and a person', async () => {
    const added = await postJson(
      `${ad.url}/faces/persons/${bernard}/faces`,
      { frame: { uri: 'frame://megamind-9.5s.jpg' } },
      auth,
    );
    assert.equal(added.status, 201, JSON.stringify(added.body));
    assert.equal(added.body.face_count, 2);
    const renamed = await fetch(`${ad.url}/faces/persons/${bernard}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bernard (Megamind)' }),
    });
    assert.equal(renamed.status, 200);
    assert.equal(((await renamed.json()) as any).name, 'Bernard (Megamind)');

    // A second adapter on the same DATA_DIR reads the gallery back from disk.
    const config = loadConfig({ DATA_DIR: ad.dataDir, ADAPTER_WORKERS: '1', ADAPTER_TOKEN: TOKEN });
    const again = await buildApp(config, { logger: false });
    try {
      const listed = await again.inject({ method: 'GET', url: '/faces/persons', headers: auth });
      const persons = listed.json().persons;
      assert.equal(persons.length, 1);
      assert.equal(persons[0].name, 'Bernard (Megamind)');
      assert.equal(persons[0].face_count, 2);
    } finally {
      await again.close();
    }

    const faceId = added.body.faces[1].id;
    const delFace = await fetch(`${ad.url}/faces/persons/${bernard}/faces/${faceId}`, {
      method: 'DELETE',
      headers: auth,
    });
    assert.equal(delFace.status, 200);
    assert.equal(((await delFace.json()) as any).face_count, 1);
    const missing = await fetch(`${ad.url}/faces/persons/${bernard}/faces/${faceId}`, {
      method: 'DELETE',
      headers: auth,
    });
    assert.equal(missing.status, 404);
    const delPerson = await fetch(`${ad.url}/faces/persons/${bernard}`, { method: 'DELETE', headers: auth });
    assert.equal(delPerson.status, 204);
    assert.deepEqual(personFiles(), []);
    assert.deepEqual(readdirSync(join(ad.dataDir, 'faces', 'crops')), []);
    const { body } = await recognise('frame://megamind-9.5s.jpg');
    assert.equal(body.faces[0].person, null);
  });

  it('merges a person registered twice into one, faces and crops kept; refuses a bad merge', async () => {
    const first = await postJson(
      `${ad.url}/faces/persons`,
      { name: 'Bernard', frame: { uri: 'frame://megamind-4.5s.jpg' } },
      auth,
    );
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const second = await postJson(
      `${ad.url}/faces/persons`,
      { name: 'Bernard again', frame: { uri: 'frame://megamind-9.5s.jpg' }, force: true },
      auth,
    );
    assert.equal(second.status, 201, JSON.stringify(second.body));
    const merge = (id: string, body: unknown) => postJson(`${ad.url}/faces/persons/${id}/merge`, body, auth);

    const self = await merge(first.body.id, { from: first.body.id });
    assert.equal(self.status, 400);
    assert.match(self.body.error.message, /themselves/);
    const unknown = await merge(first.body.id, { from: '00000000-0000-0000-0000-000000000000' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error.code, 'person_not_found');
    assert.equal((await merge(first.body.id, {})).status, 400);
    assert.equal(personFiles().length, 2, 'a refused merge changes nothing');

    const merged = await merge(first.body.id, { from: second.body.id });
    assert.equal(merged.status, 200, JSON.stringify(merged.body));
    assert.equal(merged.body.name, 'Bernard');
    assert.deepEqual(
      merged.body.faces.map((f: any) => f.id),
      [first.body.faces[0].id, second.body.faces[0].id],
    );
    assert.deepEqual(personFiles(), [`${first.body.id}.json`]);
    assert.equal((await getJson(`${ad.url}/faces/persons/${second.body.id}`, auth)).status, 404);
    const crop = await fetch(`${ad.url}${merged.body.faces[1].crop_url}`, { headers: auth });
    assert.equal(crop.status, 200);
    assert.equal(crop.headers.get('content-type'), 'image/jpeg');
    const { body } = await recognise('frame://megamind-9.5s.jpg');
    assert.equal(body.faces[0].person, 'Bernard');

    assert.equal(
      (await fetch(`${ad.url}/faces/persons/${first.body.id}`, { method: 'DELETE', headers: auth })).status,
      204,
    );
    assert.deepEqual(readdirSync(join(ad.dataDir, 'faces', 'crops')), []);
  });

  it('needs the token on every gallery route', async () => {
    for (const [method, path] of [
      ['GET', '/faces/persons'],
      ['POST', '/faces/persons'],
      ['GET', `/faces/persons/${bernard}`],
      ['PATCH', `/faces/persons/${bernard}`],
      ['DELETE', `/faces/persons/${bernard}`],
      ['POST', `/faces/persons/${bernard}/faces`],
      ['POST', `/faces/persons/${bernard}/merge`],
    ] as const) {
      const res = await fetch(`${ad.url}${path}`, { method });
      assert.equal(res.status, 401, `${method} ${path}`);
    }
  });
});
