// Remote contract adapters (REMOTE_ADAPTERS) and the Ollama / OpenAI-compatible caption backends.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { fakeServer, type FakeServer } from './fake-servers.js';
import { fixture, getJson, postJson, startAdapter, type TestAdapter } from './helpers.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('remote adapters', () => {
  let remote: FakeServer;
  let ad: TestAdapter;
  before(async () => {
    // A contract adapter serving a task we do not have; it answers with the hash of the frame it got.
    remote = await fakeServer(({ method, url, body }) => {
      if (method === 'GET' && url === '/capabilities') return { status: 200, body: ['plate_reading'] };
      if (method === 'GET' && url.startsWith('/capabilities?format=card')) {
        return {
          status: 200,
          body: { model: { name: 'plates', version: '2', fingerprint: `sha256:${'a'.repeat(64)}` } },
        };
      }
      if (method === 'POST' && url === '/infer') {
        if (body.params?.fail)
          return {
            status: 400,
            body: { status: 'error', error: { code: 'frame_decode_failed', message: 'bad frame' } },
          };
        const frame = Buffer.from(body.data.frame.b64, 'base64');
        return {
          status: 200,
          body: { task: body.task, frame_sha256: sha(frame), plates: ['AB-123'], latency_ms: 3 },
        };
      }
      return { status: 404, body: {} };
    });
    ad = await startAdapter({ REMOTE_ADAPTERS: remote.url });
    ad.addFrames('person.jpg');
  });
  after(async () => {
    await ad.close();
    await remote.close();
  });

  it('lists the remote in /adapters and its tasks in /capabilities', async () => {
    const caps = (await getJson(`${ad.url}/capabilities`)).body;
    assert.ok(caps.includes('plate_reading'), JSON.stringify(caps));
    const adapters = (await getJson(`${ad.url}/adapters`)).body;
    const entry = adapters.find((a: any) => a.url === remote.url);
    assert.deepEqual(entry.tasks, ['plate_reading']);
    assert.equal(entry.state, 'ready');
    assert.equal(entry.model.name, 'plates');
  });

  it('proxies the task with the frame inline', async () => {
    const { status, body } = await postJson(`${ad.url}/infer`, {
      task: 'plate_reading',
      data: { frame: { uri: 'frame://person.jpg' } },
      params: { region: 'eu' },
    });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.frame_sha256, sha(fixture('person.jpg')));
    assert.deepEqual(body.plates, ['AB-123']);
    assert.ok(Number.isInteger(body.latency_ms));
    const sent = remote.requests.filter((r) => r.url === '/infer').at(-1)!;
    assert.deepEqual(sent.body.params, { region: 'eu' });
  });

  it('passes the remote’s client errors through and runs remote steps in pipelines', async () => {
    const bad = await postJson(`${ad.url}/infer`, {
      task: 'plate_reading',
      data: { frame: { uri: 'frame://person.jpg' } },
      params: { fail: true },
    });
    assert.equal(bad.status, 415);
    assert.equal(bad.body.error.code, 'frame_decode_failed');
    const { status, body } = await postJson(`${ad.url}/pipeline/run`, {
      steps: ['person_counting', 'plate_reading'],
      data: { frame: { uri: 'frame://person.jpg' } },
    });
    assert.equal(status, 200, JSON.stringify(body));
    assert.ok(body.results.person_counting.count >= 1);
    assert.deepEqual(body.results.plate_reading.plates, ['AB-123']);
    const failing = await postJson(`${ad.url}/pipeline/run`, {
      steps: ['person_counting', 'plate_reading'],
      data: { frame: { uri: 'frame://person.jpg' } },
      params: { fail: true },
    });
    assert.equal(failing.status, 415);
    assert.equal(failing.body.error.details.step, 'plate_reading');
  });
});

describe('caption backends', () => {
  let ollama: FakeServer;
  let openai: FakeServer;
  before(async () => {
    ollama = await fakeServer(({ url, body }) =>
      url === '/api/chat' && body.model === 'llava' && body.messages[0].images.length === 1
        ? {
            status: 200,
            body: {
              model: 'llava',
              message: { role: 'assistant', content: ' A man stands in a yard. ' },
              done: true,
            },
          }
        : { status: 500, body: { error: 'unexpected request' } },
    );
    openai = await fakeServer(({ url, body }) => {
      if (url !== '/v1/chat/completions') return { status: 404, body: {} };
      if (body.model === 'broken') return { status: 500, body: { error: { message: 'model crashed' } } };
      const image = body.messages[0].content.find((c: any) => c.type === 'image_url');
      return {
        status: 200,
        body: {
          choices: [{ message: { role: 'assistant', content: `saw ${image.image_url.url.slice(0, 23)}` } }],
        },
      };
    });
  });
  after(async () => {
    await ollama.close();
    await openai.close();
  });

  it('uses an Ollama endpoint and names it in model_id', async () => {
    const ad = await startAdapter({ CAPTION_URL: ollama.url, CAPTION_MODEL: 'llava' });
    try {
      const [uri] = ad.addFrames('person.jpg');
      const { status, body } = await postJson(`${ad.url}/infer`, {
        task: 'scene_description',
        data: { frame: { uri } },
      });
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.caption, 'A man stands in a yard.');
      assert.equal(body.model_id, 'ollama/llava');
      const sent = ollama.requests.at(-1)!.body;
      assert.equal(Buffer.from(sent.messages[0].images[0], 'base64').equals(fixture('person.jpg')), true);
      assert.equal(sent.stream, false);
    } finally {
      await ad.close();
    }
  });

  it('uses an OpenAI-compatible endpoint (URL ending in /v1) and reports its failures', async () => {
    const ad = await startAdapter({ CAPTION_URL: `${openai.url}/v1`, CAPTION_MODEL: 'gpt-vision' });
    try {
      const [uri] = ad.addFrames('person.jpg');
      const { status, body } = await postJson(`${ad.url}/infer`, {
        task: 'scene_description',
        data: { frame: { uri } },
      });
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.caption, 'saw data:image/jpeg;base64,');
      assert.equal(body.model_id, 'openai/gpt-vision');
    } finally {
      await ad.close();
    }
    const broken = await startAdapter({ CAPTION_URL: `${openai.url}/v1`, CAPTION_MODEL: 'broken' });
    try {
      const [uri] = broken.addFrames('person.jpg');
      const { status, body } = await postJson(`${broken.url}/infer`, {
        task: 'scene_description',
        data: { frame: { uri } },
      });
      assert.equal(status, 502);
      assert.equal(body.error.code, 'caption_backend_failed');
      assert.equal(body.error.transient, true);
    } finally {
      await broken.close();
    }
  });
});
