// Issue #15 item 10: an AI model reads only footage its owner may view. A custom recording_path is for
// superusers; results belong to the camera that recorded the footage; a right lost after the model was set up
// stops the analysis of that camera's footage at the next chunk. Real adapter process, real chunk files.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  peopleClip,
  startAdapterProcess,
  type AdapterProcess,
  recorderEnvFor,
} from './helpers/adapter-process.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';

const work = mkdtempSync(join(tmpdir(), 'nvr-ai-footage-'));
const framesDir = join(work, 'frames');
const clip = join(work, 'clip.mp4');
let adapter: AdapterProcess;

before(async () => {
  peopleClip(clip, 4);
  adapter = await startAdapterProcess({ framesDir });
});
after(async () => {
  await adapter.close();
  rmSync(work, { recursive: true, force: true });
});

for (const dialect of testDialects()) {
  describe(`AI models and other users' footage on ${dialect}`, () => {
    let t: TestApp;
    let user: { id: number; token: string };
    let userCamera: Record<string, any>;
    let adminCamera: Record<string, any>;
    let chunkTime = Date.parse('2026-02-01T08:00:00Z');

    before(async () => {
      t = await createTestApp({
        dialect,
        env: {
          ...recorderEnvFor(adapter),
        },
        overrides: { recordingRescanMs: 300 },
      });
      user = await t.createUser(`footage_${dialect}`);
      userCamera = await createCamera(t, user.token);
      adminCamera = await createCamera(t, t.adminToken, { name: 'private admin camera' });
    });
    after(async () => t.close());

    const request = (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      token: string,
      payload?: object,
    ) => t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });
    const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) => {
      const response = await request(method, url, token, payload);
      assert.ok(response.statusCode < 300, `${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    /** A closed chunk of the people clip in a camera's directory, one minute after the previous one. */
    const chunk = (cameraId: number) => {
      const dir = join(t.config.recordingsDir, `cam-${cameraId}`, '2026', '02', '01');
      mkdirSync(dir, { recursive: true });
      chunkTime += 60_000;
      writeFileSync(join(dir, `${chunkTime}.mp4`), readFileSync(clip));
    };
    const recordingModel = (fields: Record<string, unknown>) => ({
      name: 'Footage people',
      model_name: 'centernet',
      task: 'person_counting',
      source_type: 'recording',
      inference_interval: 2,
      ...fields,
    });
    const status = (id: number) => ok('GET', `/ai-models/${id}/status`, t.adminToken);
    const results = (query: string, token = t.adminToken) =>
      ok('GET', `/ai-detection-results?limit=500&${query}`, token);
    /** The first scan that refused footage (state error, the reason in last_error). */
    const refused = (id: number, what: string) =>
      eventually(
        async () => {
          const s = await status(id);
          return s.state === 'error' && s.progress?.completed ? s : undefined;
        },
        { timeoutMs: 30_000, what },
      );

    it('a plain user may not point a model at footage by path (403 naming recording_path)', async () => {
      chunk(adminCamera.id);
      for (const recording_path of [
        `cam-${adminCamera.id}`,
        join(t.config.recordingsDir, `cam-${adminCamera.id}`),
      ]) {
        const created = await request(
          'POST',
          '/ai-models',
          user.token,
          recordingModel({ assigned_camera_id: userCamera.id, recording_path }),
        );
        assert.equal(created.statusCode, 403, created.body);
        const detail = created.json().detail;
        assert.equal(detail.code, 'superuser_required');
        assert.deepEqual(detail.loc, ['body', 'recording_path']);
        assert.match(detail.message, /recording_path/);
      }
      // By camera is the way: a model of their own camera is fine, and it cannot be moved to a path later.
      const own = await ok(
        'POST',
        '/ai-models',
        user.token,
        recordingModel({ assigned_camera_id: userCamera.id, enabled: false }),
      );
      const moved = await request('PATCH', `/ai-models/${own.id}`, user.token, {
        recording_path: `cam-${adminCamera.id}`,
      });
      assert.equal(moved.statusCode, 403, moved.body);
      assert.deepEqual(moved.json().detail.loc, ['body', 'recording_path']);
      assert.equal((await ok('GET', `/ai-models/${own.id}`, user.token)).recording_path, null);
      // The admin's camera itself stays out of reach.
      const byCamera = await request(
        'POST',
        '/ai-models',
        user.token,
        recordingModel({ assigned_camera_id: adminCamera.id }),
      );
      assert.equal(byCamera.statusCode, 404, byCamera.body);
    });

    it("a superuser's custom path works; results belong to the camera that recorded the footage", async () => {
      const otherAdminCamera = await createCamera(t, t.adminToken);
      const model = await ok(
        'POST',
        '/ai-models',
        t.adminToken,
        recordingModel({ assigned_camera_id: otherAdminCamera.id, recording_path: `cam-${adminCamera.id}` }),
      );
      const done = await eventually(
        async () => {
          const s = await status(model.id);
          return s.progress?.completed && s.progress.files_done >= 1 ? s : undefined;
        },
        { timeoutMs: 60_000, what: 'the admin camera footage analysed' },
      );
      assert.equal(done.state, 'idle', JSON.stringify(done));
      const found = await results(`model_id=${model.id}`);
      assert.ok(found.total >= 1, JSON.stringify(found));
      assert.ok(
        found.results.every((r: any) => r.camera_id === adminCamera.id),
        JSON.stringify(found.results.map((r: any) => r.camera_id)),
      );
      await ok('PATCH', `/ai-models/${model.id}`, t.adminToken, { enabled: false });
    });

    it('footage of a camera the model owner cannot view is not analysed, and nothing of it is readable', async () => {
      // A superuser set the path up on the user's camera, but the user may not view the admin's camera.
      const model = await ok(
        'POST',
        '/ai-models',
        t.adminToken,
        recordingModel({ assigned_camera_id: userCamera.id, recording_path: `cam-${adminCamera.id}` }),
      );
      const s = await refused(model.id, 'the refusal');
      assert.match(s.last_error, new RegExp(`may not view camera ${adminCamera.id}`));
      assert.equal(s.progress.files_done, 0);
      assert.equal(s.runs, 0);
      assert.equal((await results(`model_id=${model.id}`)).total, 0);
      // The user sees their camera's model and its status, but no result of the admin's camera.
      assert.equal((await ok('GET', `/ai-models/${model.id}/status`, user.token)).state, 'error');
      assert.equal((await results(`model_id=${model.id}`, user.token)).total, 0);
      await ok('PATCH', `/ai-models/${model.id}`, t.adminToken, { enabled: false });
    });

    it('a revoked grant stops the analysis; the results of that camera are no longer readable', async () => {
      const shared = await createCamera(t, t.adminToken, { name: 'shared for a while' });
      await grant(t, shared.id, user.id, { can_view: true });
      chunk(shared.id);
      const model = await ok(
        'POST',
        '/ai-models',
        t.adminToken,
        recordingModel({ assigned_camera_id: userCamera.id, recording_path: `cam-${shared.id}` }),
      );
      const first = await eventually(
        async () => {
          const s = await status(model.id);
          return s.progress?.completed && s.progress.files_done === 1 ? s : undefined;
        },
        { timeoutMs: 60_000, what: 'the shared footage analysed' },
      );
      assert.equal(first.state, 'idle', JSON.stringify(first));
      const analysed = await results(`model_id=${model.id}`, user.token);
      assert.ok(analysed.total >= 1);
      assert.ok(analysed.results.every((r: any) => r.camera_id === shared.id));
      const one = analysed.results[0].id;
      assert.equal((await request('GET', `/ai-detection-results/${one}`, user.token)).statusCode, 200);

      const revoked = await request('DELETE', `/cameras/${shared.id}/permissions/${user.id}`, t.adminToken);
      assert.equal(revoked.statusCode, 204, revoked.body);
      chunk(shared.id);
      const s = await refused(model.id, 'the new chunk refused');
      assert.match(
        s.last_error,
        new RegExp(`1 chunk\\(s\\) not analysed: .*may not view camera ${shared.id}`),
      );
      assert.equal(s.progress.files_done, 1);
      assert.equal((await results(`model_id=${model.id}`)).total, analysed.total);
      // What was analysed while the grant held is the shared camera's: out of the user's reach now.
      assert.equal((await request('GET', `/ai-detection-results/${one}`, user.token)).statusCode, 404);
      assert.equal((await results(`model_id=${model.id}`, user.token)).total, 0);
      const byCamera = await request('GET', `/ai-detection-results?camera_id=${shared.id}`, user.token);
      assert.equal(byCamera.statusCode, 404, byCamera.body);
      const deleted = await request('DELETE', `/ai-detection-results/${one}`, user.token);
      assert.equal(deleted.statusCode, 404, deleted.body);

      // The right comes back: the chunk left unanalysed is taken up.
      await grant(t, shared.id, user.id, { can_view: true });
      const resumed = await eventually(
        async () => {
          const r = await status(model.id);
          return r.progress?.completed && r.progress.files_done === 2 && r.state === 'idle' ? r : undefined;
        },
        { timeoutMs: 60_000, what: 'the held-back chunk analysed' },
      );
      assert.equal(resumed.last_error, null);
    });
  });
}
