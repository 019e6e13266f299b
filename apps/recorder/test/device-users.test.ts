import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { startOnvifSimulator } from './helpers/onvif-simulator.js';

describe('camera device users over ONVIF', () => {
  let t: TestApp;
  let device: Awaited<ReturnType<typeof startOnvifSimulator>>;
  let onvifPort: string;
  const DEVICE_PASSWORD = 'device-admin-pw';

  before(async () => {
    t = await createTestApp({ overrides: { onvifTimeoutMs: 2000 } });
    device = await startOnvifSimulator({ username: 'admin', password: DEVICE_PASSWORD });
    onvifPort = new URL(device.url).port;
  });
  after(async () => {
    await device.close();
    await t.close();
  });

  const api = (method: 'GET' | 'POST' | 'DELETE', cameraId: number, path = '', payload?: object) =>
    t.request({
      method,
      url: `/api/v1/cameras/${cameraId}/device-users${path}?onvif_port=${onvifPort}`,
      token: t.adminToken,
      ...(payload ? { payload } : {}),
    });

  it('creates, lists and deletes accounts on the camera with its stored credentials', async () => {
    const camera = await createCamera(t, t.adminToken, {
      ip_address: '127.0.0.1',
      username: 'admin',
      password: DEVICE_PASSWORD,
    });
    const newPassword = 'operator-secret-9';
    const created = await api('POST', camera.id, '', { username: 'night_guard', password: newPassword });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual(created.json(), { username: 'night_guard', level: 'Operator' });
    assert.deepEqual(
      device.users().map((u) => [u.username, u.level]),
      [
        ['admin', 'Administrator'],
        ['night_guard', 'Operator'],
      ],
    );
    assert.equal(device.users()[1]!.password, newPassword, 'the device got the password');

    const listed = await api('GET', camera.id);
    assert.deepEqual(listed.json(), [
      { username: 'admin', level: 'Administrator' },
      { username: 'night_guard', level: 'Operator' },
    ]);
    assert.equal((await api('DELETE', camera.id, '/night_guard')).statusCode, 204);
    assert.deepEqual(
      device.users().map((u) => u.username),
      ['admin'],
    );

    const audit = (
      await t.request({ method: 'GET', url: '/api/v1/audit-logs?limit=500', token: t.adminToken })
    ).body;
    assert.ok(audit.includes('camera.device_user_create'));
    for (const text of [audit, created.body, listed.body, t.logs()]) assert.ok(!text.includes(newPassword));
  });

  it('refuses to delete the account the recorder itself uses', async () => {
    const camera = await createCamera(t, t.adminToken, {
      ip_address: '127.0.0.1',
      username: 'admin',
      password: DEVICE_PASSWORD,
    });
    const response = await api('DELETE', camera.id, '/admin');
    assert.equal(response.statusCode, 400);
    assert.ok(device.users().some((u) => u.username === 'admin'));
  });

  it('a wrong camera password is a 502 carrying the device’s reason; so is a fault', async () => {
    const wrong = await createCamera(t, t.adminToken, {
      ip_address: '127.0.0.1',
      username: 'admin',
      password: 'not-it',
    });
    const denied = await api('GET', wrong.id);
    assert.equal(denied.statusCode, 502);
    assert.equal(denied.json().detail.code, 'device_auth');
    assert.match(denied.json().detail.message, /not authorized/i);

    const right = await createCamera(t, t.adminToken, {
      ip_address: '127.0.0.1',
      username: 'admin',
      password: DEVICE_PASSWORD,
    });
    await api('POST', right.id, '', { username: 'twice', password: 'pw-twice-1' });
    const clash = await api('POST', right.id, '', { username: 'twice', password: 'pw-twice-1' });
    assert.equal(clash.statusCode, 502);
    assert.equal(clash.json().detail.code, 'device_fault');
    assert.ok(clash.json().detail.message.length > 0);
  });

  it('an unreachable device is a 502; a camera without credentials is a 400; bad levels are 422', async () => {
    const camera = await createCamera(t, t.adminToken, {
      ip_address: '127.0.0.1',
      username: 'admin',
      password: 'x',
    });
    const unreachable = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/device-users?onvif_port=1`,
      token: t.adminToken,
    });
    assert.equal(unreachable.statusCode, 502);
    assert.equal(unreachable.json().detail.code, 'device_unreachable');
    const bare = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1' });
    assert.equal((await api('GET', bare.id)).statusCode, 400);
    const level = await api('POST', camera.id, '', { username: 'x', password: 'y', level: 'Root' });
    assert.equal(level.statusCode, 422);
    assert.deepEqual(level.json().detail[0].loc, ['body', 'level']);
  });

  it('follows the camera host rules of its owner: a loopback device of an owner no longer superuser is not reached', async () => {
    // Only a superuser may point a camera at this machine. Once its owner is a plain user, the recorder no
    // longer connects there for that camera (as its pipelines do), whoever asks.
    const owner = await t.createUser('device_owner', { superuser: true });
    const camera = await createCamera(t, owner.token, {
      ip_address: '127.0.0.1',
      username: 'admin',
      password: DEVICE_PASSWORD,
    });
    assert.equal((await api('GET', camera.id)).statusCode, 200);
    const demoted = await t.request({
      method: 'PUT',
      url: `/api/v1/users/${owner.id}`,
      token: t.adminToken,
      payload: { is_superuser: false },
    });
    assert.equal(demoted.statusCode, 200, demoted.body);
    const before = device.requests().length;
    const refused = await api('GET', camera.id);
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(refused.json().detail.code, 'superuser_required');
    assert.match(refused.json().detail.message, /127\.0\.0\.1 is a loopback address/);
    assert.equal(device.requests().length, before, 'nothing reached the device');
  });
});
