// API.md §1 "Secrets": a camera's password, and credentials embedded in its stream URLs, are accepted on write
// and never returned (responses carry `password_set`) and never logged. Every camera response body of the API
// is checked, plus the server log.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const HOST = '127.0.7.7';
const PASSWORD = 'S3cret-Pa55';
const URL_PASSWORD = 'Url-Pa55';
const SUB_PASSWORD = 'Sub-Pa55-Other';
const PATCHED_PASSWORD = 'Patched-Pa55-2';
const PUT_URL_PASSWORD = 'Put-Url-Pa55-3';

const CAMERA = {
  name: 'Secret yard',
  ip_address: HOST,
  password: PASSWORD,
  rtsp_url: `rtsp://u:${URL_PASSWORD}@${HOST}:554/x`,
  substream_url: `rtsp://subuser:${SUB_PASSWORD}@${HOST}:554/y`,
};

/** Every password in play, as sent and URL-encoded, and the userinfo parts of the URLs. */
const FORBIDDEN = [
  ...[PASSWORD, URL_PASSWORD, SUB_PASSWORD, PATCHED_PASSWORD, PUT_URL_PASSWORD].flatMap((secret) => [
    secret,
    encodeURIComponent(secret),
  ]),
  `u:${URL_PASSWORD}@`,
  `subuser:${SUB_PASSWORD}@`,
  `u:${PUT_URL_PASSWORD}@`,
];

