// The adapter's /metrics (docs/metrics.md): the adapter token or METRICS_TOKEN (which opens /metrics and nothing
// else), inference latency by task and model for /infer and /pipeline/run, worker busy time against wall time,
// and bounded labels for tasks that do not exist. (promtool on this exposition: recorder/test/prometheus.test.ts.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postJson, startAdapter, type TestAdapter } from './helpers.js';

const TOKEN = 'adapter-token-for-metrics-tests';
const SCRAPE_TOKEN = 'scrape-only-token-0123456789';

/** One sample's value: the series `name{labels}` exactly as written (labels in exposition order). */
function value(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe('adapter /metrics', () => {
  let ad: TestAdapter;
  let startedAt: number;
  before(async () => {
    startedAt = performance.now();
    ad = await startAdapter({ ADAPTER_TOKEN: TOKEN, METRICS_TOKEN: SCRAPE_TOKEN });
    ad.addFrames('person.jpg');
  });
  after(() => ad.close());

  const get = (path: string, token?: string) =>
    fetch(`${ad.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('takes the adapter token or the scrape token; the scrape token opens nothing else', async () => {
    assert.equal((await get('/metrics')).status, 401);
    assert.equal((await get('/metrics', `${SCRAPE_TOKEN}x`)).status, 401);
    assert.equal((await get('/metrics', TOKEN)).status, 200);
    const scraped = await get('/metrics', SCRAPE_TOKEN);
    assert.equal(scraped.status, 200);
    assert.match(scraped.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    for (const path of ['/capabilities', '/adapters', '/compat/opennvr/metrics', '/metrics/'])
      assert.equal((await get(path, SCRAPE_TOKEN)).status, 401, path);
    const infer = await postJson(
      `${ad.url}/infer`,
      { task: 'person_counting', data: { frame: { uri: 'frame://person.jpg' } } },
      { authorization: `Bearer ${SCRAPE_TOKEN}` },
    );
    assert.equal(infer.status, 401);
  });

  it('has inference latency by task and model, worker utilisation, and bounded task labels', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const frame = { frame: { uri: 'frame://person.jpg' } };
    const one = await postJson(`${ad.url}/infer`, { task: 'person_counting', data: frame }, auth);
    assert.equal(one.status, 200, JSON.stringify(one.body));
    const faces = await postJson(`${ad.url}/infer`, { task: 'face_detection', data: frame }, auth);
    assert.equal(faces.status, 200, JSON.stringify(faces.body));
    const pipeline = await postJson(
      `${ad.url}/pipeline/run`,
      { steps: ['person_counting', 'object_detection'], data: frame },
      auth,
    );
    assert.equal(pipeline.status, 200, JSON.stringify(pipeline.body));
    const unknown = await postJson(`${ad.url}/infer`, { task: 'no-such-task-42', data: frame }, auth);
    assert.equal(unknown.status, 400);

    const text = await (await get('/metrics', SCRAPE_TOKEN)).text();
    const wall = (performance.now() - startedAt) / 1000;
    const count = (labels: string) => value(text, `adapter_infer_latency_seconds_count{${labels}}`);
    assert.equal(count('task="person_counting",model="centernet"'), 2, text);
    assert.equal(count('task="object_detection",model="centernet"'), 1, text);
    // every model a run needed, joined (face_detection's default detector with its landmark and age models)
    assert.equal(count('task="face_detection",model="ssd_face+face_landmarks68+face_age_gender"'), 1, text);
    assert.equal(value(text, 'adapter_infer_total{task="unknown",outcome="unknown_task"}'), 1);
    assert.doesNotMatch(text, /no-such-task-42/);
    assert.equal(value(text, 'adapter_model_loaded{model="centernet"}'), 1);

    assert.equal(value(text, 'adapter_workers'), 1);
    const busy = value(text, 'adapter_worker_busy_seconds_total{worker="0"}');
    // Three worker jobs ran (the pipeline's two steps share one); the worker cannot have been busy longer than
    // the adapter has existed.
    assert.ok(busy !== null && busy > 0 && busy < wall, `${busy} s busy in ${wall} s`);
    assert.match(text, /^# TYPE adapter_worker_busy_seconds_total counter$/m);
  });
});
