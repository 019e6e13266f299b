// Lazy single-flight loading, eviction of failed loads, the bounded queue, and /health under full load.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HUMAN_MODELS } from '../src/runtimes/tfjs.js';
import { getJson, postJson, startAdapter, until, type TestAdapter } from './helpers.js';

const centernet = (health: any) => health.models.find((m: any) => m.name === 'centernet');

describe('lazy loading and workers', () => {
  let ad: TestAdapter;
  before(async () => {
    ad = await startAdapter({ ADAPTER_WORKERS: '2' });
    ad.addFrames('vtest-2s.jpg');
  });
  after(() => ad.close());

  it('loads nothing before the first request, then loads once for concurrent first requests', async () => {
    const before = (await getJson(`${ad.url}/health`)).body;
    assert.equal(centernet(before).state, 'unloaded');
    assert.equal(before.status, 'ok');
    const body = { task: 'person_counting', data: { frame: { uri: 'frame://vtest-2s.jpg' } } };
    const results = await Promise.all(Array.from({ length: 6 }, () => postJson(`${ad.url}/infer`, body)));
    assert.ok(results.every((r) => r.status === 200));
    const counts = new Set(results.map((r) => r.body.count));
    assert.equal(counts.size, 1, 'every worker gives the same answer');
    const health = (await getJson(`${ad.url}/health`)).body;
    assert.equal(centernet(health).state, 'ready');
    assert.equal(centernet(health).load_count, 1);
    assert.ok(Number.isInteger(centernet(health).load_ms));
    // Face models stay unloaded until a face task asks for them.
    assert.equal(health.models.find((m: any) => m.name === 'ssd_face').state, 'unloaded');
  });

  it('/health answers while every worker is busy', async () => {
    const body = { task: 'person_counting', data: { frame: { uri: 'frame://vtest-2s.jpg' } } };
    const load = Array.from({ length: 8 }, () => postJson(`${ad.url}/infer`, body));
    await until(() => ad.app.services.pool.inflight === 2, 'both workers busy');
    const { status, body: health } = await getJson(`${ad.url}/health`);
    assert.equal(status, 200);
    assert.equal(health.inflight, 2);
    assert.ok(health.queue_depth >= 1);
    assert.ok((await Promise.all(load)).every((r) => r.status === 200));
  });
});

describe('bounded queue', () => {
  let ad: TestAdapter;
  before(async () => {
    ad = await startAdapter({ ADAPTER_WORKERS: '1', ADAPTER_QUEUE_SIZE: '0' });
    ad.addFrames('vtest-2s.jpg');
  });
  after(() => ad.close());

  it('answers 503 overloaded with Retry-After when the queue is full', async () => {
    const body = { task: 'person_counting', data: { frame: { uri: 'frame://vtest-2s.jpg' } } };
    assert.equal((await postJson(`${ad.url}/infer`, body)).status, 200); // model loaded
    const running = postJson(`${ad.url}/infer`, body);
    await until(() => ad.app.services.pool.inflight === 1, 'the worker busy');
    const rejected = await postJson(`${ad.url}/infer`, body);
    assert.equal(rejected.status, 503);
    assert.equal(rejected.body.error.code, 'overloaded');
    assert.equal(rejected.body.error.category, 'overloaded');
    assert.equal(rejected.body.error.transient, true);
    assert.ok(Number(rejected.headers.get('retry-after')) >= 1);
    assert.equal((await running).status, 200);
  });
});

describe('worker crash', () => {
  let ad: TestAdapter;
  before(async () => {
    ad = await startAdapter({ ADAPTER_WORKERS: '1' });
    ad.addFrames('person.jpg');
  });
  after(() => ad.close());

  it('replaces a dead worker; the next request is served by the replacement', async () => {
    const body = { task: 'person_counting', data: { frame: { uri: 'frame://person.jpg' } } };
    const first = await postJson(`${ad.url}/infer`, body);
    assert.equal(first.status, 200);
    // Kill the only worker from outside, as an out-of-memory abort would.
    const slots = (
      ad.app.services.pool as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }
    ).slots;
    await slots[0]!.worker.terminate();
    const again = await postJson(`${ad.url}/infer`, body);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.count, first.body.count);
  });
});

describe('idle unloading (MODEL_IDLE_UNLOAD_S)', () => {
  let ad: TestAdapter;
  before(async () => {
    ad = await startAdapter({ MODEL_IDLE_UNLOAD_S: '600' });
    ad.addFrames('person.jpg');
  });
  after(() => ad.close());

  it('unloads models idle for longer than the limit and reloads them on demand', async () => {
    const body = { task: 'person_counting', data: { frame: { uri: 'frame://person.jpg' } } };
    assert.equal((await postJson(`${ad.url}/infer`, body)).status, 200);
    const { registry } = ad.app.services;
    await registry.unloadIdle(Date.now() + 60_000); // not idle long enough yet
    assert.equal(registry.get('centernet').state, 'ready');
    await registry.unloadIdle(Date.now() + 601_000);
    assert.equal(registry.get('centernet').state, 'unloaded');
    assert.equal((await postJson(`${ad.url}/infer`, body)).status, 200);
    assert.equal(registry.get('centernet').state, 'ready');
    assert.equal(registry.get('centernet').loadCount, 2);
  });
});

describe('model load failure', () => {
  let ad: TestAdapter;
  before(async () => {
    ad = await startAdapter();
    ad.addFrames('person.jpg');
  });
  after(() => ad.close());

  it('answers 503 model_load_failed, reports degraded, and retries on the next request', async () => {
    // Operator-supplied weights in MODELS_DIR/centernet override the packaged ones; these are broken.
    const dir = join(ad.modelsDir, 'centernet');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'centernet.json'), '{"format":"graph-model","modelTopology":');
    const body = { task: 'person_counting', data: { frame: { uri: 'frame://person.jpg' } } };
    const failed = await postJson(`${ad.url}/infer`, body);
    assert.equal(failed.status, 503);
    assert.equal(failed.body.error.code, 'model_load_failed');
    assert.equal(failed.body.error.category, 'model_error');
    assert.equal(failed.body.error.transient, true);
    const health = (await getJson(`${ad.url}/health`)).body;
    assert.equal(health.status, 'degraded');
    assert.equal(centernet(health).state, 'failed');
    assert.ok(!(await getJson(`${ad.url}/capabilities`)).body.includes('person_counting'));

    // The operator fixes the files: the failed load was forgotten, so this request loads again.
    copyFileSync(join(HUMAN_MODELS(), 'centernet.json'), join(dir, 'centernet.json'));
    copyFileSync(join(HUMAN_MODELS(), 'centernet.bin'), join(dir, 'centernet.bin'));
    const ok = await postJson(`${ad.url}/infer`, body);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal((await getJson(`${ad.url}/health`)).body.status, 'ok');
  });

  it('leaves tasks out of /capabilities while their weight files are missing', async () => {
    const dir = join(ad.modelsDir, 'ssd_face');
    mkdirSync(dir, { recursive: true }); // an override folder without the files
    const caps = (await getJson(`${ad.url}/capabilities`)).body;
    assert.ok(caps.includes('person_counting'));
    assert.ok(!caps.includes('face_detection') && !caps.includes('scene_description'), JSON.stringify(caps));
    rmSync(dir, { recursive: true });
    assert.ok((await getJson(`${ad.url}/capabilities`)).body.includes('face_detection'));
  });
});
