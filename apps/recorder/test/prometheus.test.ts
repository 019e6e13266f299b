// Both services under a real Prometheus (Debian's `prometheus`): a test camera showing pedestrians, the real
// adapter process and a live person_counting model make detection series on both sides; promtool accepts both
// expositions; a Prometheus started here with bearer credentials scrapes both, loads docs/prometheus/alerts.yml,
// and answers a PromQL query over series of both. The alert rules pass `promtool check rules` and their unit
// tests (docs/prometheus/alerts.test.yml).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import {
  peopleStill,
  startAdapterProcess,
  type AdapterProcess,
  recorderEnvFor,
  adapterPolled,
} from './helpers/adapter-process.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { listen, SseClient } from './helpers/event-clients.js';
import { eventually } from './helpers/eventually.js';
import {
  checkMetrics,
  runTool,
  sample,
  startPrometheus,
  type PrometheusServer,
} from './helpers/prometheus.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

const RULES_DIR = fileURLToPath(new URL('../../../docs/prometheus/', import.meta.url));
const SCRAPE_TOKEN = 'prometheus-scrape-token-0123456789';
const SCRAPE_INTERVAL_SECONDS = 1;

describe('Prometheus scraping the recorder and the adapter', { timeout: 120_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'nvr-prometheus-test-'));
  let camera: TestCamera;
  let adapter: AdapterProcess;
  let t: TestApp;
  let host: string;
  let sse: SseClient;
  let prometheus: PrometheusServer | null = null;

  before(async () => {
    const framesDir = join(work, 'frames');
    [camera, adapter] = await Promise.all([
      startTestCamera({ image: peopleStill(work), width: 768, height: 576, fps: 5, gop: 5 }),
      startAdapterProcess({ framesDir }),
    ]);
    t = await createTestApp({
      env: {
        METRICS_TOKEN: SCRAPE_TOKEN,
        ...recorderEnvFor(adapter),
      },
      overrides: { adapterRecheckMs: 200, grabberBackoffMs: 200 },
    });
    host = await listen(t.app);
    sse = await SseClient.open(host, '/api/v1/events/stream?type=detection', {
      authorization: `Bearer ${t.adminToken}`,
    });
    assert.equal(sse.status, 200);
  });
  after(async () => {
    sse?.close();
    await prometheus?.close();
    await t?.close();
    await adapter?.close();
    await camera?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const adapterMetrics = async () => {
    const response = await fetch(`${adapter.url}/metrics`, {
      headers: { authorization: `Bearer ${adapter.token}` },
    });
    assert.equal(response.status, 200);
    return response.text();
  };
  const recorderMetrics = async () => {
    const response = await t.request({ method: 'GET', url: '/metrics', token: SCRAPE_TOKEN });
    assert.equal(response.statusCode, 200);
    return response.body;
  };

  it('a live model makes detection series on both sides, and promtool accepts both expositions', async () => {
    await adapterPolled(t);
    const { id: cameraId } = await createCamera(t, t.adminToken, { rtsp_url: camera.url });
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/ai-models',
      token: t.adminToken,
      payload: {
        name: 'Street people',
        model_name: 'centernet',
        task: 'person_counting',
        inference_interval: 1,
        assigned_camera_id: cameraId,
        // a still picture: analysed whatever moves
        config: JSON.stringify({ trigger: 'always' }),
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const modelId = String(created.json().id);
    await sse.messages.waitFor(
      (m) => m.event === 'detection' && String(m.data.data.model_id) === modelId,
      'a detection event',
      60_000,
    );

    const recorder = await recorderMetrics();
    const labels = { camera_id: String(cameraId), model_id: modelId, task: 'person_counting' };
    assert.ok(sample(recorder, 'nvr_detection_latency_seconds_count', labels)! >= 1, recorder);
    const served = await adapterMetrics();
    const byModel = { task: 'person_counting', model: 'centernet' };
    assert.ok(sample(served, 'adapter_infer_latency_seconds_count', byModel)! >= 1, served);
    assert.equal(sample(served, 'adapter_workers'), 1);
    assert.ok(sample(served, 'adapter_worker_busy_seconds_total', { worker: '0' })! > 0);

    for (const [service, text] of [
      ['recorder', recorder],
      ['adapter', served],
    ]) {
      const result = await checkMetrics(text!);
      assert.equal(result.code, 0, `${service}: ${result.output}`);
      assert.equal(result.output.trim(), '', `${service}: no lint finding`);
    }
  });

  it('a real Prometheus scrapes both with bearer credentials and answers a PromQL query over both', async () => {
    prometheus = await startPrometheus(
      [
        { job: 'nvr-recorder', address: host, bearerToken: SCRAPE_TOKEN },
        { job: 'nvr-adapter', address: `127.0.0.1:${adapter.port}`, bearerToken: adapter.token },
      ],
      SCRAPE_INTERVAL_SECONDS,
      [join(RULES_DIR, 'alerts.yml')],
    );
    // Start-up, then a scrape of each target, with room for a slow machine: 15 scrape intervals.
    await prometheus.targetsUp(15 * SCRAPE_INTERVAL_SECONDS * 1000);

    const byJob = await prometheus.query(
      'sum by (job) ({__name__=~"nvr_detection_latency_seconds_count|adapter_infer_latency_seconds_count"})',
    );
    const jobs = Object.fromEntries(byJob.map((r) => [r.metric.job, r.value]));
    assert.deepEqual(Object.keys(jobs).sort(), ['nvr-adapter', 'nvr-recorder'], JSON.stringify(byJob));
    assert.ok(jobs['nvr-recorder']! >= 1 && jobs['nvr-adapter']! >= 1, JSON.stringify(byJob));

    // The sample rules load and evaluate against these series without error.
    const rules = await eventually(
      async () => {
        const loaded = await prometheus!.rules();
        return loaded.length > 0 && loaded.every((r) => r.health !== 'unknown') ? loaded : undefined;
      },
      { timeoutMs: 5 * SCRAPE_INTERVAL_SECONDS * 1000, what: 'the rules to be evaluated' },
    );
    assert.deepEqual(rules.map((r) => r.name).sort(), [
      'NvrAdapterDown',
      'NvrCameraDown',
      'NvrRecorderDown',
      'NvrRecordingFailed',
      'NvrRecordingGap',
      'NvrRecordingsDiskNearlyFull',
    ]);
    for (const rule of rules) assert.equal(rule.health, 'ok', `${rule.name}: ${rule.lastError}`);
  });

  it('the sample alert rules pass promtool check rules and their unit tests', async () => {
    const check = await runTool('promtool', ['check', 'rules', join(RULES_DIR, 'alerts.yml')]);
    assert.equal(check.code, 0, check.output);
    assert.match(check.output, /SUCCESS: 6 rules found/);
    const unit = await runTool('promtool', ['test', 'rules', join(RULES_DIR, 'alerts.test.yml')]);
    assert.equal(unit.code, 0, unit.output);
  });
});
