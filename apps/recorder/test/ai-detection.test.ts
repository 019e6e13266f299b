// The detection loop end to end: a GStreamer test camera streaming a still of real pedestrians (vtest.avi),
// the real adapter process with its real CenterNet weights, a live person_counting model every 2 s. Results
// appear, `detection` events reach an SSE client, the alert rule raises one alert per cooldown; the adapter
// going away and coming back, a model swapped behind it, and two adapters sharing the work.
// On PostgreSQL only the cases that reach the loop's SQL run (results and alerts stored, model status, disable,
// try-it); the adapter/camera choreography runs once, on SQLite (pipelineCase). Adapter registration on
// PostgreSQL: ai-adapter-token.test.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  peopleStill,
  startAdapterProcess,
  swappedCenternetModels,
  type AdapterProcess,
  recorderEnvFor,
  adapterPolled,
} from './helpers/adapter-process.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { pipelineCase, testDialects } from './helpers/database.js';
import { SseClient, listen } from './helpers/event-clients.js';
import { eventually } from './helpers/eventually.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

const work = mkdtempSync(join(tmpdir(), 'nvr-ai-'));
let camera: TestCamera;

before(async () => {
  camera = await startTestCamera({ image: peopleStill(work), width: 768, height: 576, fps: 5, gop: 5 });
});
after(async () => {
  await camera.close();
  rmSync(work, { recursive: true, force: true });
});