for (const dialect of testDialects()) {
  describe(`camera secrets never leave the recorder (${dialect})`, () => {
    let t: TestApp;
    let viewer: { id: number; token: string };
    const probed: string[] = [];

    before(async () => {
      t = await createTestApp({
        dialect,
        overrides: {
          tlsProber: async (host, port) => {
            probed.push(`${host}:${port}`);
            return 'not_supported';
          },
        },
      });
      viewer = await t.createUser('secret_viewer');
    });
    after(() => t.close());

    const api = (method: Method, url: string, payload?: object, token = t.adminToken) =>
      t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });

    /** Asserts the status and that no secret is anywhere in the body (or headers); returns the body. */
    function clean(response: LightMyRequestResponse, status: number, what: string) {
      assert.equal(response.statusCode, status, `${what}: ${response.body}`);
      const text = `${JSON.stringify(response.headers)}\n${response.body}`;
      for (const secret of FORBIDDEN)
        assert.ok(!text.includes(secret), `${what} carries "${secret}": ${text}`);
      return response.json();
    }

    /** A CameraResponse: no password field, `password_set: true`, credential-free URLs. */
    function cameraResponse(camera: Record<string, unknown>, what: string) {
      assert.equal(camera.password_set, true, `${what}: password_set`);
      assert.equal('password' in camera, false, `${what}: a password field`);
      assert.equal('password_sealed' in camera, false, `${what}: the sealed password`);
    }

    it('create, get, list, update, duplicate guard, bin, bin list, restore: no secret in any body', async () => {
      const created = clean(await api('POST', '/cameras', CAMERA), 201, 'create');
      cameraResponse(created, 'create');
      assert.equal(created.rtsp_url, `rtsp://${HOST}:554/x`);
      assert.equal(created.substream_url, `rtsp://${HOST}:554/y`);
      assert.equal(created.username, 'u');
      // The stored password is the explicit one, and the camera really holds it: the checks below mean something.
      assert.equal((await t.container.cameras.credentials(created.id)).password, PASSWORD);
      const id: number = created.id;

      cameraResponse(clean(await api('GET', `/cameras/${id}`), 200, 'get'), 'get');
      const list = clean(await api('GET', '/cameras?limit=500'), 200, 'list');
      const listed = list.cameras.find((c: { id: number }) => c.id === id);
      assert.ok(listed, 'the camera is listed');
      cameraResponse(listed, 'list');
      const searched = clean(await api('GET', '/cameras?q=secret'), 200, 'list ?q=');
      assert.equal(searched.total, 1);
      cameraResponse(searched.cameras[0], 'list ?q=');

      cameraResponse(clean(await api('PUT', `/cameras/${id}`, { location: 'Yard' }), 200, 'PUT'), 'PUT');
      cameraResponse(
        clean(await api('PATCH', `/cameras/${id}`, { description: 'gate' }), 200, 'PATCH'),
        'PATCH',
      );
      const patched = clean(
        await api('PATCH', `/cameras/${id}`, { password: PATCHED_PASSWORD }),
        200,
        'PATCH password',
      );
      cameraResponse(patched, 'PATCH password');
      assert.equal((await t.container.cameras.credentials(id)).password, PATCHED_PASSWORD);
      const blank = clean(
        await api('PATCH', `/cameras/${id}`, { password: '' }),
        200,
        'PATCH blank password',
      );
      cameraResponse(blank, 'PATCH blank password');
      const put = clean(
        await api('PUT', `/cameras/${id}`, { rtsp_url: `rtsp://u:${PUT_URL_PASSWORD}@${HOST}:554/x` }),
        200,
        'PUT rtsp_url with credentials',
      );
      cameraResponse(put, 'PUT rtsp_url with credentials');
      assert.equal(put.rtsp_url, `rtsp://${HOST}:554/x`);
      assert.equal((await t.container.cameras.credentials(id)).password, PUT_URL_PASSWORD);

      // The same stream again, without force: the duplicate guard answers with the camera it collides with.
      const duplicate = clean(await api('POST', '/cameras', CAMERA), 409, 'duplicate guard');
      assert.equal(duplicate.detail.code, 'duplicate_camera');
      assert.deepEqual(
        duplicate.detail.duplicates.map((d: { id: number }) => d.id),
        [id],
      );

      const binned = clean(await api('DELETE', `/cameras/${id}`), 200, 'bin');
      assert.equal(binned.id, id);
      const bin = clean(await api('GET', '/cameras/deleted'), 200, 'bin list');
      assert.ok(
        bin.cameras.some((c: { id: number }) => c.id === id),
        JSON.stringify(bin),
      );
      const restored = clean(await api('POST', `/cameras/${id}/restore`), 200, 'restore');
      cameraResponse(restored, 'restore');

      // A second camera on the same stream (forced), then restoring the first into the guard: 409 again.
      const twin = clean(await api('POST', '/cameras?force=true', CAMERA), 201, 'forced create');
      cameraResponse(twin, 'forced create');
      clean(await api('DELETE', `/cameras/${id}`), 200, 'bin again');
      const guarded = clean(
        await api('POST', `/cameras/${id}/restore`),
        409,
        'restore into the duplicate guard',
      );
      assert.equal(guarded.detail.code, 'duplicate_camera');
    });

    it('permissions, config, probe and skills responses carry no secret', async () => {
      const camera = clean(await api('POST', '/cameras?force=true', CAMERA), 201, 'create');
      cameraResponse(camera, 'create');
      await t.container.cameraConfig.idle();
      await grant(t, camera.id, viewer.id, { can_view: true });

      const permissions = clean(await api('GET', `/cameras/${camera.id}/permissions`), 200, 'permissions');
      assert.equal(permissions.length, 2);
      clean(
        await api('POST', `/cameras/${camera.id}/permissions`, { user_id: viewer.id, can_view: true }),
        200,
        'grant',
      );
      const config = clean(await api('GET', `/camera-config/${camera.id}`), 200, 'config');
      assert.equal(config.camera_id, camera.id);
      clean(await api('GET', `/cameras/${camera.id}/config`), 200, 'config alias');
      clean(
        await api('PATCH', `/camera-config/${camera.id}`, { recording_segment_seconds: 30 }),
        200,
        'config update',
      );
      const before = probed.length;
      const probe = clean(await api('POST', `/cameras/${camera.id}/transport-security/probe`), 200, 'probe');
      assert.equal(probe.transport_security_probe_result, 'not_supported');
      assert.deepEqual(probed.slice(before), [`${HOST}:322`]);
      clean(
        await api('PUT', `/cameras/${camera.id}/transport-security`, { policy: 'rtsps_required' }),
        200,
        'transport security',
      );
      clean(
        await api('PUT', `/skills/person_counting/cameras/${camera.id}`, { consumer: 'secret-test' }),
        200,
        'declare skill',
      );
      const skills = clean(await api('GET', '/skills'), 200, 'skills');
      const counting = skills.skills.find((s: { skill: string }) => s.skill === 'person_counting');
      assert.ok(
        counting?.cameras.some((c: { camera_id: number }) => c.camera_id === camera.id),
        JSON.stringify(skills),
      );
      clean(await api('GET', '/skills', undefined, viewer.token), 200, 'skills as a viewer');
      cameraResponse(
        clean(await api('GET', `/cameras/${camera.id}`, undefined, viewer.token), 200, 'get as a viewer'),
        'get as a viewer',
      );
    });

    it('the server log carries none of it', async () => {
      // Everything above ran in this app; add a camera with the secrets once more so this test stands alone.
      await createCamera(t, t.adminToken, CAMERA);
      await t.container.cameraConfig.idle();
      const log = t.logs();
      assert.ok(log.includes('request completed'), 'the log is being captured');
      for (const secret of FORBIDDEN) assert.ok(!log.includes(secret), `the log carries "${secret}"`);
    });
  });
}
