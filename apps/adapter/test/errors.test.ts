// Every error code of ADAPTER.md with its exact HTTP status and the error envelope.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { postJson, startAdapter, type TestAdapter } from './helpers.js';

function assertEnvelope(body: any, code: string, category: string, transient = false) {
  assert.equal(body.status, 'error', JSON.stringify(body));
  assert.equal(body.error.code, code, JSON.stringify(body));
  assert.equal(body.error.category, category);
  assert.equal(body.error.transient, transient);
  assert.equal(typeof body.error.message, 'string');
}

describe('error envelope and status codes', () => {
  let ad: TestAdapter;
  let outside: string;
  before(async () => {
    ad = await startAdapter();
    ad.addFrames('person.jpg');
    outside = join(ad.dataDir, 'secret.jpg');
    writeFileSync(outside, 'not for you');
    symlinkSync(outside, join(ad.framesDir, 'link.jpg'));
    mkdirSync(join(ad.framesDir, 'cam1'));
    symlinkSync(ad.dataDir, join(ad.framesDir, 'cam1', 'up'));
    writeFileSync(
      join(ad.framesDir, 'corrupt.jpg'),
      Buffer.from('\xff\xd8\xff\xe0 this is not really a jpeg'),
    );
    writeFileSync(join(ad.framesDir, 'notes.txt'), 'plain text');
    // A sparse 21 MiB file: over the 20 MiB limit without writing 21 MiB.
    closeSync(openSync(join(ad.framesDir, 'huge.jpg'), 'w'));
    truncateSync(join(ad.framesDir, 'huge.jpg'), 21 * 1024 * 1024);
  });
  after(() => ad.close());

  const infer = (uri: string, task = 'person_counting') =>
    postJson(`${ad.url}/infer`, { task, data: { frame: { uri } } });

  it('400 frame_uri_outside_root for .. traversal', async () => {
    for (const uri of [
      'frame://../secret.jpg',
      'frame://cam1/../../secret.jpg',
      'opennvr://frames/../secret.jpg',
      'frame://%2e%2e/secret.jpg',
    ]) {
      const { status, body } = await infer(uri);
      assert.equal(status, 400, uri);
      assertEnvelope(body, 'frame_uri_outside_root', 'invalid_request');
    }
  });

  it('400 frame_uri_outside_root for symlinks leaving the root', async () => {
    for (const uri of ['frame://link.jpg', 'frame://cam1/up/secret.jpg']) {
      const { status, body } = await infer(uri);
      assert.equal(status, 400, uri);
      assertEnvelope(body, 'frame_uri_outside_root', 'invalid_request');
    }
  });

  it('file:// only inside FRAMES_DIR', async () => {
    assert.equal((await infer(`file://${outside}`)).status, 400);
    const inside = await infer(`file://${join(ad.framesDir, 'person.jpg')}`);
    assert.equal(inside.status, 200, JSON.stringify(inside.body));
  });

  it('400 unsupported_frame_uri for unknown schemes', async () => {
    for (const uri of ['http://example.com/a.jpg', 'rtsp://cam/stream', 'person.jpg']) {
      const { status, body } = await infer(uri);
      assert.equal(status, 400, uri);
      assertEnvelope(body, 'unsupported_frame_uri', 'invalid_request');
    }
  });

  it('404 frame_not_found for a missing file', async () => {
    const { status, body } = await infer('frame://nope/missing.jpg');
    assert.equal(status, 404);
    assertEnvelope(body, 'frame_not_found', 'not_found');
  });

  it('415 frame_decode_failed for corrupt or non-image frames', async () => {
    for (const uri of ['frame://corrupt.jpg', 'frame://notes.txt']) {
      const { status, body } = await infer(uri);
      assert.equal(status, 415, uri);
      assertEnvelope(body, 'frame_decode_failed', 'invalid_request');
    }
    const b64 = await postJson(`${ad.url}/infer`, {
      task: 'person_counting',
      data: { frame: { b64: Buffer.from('GIF89a....').toString('base64') } },
    });
    assert.equal(b64.status, 415);
  });

  it('413 frame_too_large over 20 MiB, by URI and inline', async () => {
    const { status, body } = await infer('frame://huge.jpg');
    assert.equal(status, 413);
    assertEnvelope(body, 'frame_too_large', 'invalid_request');
    const big = Buffer.alloc(21 * 1024 * 1024, 1).toString('base64');
    const inline = await postJson(`${ad.url}/infer`, {
      task: 'person_counting',
      data: { frame: { b64: big } },
    });
    assert.equal(inline.status, 413);
    assertEnvelope(inline.body, 'frame_too_large', 'invalid_request');
  });

  it('400 unknown_task listing the known tasks', async () => {
    const { status, body } = await infer('frame://person.jpg', 'count_unicorns');
    assert.equal(status, 400);
    assertEnvelope(body, 'unknown_task', 'invalid_request');
    assert.ok(body.error.details.known_tasks.includes('person_counting'));
    assert.match(body.error.message, /face_detection/);
  });

  it('400 unknown_pipeline_step before anything runs', async () => {
    const { status, body } = await postJson(`${ad.url}/pipeline/run`, {
      steps: ['person_counting', 'teleport'],
      data: { frame: { uri: 'frame://missing.jpg' } },
    });
    // The bad step is reported, not the missing frame: steps are checked first.
    assert.equal(status, 400);
    assertEnvelope(body, 'unknown_pipeline_step', 'invalid_request');
    assert.equal(body.error.details.task, 'teleport');
  });

  it('a failing pipeline step names the step', async () => {
    const { status, body } = await postJson(`${ad.url}/pipeline/run`, {
      steps: ['person_counting', 'face_detection'],
      data: { frame: { uri: 'frame://corrupt.jpg' } },
    });
    assert.equal(status, 415);
    assert.equal(body.error.details.step, 'person_counting');
  });

  it('400 for bad params, bad bodies and missing frames', async () => {
    const bad = await postJson(`${ad.url}/infer`, {
      task: 'person_counting',
      data: { frame: { uri: 'frame://person.jpg' } },
      params: { min_confidence: 3 },
    });
    assert.equal(bad.status, 400);
    assertEnvelope(bad.body, 'invalid_params', 'invalid_request');
    const unknownParam = await postJson(`${ad.url}/infer`, {
      task: 'person_counting',
      data: { frame: { uri: 'frame://person.jpg' } },
      params: { colour: 'red' },
    });
    assert.equal(unknownParam.status, 400);
    const noTask = await postJson(`${ad.url}/infer`, { data: {} });
    assertEnvelope(noTask.body, 'invalid_request', 'invalid_request');
    const noFrame = await postJson(`${ad.url}/infer`, { task: 'person_counting', data: {} });
    assert.equal(noFrame.status, 400);
    assertEnvelope(noFrame.body, 'frame_missing', 'invalid_request');
    const notJson = await fetch(`${ad.url}/infer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    assert.equal(notJson.status, 400);
    const wrongType = await fetch(`${ad.url}/infer`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    assert.equal(wrongType.status, 415);
  });

  it('404 route_not_found and 426 for a plain POST to the stream', async () => {
    const missing = await fetch(`${ad.url}/nothing-here`);
    assert.equal(missing.status, 404);
    assertEnvelope(await missing.json(), 'route_not_found', 'not_found');
    const stream = await fetch(`${ad.url}/infer/stream`, { method: 'POST' });
    assert.equal(stream.status, 426);
    assertEnvelope(await stream.json(), 'upgrade_required', 'not_supported');
  });
});

describe('bearer token', () => {
  let ad: TestAdapter;
  before(async () => {
    ad = await startAdapter({ ADAPTER_TOKEN: 's3cret' });
  });
  after(() => ad.close());

  it('protects everything but /health', async () => {
    assert.equal((await fetch(`${ad.url}/health`)).status, 200);
    const denied = await fetch(`${ad.url}/capabilities`);
    assert.equal(denied.status, 401);
    assertEnvelope(await denied.json(), 'unauthorized', 'permission_denied');
    assert.equal(
      (await fetch(`${ad.url}/capabilities`, { headers: { authorization: 'Bearer nope' } })).status,
      401,
    );
    assert.equal(
      (await fetch(`${ad.url}/capabilities`, { headers: { authorization: 'Bearer s3cret' } })).status,
      200,
    );
  });
});