for (const dialect of testDialects()) {
  describe(`detection loop on ${dialect}`, () => {
    let t: TestApp;
    let adapter: AdapterProcess;
    let second: AdapterProcess | null = null;
    let host: string;
    let sse: SseClient;
    let cameraId: number;
    let modelId: number;
    const framesDir = mkdtempSync(join(work, `frames-${dialect}-`));
    const swapped: string[] = [];
    const once = pipelineCase(dialect);

    const get = (url: string) =>
      t.request({ method: 'GET', url, token: t.adminToken }).then((r) => {
        assert.equal(r.statusCode, 200, r.body);
        return r.json();
      });
    const status = () => get(`/api/v1/ai-models/${modelId}/status`);
    const results = () => get(`/api/v1/ai-detection-results?model_id=${modelId}&limit=500`);
    // The loop publishes a `detection` event after storing each result: waiting for the events over SSE waits
    // for the results without polling the API.
    const detectionsSince = (from: number) =>
      sse.messages.items
        .slice(from)
        .filter((m) => m.event === 'detection' && m.data.data.model_id === modelId);
    const detections = (count: number, from = 0, timeoutMs = 45_000) =>
      sse.messages.waitFor(
        () => detectionsSince(from).length >= count,
        `${count} detection event(s)`,
        timeoutMs,
      );

    before(async () => {
      adapter = await startAdapterProcess({ framesDir });
      t = await createTestApp({
        dialect,
        env: {
          ...recorderEnvFor(adapter),
        },
        overrides: { adapterRecheckMs: 200, grabberBackoffMs: 200 },
      });
      host = await listen(t.app);
      sse = await SseClient.open(host, '/api/v1/events/stream', {
        authorization: `Bearer ${t.adminToken}`,
      });
      assert.equal(sse.status, 200);
      cameraId = (await createCamera(t, t.adminToken, { rtsp_url: camera.url })).id;
    });
    after(async () => {
      sse?.close();
      await t?.close();
      await adapter?.close();
      await second?.close();
      for (const dir of swapped) rmSync(dir, { recursive: true, force: true });
    });

    it('person_counting every 2 s: results with people, detection events over SSE, one alert per cooldown', async () => {
      await adapterPolled(t);
      const created = await t.request({
        method: 'POST',
        url: '/api/v1/ai-models',
        token: t.adminToken,
        payload: {
          name: 'Street people',
          model_name: 'centernet',
          task: 'person_counting',
          inference_interval: 2,
          assigned_camera_id: cameraId,
          config: JSON.stringify({
            // a still picture: the model analyses it whatever moves (on_motion has its own tests)
            trigger: 'always',
            params: { min_confidence: 0.3 },
            alert: { labels: ['person'], min_confidence: 0.3, severity: 'high', cooldown_seconds: 3600 },
          }),
        },
      });
      assert.equal(created.statusCode, 201, created.body);
      modelId = created.json().id;

      const event = await sse.messages.waitFor(
        (m) => m.event === 'detection' && m.data.data.model_id === modelId,
        'a detection event',
        45_000,
      );
      assert.equal(event.data.camera_id, cameraId);
      assert.ok(event.data.data.count >= 1, JSON.stringify(event.data));
      assert.ok(event.data.data.detections.length >= 1);
      assert.deepEqual(event.data.data.frame, { width: 768, height: 576 });
      // The time of the analysed picture, on the clock of the live playlist's program date-time: what a live view
      // matches its picture against (before the picture was sent for analysis, and before the event).
      const { captured_at: capturedAt, sampled_at: sampledAt } = event.data.data;
      const publishedAt = Date.parse(event.data.timestamp);
      assert.ok(Number.isInteger(capturedAt), JSON.stringify(event.data));
      assert.ok(capturedAt <= sampledAt && sampledAt <= publishedAt, JSON.stringify(event.data));
      assert.ok(publishedAt - capturedAt < 30_000, JSON.stringify(event.data));

      // Wait for a few more turns: the rule keeps matching but the cooldown holds the alert to one.
      await detections(3);
      const list = await results();
      for (const row of list.results) {
        assert.equal(row.task, 'person_counting');
        assert.equal(row.camera_id, cameraId);
        assert.equal(row.model_name, 'centernet');
        assert.ok(row.count >= 1, JSON.stringify(row));
        assert.ok(row.bbox_width > 0 && row.bbox_height > 0);
        assert.ok(row.latency_ms > 0);
      }
      const alerts = await get(`/api/v1/alerts?source_name=${encodeURIComponent('Street people')}`);
      assert.equal(alerts.total, 1, JSON.stringify(alerts));
      assert.equal(alerts.alerts[0].severity, 'high');
      assert.equal(alerts.alerts[0].camera_id, cameraId);
      assert.equal(
        sse.ofType('alert.created').filter((m) => m.data.data.alert.source_name === 'Street people').length,
        1,
      );

      const now = await status();
      assert.equal(now.state, 'running');
      assert.ok(now.runs >= 3);
      // The shared frames directory holds the frames the adapter read by frame:// URI.
      assert.ok((await readdir(join(framesDir, `cam-${cameraId}`))).some((f) => f.endsWith('.jpg')));
      const adapters = await get('/api/v1/adapters');
      assert.equal(adapters.adapters[0].frame_transport, 'uri');
    });

    once('adapter stopped → no_adapter, nothing stored meanwhile; restarted → results resume', async () => {
      await adapter.stop();
      await eventually(async () => (await status()).state === 'no_adapter', {
        timeoutMs: 30_000,
        what: 'no_adapter',
      });
      const unavailable = await sse.messages.waitFor((m) => m.event === 'adapter.unavailable', 'unavailable');
      assert.equal(unavailable.data.data.url, adapter.url);
      const during = (await results()).total;
      assert.match((await status()).last_error, /no available adapter serves person_counting/);
      const caps = await get('/api/v1/capabilities');
      assert.equal(caps.orchestrator.adapters_available, 0);
      assert.equal(caps.adapters['adapter-1'].status, 'unavailable');
      assert.ok(caps.adapters['adapter-1'].last_error);
      // Every stored row is a real result: the failed turns stored nothing.
      for (const row of (await results()).results) assert.ok(row.count >= 1);

      const restartedAt = sse.messages.items.length;
      await adapter.start();
      await detections(1, restartedAt);
      assert.ok((await results()).total > during, 'results again');
      assert.equal((await status()).state, 'running');
      assert.equal((await status()).last_error, null);
    });

    once(
      'a model swapped behind the adapter publishes adapter.model_changed once, with an audit row',
      async () => {
        const before = sse.ofType('adapter.model_changed').length;
        const modelsDir = swappedCenternetModels();
        swapped.push(modelsDir);
        const firstPollAfter = async () => (await get('/api/v1/capabilities')).orchestrator.last_poll_at;
        await adapter.stop();
        await adapter.start({ modelsDir });
        const changed = await sse.messages.waitFor(
          (m) =>
            m.event === 'adapter.model_changed' && sse.ofType('adapter.model_changed').indexOf(m) >= before,
          'adapter.model_changed',
          30_000,
        );
        assert.equal(changed.data.data.adapter, 'adapter-1');
        assert.notEqual(
          changed.data.data.previous.model.fingerprint,
          changed.data.data.current.model.fingerprint,
        );
        // Several more polls of the same card: no second event.
        const mark = await firstPollAfter();
        await eventually(async () => (await firstPollAfter()) !== mark, { what: 'another poll' });
        const mark2 = await firstPollAfter();
        await eventually(async () => (await firstPollAfter()) !== mark2, { what: 'yet another poll' });
        assert.equal(sse.ofType('adapter.model_changed').length, before + 1);
        const audit = await get('/api/v1/audit-logs?action=adapter.model_changed');
        assert.equal(audit.total, 1);
        assert.equal(audit.logs[0].entity_id, 'adapter-1');
        // The loop goes on with the new model.
        await detections(1, sse.messages.items.length);
      },
    );

    once('two adapters serving the task share the load (the second gets frames inline)', async () => {
      second = await startAdapterProcess();
      const registered = await t.request({
        method: 'POST',
        url: '/api/v1/adapters',
        token: t.adminToken,
        payload: { name: 'second', url: second.url, token: second.token },
      });
      assert.equal(registered.statusCode, 201, registered.body);
      assert.equal(registered.json().status, 'available');
      assert.equal(registered.json().frame_transport, 'inline');
      assert.ok(registered.json().tasks.includes('person_counting'));
      const from = sse.messages.items.length;
      const servedBy = () =>
        new Set(
          sse.messages.items
            .slice(from)
            .filter((m) => m.event === 'detection' && m.data.data.model_id === modelId)
            .map((m) => m.data.data.adapter as string),
        );
      await sse.messages.waitFor(() => servedBy().size === 2, 'work on both adapters', 45_000);
      assert.deepEqual([...servedBy()].sort(), ['adapter-1', 'second']);
      const caps = await get('/api/v1/capabilities');
      assert.equal(caps.orchestrator.adapters_available, 2);
      assert.ok(caps.orchestrator.tasks.includes('person_counting'));
      assert.equal(caps.adapters.second.card.contract_version, '1.1');

      const user = await t.createUser(`plain_${dialect}`);
      const asUser = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
        t.request({
          method,
          url,
          token: user.token,
          ...(method === 'POST' ? { payload: { name: 'x', url: 'http://127.0.0.1:1' } } : {}),
        });
      assert.equal((await asUser('GET', '/api/v1/adapters')).statusCode, 403);
      assert.equal((await asUser('POST', '/api/v1/adapters')).statusCode, 403);
      assert.equal((await asUser('DELETE', '/api/v1/adapters/second')).statusCode, 403);
      assert.equal((await asUser('GET', '/api/v1/capabilities')).statusCode, 200);
      assert.equal((await t.request({ method: 'GET', url: '/api/v1/adapters' })).statusCode, 401);
      const conflict = await t.request({
        method: 'POST',
        url: '/api/v1/adapters',
        token: t.adminToken,
        payload: { name: 'again', url: second.url },
      });
      assert.equal(conflict.statusCode, 409);
      const configured = await t.request({
        method: 'DELETE',
        url: '/api/v1/adapters/adapter-1',
        token: t.adminToken,
      });
      assert.equal(configured.statusCode, 400);
      const removed = await t.request({
        method: 'DELETE',
        url: '/api/v1/adapters/second',
        token: t.adminToken,
      });
      assert.equal(removed.statusCode, 204);
      assert.equal((await get('/api/v1/adapters')).total, 1);
    });

    once(
      'cameras change at runtime: a paused camera is camera_offline without a grabber, resumed it works again',
      async () => {
        const pause = (is_active: boolean) =>
          t.request({
            method: 'PATCH',
            url: `/api/v1/cameras/${cameraId}`,
            token: t.adminToken,
            payload: { is_active },
          });
        assert.equal((await pause(false)).statusCode, 200);
        await eventually(async () => (await status()).state === 'camera_offline', { what: 'camera_offline' });
        assert.match((await status()).last_error, /paused/);
        await t.container.detectionLoop.settled();
        assert.equal(t.container.detectionLoop.grabber(cameraId), null);
        const count = (await results()).total;
        const resumedAt = sse.messages.items.length;
        assert.equal((await pause(true)).statusCode, 200);
        await detections(1, resumedAt);
        assert.ok((await results()).total > count, 'results again');
        assert.equal((await status()).state, 'running');
      },
    );

    it('disabling the model stops its work and its frame grabber', async () => {
      const patched = await t.request({
        method: 'PATCH',
        url: `/api/v1/ai-models/${modelId}`,
        token: t.adminToken,
        payload: { enabled: false },
      });
      assert.equal(patched.statusCode, 200);
      await t.container.detectionLoop.settled();
      assert.equal(t.container.detectionLoop.grabber(cameraId), null);
      assert.equal((await status()).state, 'idle');
    });

    it("an adapter's hardware verdict, asked of the adapter (superuser)", async () => {
      const user = await t.createUser(`hwuser_${dialect}`);
      const hardware = (name: string, token?: string) =>
        t.request({ method: 'GET', url: `/api/v1/adapters/${name}/hardware`, ...(token ? { token } : {}) });
      assert.equal((await hardware('adapter-1')).statusCode, 401);
      assert.equal((await hardware('adapter-1', user.token)).statusCode, 403);
      assert.equal((await hardware('nobody', t.adminToken)).statusCode, 404);
      const answer = await hardware('adapter-1', t.adminToken);
      assert.equal(answer.statusCode, 200, answer.body);
      const body = answer.json();
      assert.ok(['ok', 'warn', 'blocked'].includes(body.verdict), answer.body);
      assert.notEqual(body.reasoning, '');
      assert.equal(typeof body.details.cpu_cores, 'number');
    });

    it('try-it: one inference of the (stopped) model on the picture now, answered with it and stored nowhere', async () => {
      const owner = await t.createUser(`tryowner_${dialect}`);
      const viewer = await t.createUser(`tryviewer_${dialect}`);
      await grant(t, cameraId, viewer.id, { can_view: true });
      const tryIt = (token: string | undefined, id = modelId, payload: Record<string, unknown> = {}) =>
        t.request({
          method: 'POST',
          url: `/api/v1/ai-models/${id}/try`,
          payload,
          ...(token ? { token } : {}),
        });
      assert.equal((await tryIt(undefined)).statusCode, 401);
      assert.equal((await tryIt(owner.token)).statusCode, 404); // a camera the user cannot see
      assert.equal((await tryIt(viewer.token)).statusCode, 403); // view right only: a try costs adapter time
      assert.equal((await tryIt(t.adminToken, 999_999)).statusCode, 404);
      assert.equal((await tryIt(t.adminToken, modelId, { camera_id: 999_999 })).statusCode, 404);

      const before = (await results()).total;
      const answer = await tryIt(t.adminToken);
      assert.equal(answer.statusCode, 200, answer.body);
      const body = answer.json();
      assert.equal(body.task, 'person_counting');
      assert.equal(body.camera_id, cameraId);
      assert.ok(body.count >= 1, answer.body.slice(0, 300));
      assert.ok(body.detections.length >= 1);
      assert.deepEqual(body.frame, { width: 768, height: 576 });
      assert.match(body.image, /^data:image\/jpeg;base64,\/9j\//);
      assert.equal((await results()).total, before);
    });
  });
}
