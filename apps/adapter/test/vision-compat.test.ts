// The DeepStack / CodeProject.AI vision API as its clients use it: a multipart `image` (and `min_confidence`,
// `api_key` form fields), answered with `success` and `predictions` in DeepStack's field names and integer
// pixel corners, and DeepStack's error answers and statuses. The face gallery endpoints are replayed as
// DeepStack's own documentation and the deepstack-python client (used by Home Assistant's deepstack_face and
// Viseron) send them, and their answers parsed the way that client does.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { getJson, postJson, startAdapter, type TestAdapter } from './helpers.js';
import { codeprojectPython, deepstackPython, urlencoded } from './python-clients.js';

const TOKEN = 'deepstack-key-4e1b';

describe('DeepStack-compatible vision API', () => {
  let ad: TestAdapter;
  let photo: (name: string) => Buffer;
  before(async () => {
    ad = await startAdapter({ ADAPTER_TOKEN: TOKEN });
    ad.addFrames(
      'person.jpg',
      'sample1.jpg',
      'megamind-4.5s.jpg',
      'megamind-9.5s.jpg',
      'dog.jpg',
      'vtest-2s.jpg',
      'vtest-6s.jpg',
    );
    photo = (name) => readFileSync(join(ad.framesDir, name));
  });
  after(() => ad.close());

  const post = async (
    path: string,
    fields: Record<string, string>,
    image: Buffer | null | Record<string, Buffer>,
    headers: Record<string, string> = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const files = image instanceof Buffer ? { image } : (image ?? {});
    for (const [field, bytes] of Object.entries(files))
      form.append(field, new Blob([bytes], { type: 'image/jpeg' }), `${field}.jpg`);
    const response = await fetch(`${ad.url}${path}`, { method: 'POST', body: form, headers });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('detects objects with integer corners, DeepStack field names and its 0.45 default', async () => {
    const { status, body } = await post('/v1/vision/detection', { api_key: TOKEN }, photo('person.jpg'));
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.success, true);
    assert.equal(body.count, body.predictions.length);
    assert.ok(Number.isInteger(body.inferenceMs) && Number.isInteger(body.processMs));
    const labels = body.predictions.map((p: any) => p.label);
    assert.ok(labels.includes('person'), JSON.stringify(body));
    for (const p of body.predictions) {
      assert.deepEqual(Object.keys(p).sort(), ['confidence', 'label', 'x_max', 'x_min', 'y_max', 'y_min']);
      for (const key of ['x_min', 'y_min', 'x_max', 'y_max']) assert.ok(Number.isInteger(p[key]), key);
      assert.ok(p.x_min < p.x_max && p.y_min < p.y_max);
      assert.ok(p.confidence >= 0.45 && p.confidence <= 1);
    }
    // Lowering min_confidence finds what the default leaves out (the photo's dog scores below 0.45).
    const lower = await post(
      '/v1/vision/detection',
      { api_key: TOKEN, min_confidence: '0.3' },
      photo('person.jpg'),
    );
    assert.ok(lower.body.predictions.length > body.predictions.length, JSON.stringify(lower.body));
    assert.ok(lower.body.predictions.every((p: any) => p.confidence >= 0.3));
  });

  it("reports the street's people at Home Assistant's 80 %, as DeepStack would (calibrated person scores)", async () => {
    // Home Assistant's deepstack_object keeps targets at 80 % and above by default. CenterNet's raw scores for
    // these pedestrians are 0.45–0.75; calibrated (compat/deepstack/calibration.ts) they are ≥ 0.8.
    for (const frame of ['vtest-2s.jpg', 'vtest-6s.jpg']) {
      const { body } = await post(
        '/v1/vision/detection',
        { api_key: TOKEN, min_confidence: '0.8' },
        photo(frame),
      );
      const people = body.predictions.filter((p: any) => p.label === 'person');
      assert.ok(people.length >= 3, `${frame}: ${JSON.stringify(body.predictions)}`);
      // The native answer for the same frame: the same people, raw scores below 0.8.
      const native = await postJson(
        `${ad.url}/infer`,
        { task: 'person_detection', data: { frame: { uri: `frame://${frame}` } } },
        { authorization: `Bearer ${TOKEN}` },
      );
      assert.equal(native.body.count, people.length);
      assert.ok(native.body.detections.every((d: any) => d.confidence < 0.8));
    }
    // A person under the native threshold (the lawn's rock scores 0.30–0.43) is never sent, whatever is asked.
    const low = await post(
      '/v1/vision/detection',
      { api_key: TOKEN, min_confidence: '0.1' },
      photo('vtest-2s.jpg'),
    );
    assert.ok(
      low.body.predictions.filter((p: any) => p.label === 'person').every((p: any) => p.confidence >= 0.79),
    );
  });

  it('finds faces, without labels', async () => {
    const { status, body } = await post('/v1/vision/face', {}, photo('sample1.jpg'), {
      authorization: `Bearer ${TOKEN}`,
    });
    assert.equal(status, 200, JSON.stringify(body));
    assert.ok(body.predictions.length >= 2, JSON.stringify(body));
    for (const p of body.predictions)
      assert.deepEqual(Object.keys(p).sort(), ['confidence', 'x_max', 'x_min', 'y_max', 'y_min']);
  });

  it("answers DeepStack's errors: no image, a bad min_confidence, a wrong or missing key", async () => {
    const image = photo('person.jpg');
    assert.deepEqual(await post('/v1/vision/detection', { api_key: TOKEN }, null), {
      status: 400,
      body: { success: false, error: 'No valid image file found' },
    });
    assert.deepEqual(await post('/v1/vision/detection', { api_key: TOKEN }, Buffer.from('not a picture')), {
      status: 400,
      body: { success: false, error: 'No valid image file found' },
    });
    assert.deepEqual(await post('/v1/vision/detection', { api_key: TOKEN, min_confidence: 'high' }, image), {
      status: 400,
      body: { success: false, error: 'Invalid value for min_confidence' },
    });
    assert.deepEqual(await post('/v1/vision/detection', { api_key: TOKEN, min_confidence: '1.5' }, image), {
      status: 400,
      body: { success: false, error: 'min_confidence cannot be greater than 1' },
    });
    assert.deepEqual(await post('/v1/vision/detection', { api_key: 'wrong' }, image), {
      status: 401,
      body: { success: false, error: 'Incorrect api key' },
    });
    // No key at all from this machine is fine (vision-access.test.ts has the rule for other machines).
    assert.equal((await post('/v1/vision/detection', {}, image)).status, 200);
    // The native API still wants its bearer token.
    assert.equal((await fetch(`${ad.url}/capabilities`)).status, 401);
  });

  // deepstack-python's get_recognized_faces: {userid: confidence %} for every face that is not "unknown".
  const recognised = (predictions: any[]) =>
    Object.fromEntries(
      predictions
        .filter((f) => f.userid !== 'unknown')
        .map((f) => [f.userid as string, Math.round(f.confidence * 1000) / 10]),
    );

  it('registers, recognises, lists and deletes faces as DeepStack clients do', async () => {
    // deepstack-python's register(): files={"image": ...}, data={"userid": name, "api_key": key}.
    const registered = await post(
      '/v1/vision/face/register',
      { userid: 'Bernard', api_key: TOKEN },
      photo('megamind-4.5s.jpg'),
    );
    assert.deepEqual(registered, { status: 200, body: { success: true, message: 'face added' } });

    // DeepStack's documented recognize: only the image (and the key); unknown faces come as userid "unknown".
    const seen = await post('/v1/vision/face/recognize', { api_key: TOKEN }, photo('megamind-9.5s.jpg'));
    assert.equal(seen.status, 200, JSON.stringify(seen.body));
    assert.equal(seen.body.success, true);
    assert.deepEqual(Object.keys(recognised(seen.body.predictions)), ['Bernard']);
    const p = seen.body.predictions[0];
    assert.deepEqual(Object.keys(p).sort(), ['confidence', 'userid', 'x_max', 'x_min', 'y_max', 'y_min']);
    for (const key of ['x_min', 'y_min', 'x_max', 'y_max']) assert.ok(Number.isInteger(p[key]), key);
    const strangers = await post('/v1/vision/face/recognize', { api_key: TOKEN }, photo('sample1.jpg'));
    assert.equal(strangers.body.predictions.length, 3);
    assert.deepEqual(recognised(strangers.body.predictions), {});
    assert.ok(strangers.body.predictions.every((f: any) => f.userid === 'unknown' && f.confidence === 0));
    // min_confidence is the similarity a match needs: at 1 nobody is recognised.
    const strict = await post(
      '/v1/vision/face/recognize',
      { api_key: TOKEN, min_confidence: '1' },
      photo('megamind-9.5s.jpg'),
    );
    assert.deepEqual(recognised(strict.body.predictions), {});

    // DeepStack's documented register with several files (image1, image2) adds both to the same userid.
    const two = await post(
      '/v1/vision/face/register',
      { userid: 'Bernard', api_key: TOKEN },
      { image1: photo('megamind-4.5s.jpg'), image2: photo('megamind-9.5s.jpg') },
    );
    assert.equal(two.status, 200, JSON.stringify(two.body));
    const listed = await getJson(`${ad.url}/faces/persons`, { authorization: `Bearer ${TOKEN}` });
    assert.equal(listed.body.persons[0].face_count, 3);

    // list and delete: POST with only the key (list) or the userid (delete).
    assert.deepEqual(await post('/v1/vision/face/list', { api_key: TOKEN }, null), {
      status: 200,
      body: { success: true, faces: ['Bernard'] },
    });
    assert.deepEqual(await post('/v1/vision/face/delete', { userid: 'Bernard', api_key: TOKEN }, null), {
      status: 200,
      body: { success: true },
    });
    const after = await post('/v1/vision/face/list', { api_key: TOKEN }, null);
    assert.deepEqual(after.body.faces, []);
    const gone = await post('/v1/vision/face/recognize', { api_key: TOKEN }, photo('megamind-9.5s.jpg'));
    assert.deepEqual(recognised(gone.body.predictions), {});
  });

  it("refuses registrations DeepStack's way and stores nothing", async () => {
    const cases: [Record<string, string>, Buffer | null | Record<string, Buffer>, number, RegExp][] = [
      [{ api_key: TOKEN }, photo('megamind-4.5s.jpg'), 400, /^user id not specified$/],
      [{ api_key: TOKEN, userid: 'Nobody' }, null, 400, /^No valid image file found$/],
      [{ api_key: TOKEN, userid: 'Nobody' }, photo('dog.jpg'), 400, /no face found in image/],
      [{ api_key: TOKEN, userid: 'Nobody' }, photo('sample1.jpg'), 400, /3 faces found in image/],
      [
        { api_key: TOKEN, userid: 'Nobody' },
        { image1: photo('megamind-4.5s.jpg'), image2: photo('dog.jpg') },
        400,
        /no face found in image2/,
      ],
      [{ userid: 'Nobody', api_key: 'wrong' }, photo('megamind-4.5s.jpg'), 401, /^Incorrect api key$/],
    ];
    for (const [fields, image, status, error] of cases) {
      const res = await post('/v1/vision/face/register', fields, image);
      assert.equal(res.status, status, JSON.stringify(res.body));
      assert.equal(res.body.success, false);
      assert.match(res.body.error, error);
    }
    assert.deepEqual((await post('/v1/vision/face/list', { api_key: TOKEN }, null)).body.faces, []);
    assert.equal((await post('/v1/vision/face/list', { api_key: 'wrong' }, null)).status, 401);
    assert.equal(
      (await post('/v1/vision/face/delete', { api_key: TOKEN }, null)).body.error,
      'user id not specified',
    );
  });
  /** A request exactly as a Python client sends it (python-clients.ts). */
  const replay = async (path: string, req: { headers: Record<string, string>; body: Buffer | string }) => {
    const response = await fetch(`${ad.url}${path}`, {
      method: 'POST',
      headers: req.headers,
      body: req.body,
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it("takes the urlencoded face/list and face/delete of DeepStack's examples, deepstack-python and Viseron", async () => {
    const registered = await replay(
      '/v1/vision/face/register',
      deepstackPython(photo('megamind-4.5s.jpg'), [['userid', 'Idris Elba']], TOKEN),
    );
    assert.deepEqual(registered.body, { success: true, message: 'face added' });
    // deepstack-python 0.9's get_registered_faces: data={"api_key": key}, read as response["faces"].
    const listed = await replay('/v1/vision/face/list', urlencoded(`api_key=${TOKEN}`));
    assert.deepEqual(listed, { status: 200, body: { success: true, faces: ['Idris Elba'] } });
    // DeepStack's documented delete (data={"userid": "Idris Elba"}), here with the key, and Viseron's
    // DeepstackFace.delete_face with its default api_key None (requests leaves that field out).
    const deleted = await replay('/v1/vision/face/delete', urlencoded(`userid=Idris+Elba&api_key=${TOKEN}`));
    assert.deepEqual(deleted, { status: 200, body: { success: true } });
    assert.deepEqual((await replay('/v1/vision/face/delete', urlencoded('userid=Idris+Elba'))).body, {
      success: true,
    });
    assert.deepEqual((await replay('/v1/vision/face/list', urlencoded(`api_key=${TOKEN}`))).body.faces, []);
    // A urlencoded delete without userid, or with it twice, is DeepStack's 400, not a crash.
    assert.deepEqual(await replay('/v1/vision/face/delete', urlencoded(`api_key=${TOKEN}`)), {
      status: 400,
      body: { success: false, error: 'user id not specified' },
    });
    const twice = await replay('/v1/vision/face/delete', urlencoded('userid=a&userid=b'));
    assert.equal(twice.status, 400);
    assert.match(twice.body.error, /userid/);
    // JSON is not DeepStack's: a clear 400, not a 500.
    const json = await fetch(`${ad.url}/v1/vision/face/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: TOKEN }),
    });
    assert.equal(json.status, 400);
    assert.match(((await json.json()) as any).error, /multipart\/form-data/);
  });

  it("serves CodeProject.AI's custom-model names (ipcam-general first) with the model's own labels", async () => {
    // darknet's dog.jpg: a dog, a bicycle and a truck.
    const all = await post(
      '/v1/vision/detection',
      { api_key: TOKEN, min_confidence: '0.3' },
      photo('dog.jpg'),
    );
    const seen = new Set(all.body.predictions.map((p: any) => p.label));
    for (const label of ['dog', 'bicycle', 'truck']) assert.ok(seen.has(label), JSON.stringify(all.body));

    // Viseron's codeprojectai component: POST /v1/vision/custom/ipcam-general with min_confidence, no key.
    const general = await replay(
      '/v1/vision/custom/ipcam-general',
      codeprojectPython(photo('dog.jpg'), '0.3'),
    );
    assert.equal(general.status, 200, JSON.stringify(general.body));
    const labels = general.body.predictions.map((p: any) => p.label);
    assert.ok(labels.includes('vehicle'), JSON.stringify(general.body)); // the truck
    assert.ok(
      labels.every((l: string) => l === 'person' || l === 'vehicle'),
      JSON.stringify(labels),
    );
    assert.equal(general.body.count, labels.length);
    for (const p of general.body.predictions)
      assert.deepEqual(Object.keys(p).sort(), ['confidence', 'label', 'x_max', 'x_min', 'y_max', 'y_min']);

    const animal = await post('/v1/vision/custom/ipcam-animal', { min_confidence: '0.3' }, photo('dog.jpg'));
    assert.deepEqual([...new Set(animal.body.predictions.map((p: any) => p.label))], ['dog']);
    // ipcam-dark reports capitalised labels; names are matched without case, "general" is ipcam-general.
    const dark = await post('/v1/vision/custom/IPcam-Dark', { min_confidence: '0.3' }, photo('dog.jpg'));
    const darkLabels = new Set(['Bicycle', 'Bus', 'Car', 'Cat', 'Dog', 'Motorcycle', 'Person']);
    assert.ok(
      dark.body.predictions.every((p: any) => darkLabels.has(p.label)),
      JSON.stringify(dark.body),
    );
    assert.ok(
      dark.body.predictions.some((p: any) => p.label === 'Dog'),
      JSON.stringify(dark.body),
    );
    const alias = await post('/v1/vision/custom/general', { min_confidence: '0.3' }, photo('dog.jpg'));
    assert.deepEqual(alias.body.predictions, general.body.predictions);

    assert.deepEqual(await post('/v1/vision/custom/list', {}, null), {
      status: 200,
      body: { success: true, models: ['ipcam-general', 'ipcam-combined', 'ipcam-animal', 'ipcam-dark'] },
    });
    assert.deepEqual(await post('/v1/vision/custom/license-plate', {}, photo('dog.jpg')), {
      status: 404,
      body: {
        success: false,
        error:
          'Unknown custom model "license-plate": this adapter serves ipcam-general, ipcam-combined, ipcam-animal, ipcam-dark',
      },
    });
    // The key comes first, also for a name that does not exist.
    assert.equal(
      (await post('/v1/vision/custom/license-plate', { api_key: 'wrong' }, photo('dog.jpg'))).status,
      401,
    );
  });

  it('refuses to register a face that is already registered under another userid', async () => {
    const first = await replay(
      '/v1/vision/face/register',
      deepstackPython(photo('megamind-4.5s.jpg'), [['userid', 'Bernard']], TOKEN),
    );
    assert.deepEqual(first.body, { success: true, message: 'face added' });
    // The same man in another shot, under another name: deepstack-python raises on anything but 200.
    const again = await replay(
      '/v1/vision/face/register',
      deepstackPython(photo('megamind-9.5s.jpg'), [['userid', 'Someone else']], TOKEN),
    );
    assert.equal(again.status, 400);
    assert.match(again.body.error, /already registered as userid "Bernard" \(similarity 0\.\d+\)/);
    // Under his own name it is a second face of his.
    const own = await replay(
      '/v1/vision/face/register',
      deepstackPython(photo('megamind-9.5s.jpg'), [['userid', 'Bernard']], TOKEN),
    );
    assert.deepEqual(own.body, { success: true, message: 'face added' });
    assert.deepEqual((await post('/v1/vision/face/list', { api_key: TOKEN }, null)).body.faces, ['Bernard']);
    await post('/v1/vision/face/delete', { userid: 'Bernard', api_key: TOKEN }, null);
  });
});
