// AI model records and detection results through the API: SEED.md fields and defaults, API.md §8 validation,
// camera rights (401/403/404), audit, filters, and what a camera hard delete does to them.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';
import { serve } from './helpers/net-servers.js';

for (const dialect of testDialects()) {
  describe(`AI models and detection results on ${dialect}`, () => {
    let t: TestApp;
    // No adapter is listening here: the loop must stay calm about it.
    before(async () => {
      t = await createTestApp({
        dialect,
        env: { ADAPTER_URLS: 'http://127.0.0.1:9', ADAPTER_TIMEOUT_SECONDS: '1' },
      });
    });
    after(async () => t.close());

    const post = (url: string, payload: unknown, token = t.adminToken) =>
      t.request({ method: 'POST', url, token, payload: payload as object });
    const get = (url: string, token = t.adminToken) => t.request({ method: 'GET', url, token });

    it('create applies SEED.md defaults; get, list with filters, partial update, delete (audited)', async () => {
      const camera = await createCamera(t, t.adminToken);
      const created = await post('/api/v1/ai-models', {
        name: 'Door people',
        model_name: 'centernet',
        task: 'person_counting',
        assigned_camera_id: camera.id,
      });
      assert.equal(created.statusCode, 201, created.body);
      const model = created.json();
      assert.equal(model.enabled, true);
      assert.equal(model.source_type, 'live');
      assert.equal(model.inference_interval, 2);
      assert.equal(model.config, null);
      assert.equal(model.recording_path, null);
      assert.equal(model.updated_at, null);
      assert.match(model.created_at, /Z$/);

      const disabled = await post('/api/v1/ai-models', {
        name: 'Faces',
        model_name: 'ssd',
        task: 'face_detection',
        enabled: false,
        inference_interval: 5,
      });
      assert.equal(disabled.statusCode, 201, disabled.body);

      assert.deepEqual((await get(`/api/v1/ai-models/${model.id}`)).json(), model);
      const byTask = (await get('/api/v1/ai-models?task=face_detection')).json();
      assert.deepEqual(
        byTask.models.map((m: any) => m.id),
        [disabled.json().id],
      );
      const enabled = (await get(`/api/v1/ai-models?enabled=true&camera_id=${camera.id}`)).json();
      assert.deepEqual(
        enabled.models.map((m: any) => m.id),
        [model.id],
      );
      assert.equal(enabled.total, 1);

      const patched = await t.request({
        method: 'PATCH',
        url: `/api/v1/ai-models/${model.id}`,
        token: t.adminToken,
        payload: { inference_interval: 7, config: '{"alert":{"min_count":2}}' },
      });
      assert.equal(patched.statusCode, 200, patched.body);
      assert.equal(patched.json().inference_interval, 7);
      assert.equal(patched.json().name, 'Door people');
      assert.ok(patched.json().updated_at);
      const put = await t.request({
        method: 'PUT',
        url: `/api/v1/ai-models/${model.id}`,
        token: t.adminToken,
        payload: { config: null },
      });
      assert.equal(put.json().config, null);
      assert.equal(put.json().inference_interval, 7);

      const status = await get(`/api/v1/ai-models/${model.id}/status`);
      assert.equal(status.statusCode, 200);
      assert.deepEqual(Object.keys(status.json()).sort(), [
        'failures',
        'last_error',
        'last_run_at',
        'progress',
        'runs',
        'state',
        'waiting_for_motion',
      ]);
      assert.equal((await get(`/api/v1/ai-models/${disabled.json().id}/status`)).json().state, 'idle');

      const removed = await t.request({
        method: 'DELETE',
        url: `/api/v1/ai-models/${model.id}`,
        token: t.adminToken,
      });
      assert.equal(removed.statusCode, 204);
      assert.equal((await get(`/api/v1/ai-models/${model.id}`)).statusCode, 404);
      const audit = (await get(`/api/v1/audit-logs?entity_type=ai_model&entity_id=${model.id}`)).json();
      assert.deepEqual(audit.logs.map((l: any) => l.action).sort(), [
        'ai_model.create',
        'ai_model.delete',
        'ai_model.update',
        'ai_model.update',
      ]);
    });

    it('validation: live without camera, bad JSON config, interval 0, unknown fields, enums → 422 naming the field', async () => {
      const camera = await createCamera(t, t.adminToken);
      const base = { name: 'm', model_name: 'x', task: 'person_counting' };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base }, 'assigned_camera_id'],
        [{ ...base, assigned_camera_id: camera.id, config: '{not json' }, 'config'],
        [{ ...base, assigned_camera_id: camera.id, config: '[1,2]' }, 'config'],
        [{ ...base, assigned_camera_id: camera.id, config: '{"alert":{"severity":"loud"}}' }, 'config'],
        [{ ...base, assigned_camera_id: camera.id, config: '{"colour":"red"}' }, 'config'],
        [{ ...base, assigned_camera_id: camera.id, inference_interval: 0 }, 'inference_interval'],
        [{ ...base, assigned_camera_id: camera.id, source_type: 'stream' }, 'source_type'],
        [{ ...base, assigned_camera_id: camera.id, colour: 'red' }, 'colour'],
        [{ ...base, assigned_camera_id: camera.id, recording_path: 'cam-1' }, 'recording_path'],
        [{ ...base, source_type: 'recording', recording_path: '../../etc' }, 'recording_path'],
        [{ ...base, source_type: 'recording' }, 'recording_path'],
        [{ model_name: 'x', task: 'person_counting', enabled: false }, 'name'],
      ];
      for (const [payload, field] of cases) {
        const response = await post('/api/v1/ai-models', payload);
        assert.equal(response.statusCode, 422, `${JSON.stringify(payload)}: ${response.body}`);
        const locs = response.json().detail.map((d: any) => d.loc.at(-1));
        assert.ok(locs.includes(field), `${JSON.stringify(payload)} → ${response.body}`);
      }
      // A disabled live model may wait for its camera.
      assert.equal((await post('/api/v1/ai-models', { ...base, enabled: false })).statusCode, 201);

      // The same rules on update, checked against the merged record; nothing changes on failure.
      const model = (await post('/api/v1/ai-models', { ...base, assigned_camera_id: camera.id })).json();
      for (const [payload, field] of [
        [{ assigned_camera_id: null }, 'assigned_camera_id'],
        [{ inference_interval: 0 }, 'inference_interval'],
        [{ config: 'nope' }, 'config'],
        [{ name: null }, 'name'],
      ] as const) {
        const response = await t.request({
          method: 'PATCH',
          url: `/api/v1/ai-models/${model.id}`,
          token: t.adminToken,
          payload,
        });
        assert.equal(response.statusCode, 422, response.body);
        assert.ok(
          response.json().detail.some((d: any) => d.loc.at(-1) === field),
          response.body,
        );
      }
      assert.deepEqual((await get(`/api/v1/ai-models/${model.id}`)).json(), model);
    });

    it('rights: 401 without token; models follow their camera (404 unseen, 403 view-only); unassigned = superuser', async () => {
      const owner = await t.createUser(`owner_${dialect}`);
      const viewer = await t.createUser(`viewer_${dialect}`);
      const stranger = await t.createUser(`stranger_${dialect}`);
      const camera = await createCamera(t, owner.token);
      await grant(t, camera.id, viewer.id, { can_view: true });
      const body = { name: 'm', model_name: 'x', task: 'person_counting', assigned_camera_id: camera.id };

      assert.equal((await t.request({ method: 'GET', url: '/api/v1/ai-models' })).statusCode, 401);
      assert.equal(
        (await t.request({ method: 'POST', url: '/api/v1/ai-models', payload: body })).statusCode,
        401,
      );
      assert.equal((await post('/api/v1/ai-models', body, stranger.token)).statusCode, 404);
      assert.equal((await post('/api/v1/ai-models', body, viewer.token)).statusCode, 403);
      const created = await post('/api/v1/ai-models', body, owner.token);
      assert.equal(created.statusCode, 201, created.body);
      const id = created.json().id;

      assert.equal((await get(`/api/v1/ai-models/${id}`, viewer.token)).statusCode, 200);
      assert.equal((await get(`/api/v1/ai-models/${id}/status`, viewer.token)).statusCode, 200);
      assert.equal((await get(`/api/v1/ai-models/${id}`, stranger.token)).statusCode, 404);
      assert.equal((await get(`/api/v1/ai-models/${id}/status`, stranger.token)).statusCode, 404);
      assert.equal((await get('/api/v1/ai-models', stranger.token)).json().total, 0);
      assert.equal((await get(`/api/v1/ai-models?camera_id=${camera.id}`, stranger.token)).statusCode, 404);
      const patch = (token: string) =>
        t.request({ method: 'PATCH', url: `/api/v1/ai-models/${id}`, token, payload: { name: 'n' } });
      assert.equal((await patch(viewer.token)).statusCode, 403);
      assert.equal((await patch(stranger.token)).statusCode, 404);
      assert.equal((await patch(owner.token)).statusCode, 200);
      const del = (token: string) => t.request({ method: 'DELETE', url: `/api/v1/ai-models/${id}`, token });
      assert.equal((await del(viewer.token)).statusCode, 403);

      const unassigned = { name: 'u', model_name: 'x', task: 'scene_description', enabled: false };
      assert.equal((await post('/api/v1/ai-models', unassigned, owner.token)).statusCode, 403);
      const system = await post('/api/v1/ai-models', unassigned);
      assert.equal(system.statusCode, 201);
      assert.equal((await get(`/api/v1/ai-models/${system.json().id}`, owner.token)).statusCode, 404);
      // Moving a model to a camera the caller cannot manage is refused.
      const other = await createCamera(t, t.adminToken);
      const move = await t.request({
        method: 'PATCH',
        url: `/api/v1/ai-models/${id}`,
        token: owner.token,
        payload: { assigned_camera_id: other.id },
      });
      assert.equal(move.statusCode, 404);
    });

    it('detection results: create (404 unknown model/camera), list filters newest first, get, delete, rights', async () => {
      const owner = await t.createUser(`rowner_${dialect}`);
      const viewer = await t.createUser(`rviewer_${dialect}`);
      const camera = await createCamera(t, owner.token);
      const otherCamera = await createCamera(t, t.adminToken);
      await grant(t, camera.id, viewer.id, { can_view: true });
      const model = (
        await post(
          '/api/v1/ai-models',
          { name: 'people', model_name: 'centernet', task: 'person_counting', assigned_camera_id: camera.id },
          owner.token,
        )
      ).json();

      const create = (payload: Record<string, unknown>, token = owner.token) =>
        post(
          '/api/v1/ai-detection-results',
          { model_id: model.id, task: 'person_counting', ...payload },
          token,
        );
      const first = await create({
        camera_id: camera.id,
        count: 3,
        confidence: 0.61,
        label: 'person',
        bbox_x: 10,
        bbox_y: 20,
        bbox_width: 30,
        bbox_height: 40,
        latency_ms: 212,
        executed_at: '2026-01-01T10:00:00Z',
      });
      assert.equal(first.statusCode, 201, first.body);
      assert.equal(first.json().model_name, 'centernet');
      assert.equal(first.json().confidence, 0.61);
      assert.equal(first.json().executed_at, '2026-01-01T10:00:00.000Z');
      const second = await create({ camera_id: camera.id, count: 0, executed_at: '2026-01-01T11:00:00Z' });
      assert.equal(second.statusCode, 201);
      const caption = await create({
        camera_id: camera.id,
        task: 'scene_description',
        caption: 'Two people walk past a parked car.',
      });
      assert.equal(caption.statusCode, 201);

      assert.equal((await create({ model_id: 999_999 })).statusCode, 404);
      assert.equal((await create({ camera_id: 999_999 })).statusCode, 404);
      assert.equal((await create({ camera_id: otherCamera.id })).statusCode, 404);
      assert.equal((await create({ camera_id: camera.id }, viewer.token)).statusCode, 403);
      assert.equal((await create({ confidence: 1.5 })).statusCode, 422);
      assert.equal((await create({ count: -1 })).statusCode, 422);
      assert.equal((await create({ executed_at: 'yesterday' })).statusCode, 422);

      const list = (query: string, token = viewer.token) =>
        get(`/api/v1/ai-detection-results${query}`, token).then((r) => r.json());
      const all = await list(`?model_id=${model.id}`);
      assert.equal(all.total, 3);
      // Newest first by when the detection happened.
      assert.deepEqual(
        all.results.map((r: any) => r.id),
        [caption.json().id, second.json().id, first.json().id],
      );
      assert.deepEqual(
        (await list(`?model_id=${model.id}&task=scene_description`)).results.map((r: any) => r.id),
        [caption.json().id],
      );
      const window = await list(
        `?camera_id=${camera.id}&since=2026-01-01T09:30:00Z&until=2026-01-01T10:30:00Z`,
      );
      assert.deepEqual(
        window.results.map((r: any) => r.id),
        [first.json().id],
      );
      assert.equal((await list(`?model_id=${model.id}&limit=1`)).results.length, 1);
      assert.equal((await list(`?model_id=${model.id}&limit=1`)).total, 3);
      const stranger = await t.createUser(`rstranger_${dialect}`);
      assert.equal((await list('', stranger.token)).total, 0);
      assert.equal(
        (await get(`/api/v1/ai-detection-results/${first.json().id}`, stranger.token)).statusCode,
        404,
      );
      assert.equal(
        (await get(`/api/v1/ai-detection-results/${first.json().id}`, viewer.token)).statusCode,
        200,
      );
      assert.equal((await t.request({ method: 'GET', url: '/api/v1/ai-detection-results' })).statusCode, 401);

      const del = (id: number, token: string) =>
        t.request({ method: 'DELETE', url: `/api/v1/ai-detection-results/${id}`, token });
      assert.equal((await del(first.json().id, viewer.token)).statusCode, 403);
      assert.equal((await del(first.json().id, owner.token)).statusCode, 204);
      assert.equal((await del(first.json().id, owner.token)).statusCode, 404);

      // Deleting the model takes its results with it.
      await t.request({ method: 'DELETE', url: `/api/v1/ai-models/${model.id}`, token: owner.token });
      assert.equal((await get(`/api/v1/ai-detection-results/${second.json().id}`)).statusCode, 404);
    });

    it('adapters API: validation, a silent adapter times out, an unreachable configured one is unavailable', async () => {
      for (const payload of [
        { name: 'Bad Name', url: 'http://127.0.0.1:1' },
        { name: 'ok', url: 'ftp://127.0.0.1/' },
        { name: 'ok', url: 'http://127.0.0.1:1', extra: true },
      ]) {
        assert.equal((await post('/api/v1/adapters', payload)).statusCode, 422, JSON.stringify(payload));
      }
      assert.equal(
        (await post('/api/v1/adapters', { name: 'creds', url: 'http://u:p@127.0.0.1:1' })).statusCode,
        400,
      );
      // Accepts connections, never answers: the poll gives up after ADAPTER_TIMEOUT_SECONDS.
      const silent = await serve(createServer(() => undefined));
      try {
        const registered = await post('/api/v1/adapters', {
          name: 'silent',
          url: `http://127.0.0.1:${silent.port}`,
        });
        assert.equal(registered.statusCode, 201, registered.body);
        assert.equal(registered.json().status, 'unknown');
        assert.match(registered.json().last_error, /no answer within 1000 ms/);
        assert.equal(registered.json().consecutive_failures, 1);
      } finally {
        await silent.stop();
      }
      const caps = (await get('/api/v1/capabilities')).json();
      assert.equal(caps.orchestrator.adapters_total, 2);
      assert.equal(caps.orchestrator.adapters_available, 0);
      assert.deepEqual(caps.orchestrator.tasks, []);
      assert.equal(caps.orchestrator.poll_interval_seconds, 30);
      assert.equal(caps.adapters['adapter-1'].url, 'http://127.0.0.1:9');
      assert.ok(caps.adapters['adapter-1'].last_error);
      assert.equal(caps.adapters.silent.card, null);
      const audit = (await get('/api/v1/audit-logs?action=adapter.create')).json();
      assert.equal(audit.total, 1);
      assert.equal(
        (await t.request({ method: 'DELETE', url: '/api/v1/adapters/silent', token: t.adminToken }))
          .statusCode,
        204,
      );
      assert.equal(
        (await t.request({ method: 'DELETE', url: '/api/v1/adapters/silent', token: t.adminToken }))
          .statusCode,
        404,
      );
    });

    it('camera hard delete: its results go, its models stay unassigned', async () => {
      const camera = await createCamera(t, t.adminToken);
      const model = (
        await post('/api/v1/ai-models', {
          name: 'gone',
          model_name: 'x',
          task: 'person_counting',
          enabled: false,
          assigned_camera_id: camera.id,
        })
      ).json();
      const result = (
        await post('/api/v1/ai-detection-results', {
          model_id: model.id,
          task: 'person_counting',
          camera_id: camera.id,
          count: 1,
        })
      ).json();
      await t.request({ method: 'DELETE', url: `/api/v1/cameras/${camera.id}`, token: t.adminToken });
      const hard = await post(`/api/v1/cameras/${camera.id}/hard-delete`, {
        confirmation_phrase: `hard delete ${camera.name} and it's recording`,
      });
      assert.equal(hard.statusCode, 200, hard.body);
      assert.equal((await get(`/api/v1/ai-detection-results/${result.id}`)).statusCode, 404);
      const after = await get(`/api/v1/ai-models/${model.id}`);
      assert.equal(after.statusCode, 200);
      assert.equal(after.json().assigned_camera_id, null);
    });
  });
}
