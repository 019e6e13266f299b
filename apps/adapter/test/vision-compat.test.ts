// The DeepStack / CodeProject.AI vision API as its clients use it: a multipart `image` (and `min_confidence`,
// `api_key` form fields), answered with `success` and `predictions` in DeepStack's field names and integer
// pixel corners, and DeepStack's error answers and statuses.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startAdapter, type TestAdapter } from './helpers.js';

const TOKEN = 'deepstack-key-4e1b';

describe('DeepStack-compatible vision API', () => {
  let ad: TestAdapter;
  let photo: (name: string) => Buffer;
  before(async () => {
    ad = await startAdapter({ ADAPTER_TOKEN: TOKEN });
    ad.addFrames('person.jpg', 'sample1.jpg');
    photo = (name) => readFileSync(join(ad.framesDir, name));
  });
  after(() => ad.close());

  const post = async (
    path: string,
    fields: Record<string, string>,
    image: Buffer | null,
    headers: Record<string, string> = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (image) form.append('image', new Blob([image], { type: 'image/jpeg' }), 'image.jpg');
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
    for (const fields of [{}, { api_key: 'wrong' }] as Record<string, string>[]) {
      assert.deepEqual(await post('/v1/vision/detection', fields, image), {
        status: 401,
        body: { success: false, error: 'Incorrect api key' },
      });
    }
    // The native API still wants its bearer token.
    assert.equal((await fetch(`${ad.url}/capabilities`)).status, 401);
  });
});
