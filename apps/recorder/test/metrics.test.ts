// The recorder's /metrics (docs/metrics.md): who may read it, that promtool accepts the exposition, and that the
// series follow what really happens — requests by route pattern, a real camera recorded, lost and back (bytes,
// chunks, gaps, ffmpeg restarts, state), event-stream clients of both transports, queue depths and disk space.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { binCamera, createCamera, hardDeletePhrase } from './helpers/cameras.js';
import { listen, SseClient, WsClient } from './helpers/event-clients.js';
import { eventually } from './helpers/eventually.js';
import { checkMetrics, sample } from './helpers/prometheus.js';
import { chunkCollector, nextNotice } from './helpers/recording.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';
import { GAP_THRESHOLD_MS } from '../src/modules/metrics/recorder-metrics.js';

const SCRAPE_TOKEN = 'scrape-token-for-tests-0123456789';

describe('recorder /metrics', { timeout: 120_000 }, () => {
  let t: TestApp;
  let camera: TestCamera | null = null;
  before(async () => {
    t = await createTestApp({
      env: { METRICS_TOKEN: SCRAPE_TOKEN },
      overrides: { recordingBackoff: { baseMs: 200, maxMs: 1000, jitter: 0.1 } },
    });
  });
  after(async () => {
    await t.close();
    await camera?.close();
  });

  const scrape = async (token = SCRAPE_TOKEN) => {
    const response = await t.request({ method: 'GET', url: '/metrics', token });
    assert.equal(response.statusCode, 200, response.body);
    return response.body;
  };

  it('answers 401 without a token or with a wrong one, 403 to a non-admin, 200 to the scrape token and an admin', async () => {
    const none = await t.request({ method: 'GET', url: '/metrics' });
    assert.equal(none.statusCode, 401);
    assert.equal(none.headers['www-authenticate'], 'Bearer');
    const wrong = await t.request({ method: 'GET', url: '/metrics', token: `${SCRAPE_TOKEN}x` });
    assert.equal(wrong.statusCode, 401);
    const basic = await t.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Basic ${Buffer.from(`x:${SCRAPE_TOKEN}`).toString('base64')}` },
    });
    assert.equal(basic.statusCode, 401);
    const user = await t.createUser('metrics-viewer');
    assert.equal((await t.request({ method: 'GET', url: '/metrics', token: user.token })).statusCode, 403);

    const byToken = await t.request({ method: 'GET', url: '/metrics', token: SCRAPE_TOKEN });
    assert.equal(byToken.statusCode, 200);
    assert.match(String(byToken.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const byAdmin = await t.request({ method: 'GET', url: '/metrics', token: t.adminToken });
    assert.equal(byAdmin.statusCode, 200);
    assert.match(byAdmin.body, /^# TYPE nvr_http_request_duration_seconds histogram$/m);
    // The scrape token is for /metrics only: the API does not take it.
    const api = await t.request({ method: 'GET', url: '/api/v1/cameras', token: SCRAPE_TOKEN });
    assert.equal(api.statusCode, 401);
  });

  it('times requests by method, route pattern and status class, never by the raw URL', async () => {
    const missing = await t.request({ method: 'GET', url: '/api/v1/cameras/987654', token: t.adminToken });
    assert.equal(missing.statusCode, 404);
    await t.request({ method: 'GET', url: '/api/v1/cameras/987655?x=1', token: t.adminToken });
    const text = await scrape();
    const labels = { method: 'GET', route: '/api/v1/cameras/:id', status_class: '4xx' };
    assert.equal(sample(text, 'nvr_http_request_duration_seconds_count', labels), 2);
    assert.doesNotMatch(text, /987654/);
    assert.equal(
      sample(text, 'nvr_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/metrics',
        status_class: '4xx',
      }),
      4,
      'the refused scrapes of the first test: three 401 and one 403',
    );
  });

  it('passes promtool check metrics', async () => {
    const text = await scrape();
    const result = await checkMetrics(text);
    assert.equal(result.code, 0, result.output);
    assert.equal(result.output.trim(), '', 'no lint finding');
    for (const family of [
      'nvr_http_request_duration_seconds',
      'nvr_camera_recording_state',
      'nvr_event_stream_clients',
      'nvr_queue_depth',
      'nvr_recordings_volume_free_bytes',
      'nvr_process_cpu_seconds_total',
    ])
      assert.match(text, new RegExp(`^# TYPE ${family} `, 'm'), family);
  });

  it('follows a real camera: state, bytes and chunks written, the gap while it was gone, ffmpeg restarts', async () => {
    camera = await startTestCamera();
    const engine = t.container.recordingEngine;
    const started = nextNotice(engine, (n) => n.type === 'recording.started');
    const created = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: camera.url });
    const id = String(created.id);
    const chunks = chunkCollector(engine, created.id);
    await t.container.cameraConfig.idle();
    const enabled = await t.request({
      method: 'PATCH',
      url: `/api/v1/camera-config/${created.id}`,
      token: t.adminToken,
      payload: {
        recording_enabled: true,
        recording_segment_seconds: 10,
        transport_security: 'plaintext_allowed',
        max_restart_attempts: 0,
      },
    });
    assert.equal(enabled.statusCode, 200, enabled.body);
    await started;
    let text = await scrape();
    assert.equal(sample(text, 'nvr_camera_recording_state', { camera_id: id, state: 'recording' }), 1);
    assert.equal(sample(text, 'nvr_camera_recording_state', { camera_id: id, state: 'failed' }), 0);
    assert.equal(sample(text, 'nvr_camera_online', { camera_id: id }), 1);

    // The camera goes away: its chunk is closed, ffmpeg is restarted (and fails) until it is back.
    const offline = nextNotice(engine, (n) => n.type === 'camera.offline' && n.cameraId === created.id);
    await camera.stop();
    await offline;
    text = await scrape();
    assert.equal(sample(text, 'nvr_camera_online', { camera_id: id }), 0);
    // Three failed restarts take 0.2 + 0.4 + 0.8 s of backoff (±10 %): the footage has a gap of over a second.
    await eventually(
      async () => (sample(await scrape(), 'nvr_ffmpeg_restarts_total', { camera_id: id }) ?? 0) >= 3,
      { timeoutMs: 10_000, intervalMs: 100, what: 'three restarts while the camera is gone' },
    );
    const back = nextNotice(engine, (n) => n.type === 'recording.started' && n.cameraId === created.id);
    await camera.start();
    await back;
    const disabled = await t.request({
      method: 'PATCH',
      url: `/api/v1/camera-config/${created.id}`,
      token: t.adminToken,
      payload: { recording_enabled: false },
    });
    assert.equal(disabled.statusCode, 200, disabled.body);
    await engine.idle();
    const written = await chunks.waitFor(2);

    text = await scrape();
    const bytes = written.reduce((sum, chunk) => sum + chunk.sizeBytes, 0);
    assert.equal(sample(text, 'nvr_recording_bytes_written_total', { camera_id: id }), bytes);
    assert.equal(sample(text, 'nvr_recording_chunks_total', { camera_id: id }), written.length);
    const gaps = written.slice(1).filter((c, i) => c.startMs - written[i]!.endMs >= GAP_THRESHOLD_MS);
    assert.ok(gaps.length >= 1, `the camera was gone for more than a second: ${JSON.stringify(written)}`);
    assert.equal(sample(text, 'nvr_recording_gaps_total', { camera_id: id }), gaps.length);
    assert.ok(sample(text, 'nvr_ffmpeg_restarts_total', { camera_id: id })! >= 3);
    assert.equal(sample(text, 'nvr_camera_recording_state', { camera_id: id, state: 'disabled' }), 1);
    assert.equal(sample(text, 'nvr_camera_recording_state', { camera_id: id, state: 'recording' }), 0);

    // Deleting the camera for good takes its series along.
    await binCamera(t, t.adminToken, created.id);
    const deleted = await t.request({
      method: 'POST',
      url: `/api/v1/cameras/${id}/hard-delete`,
      token: t.adminToken,
      payload: { confirmation_phrase: hardDeletePhrase(created.name) },
    });
    assert.equal(deleted.statusCode, 200, deleted.body);
    text = await scrape();
    assert.equal(sample(text, 'nvr_recording_bytes_written_total', { camera_id: id }), null);
    assert.equal(sample(text, 'nvr_camera_recording_state', { camera_id: id, state: 'disabled' }), null);
  });

  it('counts event-stream clients by transport while they are connected', async () => {
    const host = await listen(t.app);
    const ticket = async () =>
      (await t.request({ method: 'POST', url: '/api/v1/events/ticket', token: t.adminToken })).json()
        .ticket as string;
    const sse = await SseClient.open(host, `/api/v1/events/stream?ticket=${await ticket()}`);
    assert.equal(sse.status, 200);
    const ws = await WsClient.open(host, `/api/v1/events/stream?ticket=${await ticket()}`);
    let text = await scrape();
    assert.equal(sample(text, 'nvr_event_stream_clients', { transport: 'sse' }), 1);
    assert.equal(sample(text, 'nvr_event_stream_clients', { transport: 'websocket' }), 1);
    sse.close();
    await ws.close();
    // The server learns of the closes from its sockets: nothing to await from here but the count itself.
    await eventually(
      async () => {
        text = await scrape();
        return (
          sample(text, 'nvr_event_stream_clients', { transport: 'sse' }) === 0 &&
          sample(text, 'nvr_event_stream_clients', { transport: 'websocket' }) === 0
        );
      },
      { timeoutMs: 5000, intervalMs: 50, what: 'the closed streams to be released' },
    );
    // An event stream is not a request duration.
    assert.equal(
      sample(text, 'nvr_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/events/stream',
        status_class: '2xx',
      }),
      null,
    );
  });

  it('reports queue depths and the free space of the recordings volume', async () => {
    const text = await scrape();
    for (const queue of ['alert_deliveries', 'cloud_jobs', 'cloud_uploads'])
      assert.equal(sample(text, 'nvr_queue_depth', { queue }), 0, queue);
    const root = t.config.recordingsDir;
    const free = sample(text, 'nvr_recordings_volume_free_bytes', { path: root });
    const size = sample(text, 'nvr_recordings_volume_size_bytes', { path: root });
    assert.ok(free !== null && size !== null && free > 0 && free <= size, `${free} of ${size}`);
  });
});
