// Issue #36 item 3: pan/tilt/zoom over ONVIF. The simulated device records every PTZ command it accepted, so
// each test checks what actually reached the camera, not only what the API answered.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { auditRows, createCamera, grant } from './helpers/cameras.js';
import { startOnvifSimulator, type OnvifSimulator } from './helpers/onvif-simulator.js';

const DEVICE = { username: 'admin', password: 'device-admin-pw' };
const PROFILE = {
  token: 'main',
  name: 'Main',
  width: 1920,
  height: 1080,
  fps: 25,
  streamUri: 'rtsp://127.0.0.1:1/main',
};

type Json = Record<string, any>;

describe('PTZ over ONVIF', () => {
  let t: TestApp;
  let dome: OnvifSimulator;
  /** pan/tilt in a narrow, asymmetric range, no zoom */
  let narrow: OnvifSimulator;
  /** an ONVIF device without a PTZ service */
  let fixed: OnvifSimulator;
  const tokens = {} as Record<'viewer' | 'manager' | 'stranger', string>;
  const ids = {} as Record<'viewer' | 'manager' | 'stranger', number>;

  before(async () => {
    t = await createTestApp({ overrides: { onvifTimeoutMs: 2000 } });
    dome = await startOnvifSimulator({
      ...DEVICE,
      profiles: [PROFILE, { ...PROFILE, token: 'sub', name: 'Sub', width: 640, height: 360 }],
      ptz: { presets: [{ token: 'preset_1', name: 'Door' }], maxPresets: 3 },
    });
    narrow = await startOnvifSimulator({
      ...DEVICE,
      capabilities: false,
      profiles: [PROFILE],
      ptz: { panTilt: { x: [-0.5, 0.5], y: [-2, 1] }, zoom: null },
    });
    fixed = await startOnvifSimulator({ ...DEVICE, profiles: [PROFILE] });
    for (const role of ['viewer', 'manager', 'stranger'] as const) {
      const user = await t.createUser(`ptz_${role}`);
      tokens[role] = user.token;
      ids[role] = user.id;
    }
  });
  after(async () => {
    await Promise.all([dome.close(), narrow.close(), fixed.close()]);
    await t.close();
  });

  /** A camera of the superuser (the simulators listen on loopback) on this device, with its credentials. */
  const cameraOn = async (device: OnvifSimulator | null, extra: Json = {}) => {
    const camera = await createCamera(t, t.adminToken, {
      ...DEVICE,
      ...(device ? { onvif_xaddr: device.url } : {}),
      ...extra,
    });
    await grant(t, camera.id, ids.viewer, { can_view: true });
    await grant(t, camera.id, ids.manager, { can_view: false, can_manage: true });
    return camera;
  };
  const api = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    token: string | null = t.adminToken,
  ) =>
    t.request({
      method,
      url: `/api/v1${url}`,
      ...(token ? { token } : {}),
      ...(payload ? { payload } : {}),
    });
  const ptzCommandsSince = (device: OnvifSimulator, count: number) => device.ptzCommands().slice(count);

  it('reports what the device can do and its presets', async () => {
    const camera = await cameraOn(dome);
    assert.equal(camera.onvif_xaddr, dome.url);
    const state = await api('GET', `/cameras/${camera.id}/ptz`);
    assert.equal(state.statusCode, 200, state.body);
    assert.deepEqual(state.json(), {
      supported: true,
      reason: null,
      pan_tilt: true,
      zoom: true,
      max_presets: 3,
      presets: [{ token: 'preset_1', name: 'Door' }],
      can_control: true,
    });
    const viewer = await api('GET', `/cameras/${camera.id}/ptz`, undefined, tokens.viewer);
    assert.equal(viewer.statusCode, 200);
    assert.equal(viewer.json().can_control, false, 'the view right does not control');
    const presets = await api('GET', `/cameras/${camera.id}/ptz/presets`, undefined, tokens.viewer);
    assert.deepEqual(presets.json(), [{ token: 'preset_1', name: 'Door' }]);
  });

  it('moves and stops the camera: the device receives the speeds, the timeout and the stop', async () => {
    const camera = await cameraOn(dome);
    const before = dome.ptzCommands().length;
    const moved = await api('POST', `/cameras/${camera.id}/ptz/move`, {
      pan: 0.5,
      tilt: -0.25,
      timeout_ms: 1500,
    });
    assert.equal(moved.statusCode, 204, moved.body);
    const zoomed = await api('POST', `/cameras/${camera.id}/ptz/move`, { zoom: -1 });
    assert.equal(zoomed.statusCode, 204, zoomed.body);
    const stopped = await api('POST', `/cameras/${camera.id}/ptz/stop`);
    assert.equal(stopped.statusCode, 204, stopped.body);
    assert.deepEqual(ptzCommandsSince(dome, before), [
      { operation: 'ContinuousMove', profile: 'main', pan: 0.5, tilt: -0.25, timeout: 'PT1.5S' },
      { operation: 'ContinuousMove', profile: 'main', zoom: -1 },
      { operation: 'Stop', profile: 'main', stopPanTilt: true, stopZoom: true },
    ]);
  });

  it('scales speeds into the node’s own range; a camera without zoom refuses a zoom (GetServices only)', async () => {
    const camera = await cameraOn(narrow);
    const state = (await api('GET', `/cameras/${camera.id}/ptz`)).json();
    assert.deepEqual([state.supported, state.pan_tilt, state.zoom], [true, true, false]);
    assert.equal((await api('POST', `/cameras/${camera.id}/ptz/move`, { pan: 1, tilt: -1 })).statusCode, 204);
    assert.equal(
      (await api('POST', `/cameras/${camera.id}/ptz/move`, { pan: -1, tilt: 0.5 })).statusCode,
      204,
    );
    assert.deepEqual(
      narrow.ptzCommands().map((c) => [c.pan, c.tilt]),
      [
        [0.5, -2],
        [-0.5, 0.5],
      ],
    );
    const zoom = await api('POST', `/cameras/${camera.id}/ptz/move`, { zoom: 0.5 });
    assert.equal(zoom.statusCode, 422);
    assert.deepEqual(zoom.json().detail[0].loc, ['body', 'zoom']);
    assert.equal(narrow.ptzCommands().length, 2, 'nothing reached the device');
  });

  it('presets: save the position under a name, go to it, remove it', async () => {
    const camera = await cameraOn(dome);
    const before = dome.ptzCommands().length;
    const created = await api('POST', `/cameras/${camera.id}/ptz/presets`, { name: 'Gate <east>' });
    assert.equal(created.statusCode, 201, created.body);
    const { token } = created.json();
    assert.deepEqual(created.json(), { token, name: 'Gate <east>' });
    assert.ok(dome.presets().some((p) => p.token === token && p.name === 'Gate <east>'));
    const taken = await api('POST', `/cameras/${camera.id}/ptz/presets`, { name: 'Gate <east>' });
    assert.equal(taken.statusCode, 409, taken.body);

    assert.equal((await api('POST', `/cameras/${camera.id}/ptz/presets/${token}/goto`)).statusCode, 204);
    assert.equal((await api('DELETE', `/cameras/${camera.id}/ptz/presets/${token}`)).statusCode, 204);
    assert.ok(!dome.presets().some((p) => p.token === token));
    assert.deepEqual(ptzCommandsSince(dome, before), [
      { operation: 'SetPreset', profile: 'main', name: 'Gate <east>', preset: token },
      { operation: 'GotoPreset', profile: 'main', preset: token },
      { operation: 'RemovePreset', profile: 'main', preset: token },
    ]);
    const gone = await api('POST', `/cameras/${camera.id}/ptz/presets/${token}/goto`);
    assert.equal(gone.statusCode, 404, gone.body);
    assert.equal((await api('DELETE', `/cameras/${camera.id}/ptz/presets/${token}`)).statusCode, 404);
  });

  it('the manage right moves the camera, the view right does not; strangers see nothing; no token is 401', async () => {
    const camera = await cameraOn(dome);
    const id = camera.id;
    const before = dome.ptzCommands().length;
    const commands: [string, string, object?][] = [
      ['POST', `/cameras/${id}/ptz/move`, { pan: 1 }],
      ['POST', `/cameras/${id}/ptz/stop`],
      ['POST', `/cameras/${id}/ptz/presets`, { name: 'Viewer was here' }],
      ['POST', `/cameras/${id}/ptz/presets/preset_1/goto`],
      ['DELETE', `/cameras/${id}/ptz/presets/preset_1`],
    ];
    for (const [method, url, payload] of commands) {
      const as = (token: string | null) => api(method as 'POST', url, payload, token);
      assert.equal((await as(tokens.viewer)).statusCode, 403, `viewer ${method} ${url}`);
      assert.equal((await as(tokens.stranger)).statusCode, 404, `stranger ${method} ${url}`);
      assert.equal((await as(null)).statusCode, 401, `anonymous ${method} ${url}`);
    }
    for (const url of [`/cameras/${id}/ptz`, `/cameras/${id}/ptz/presets`]) {
      assert.equal((await api('GET', url, undefined, tokens.stranger)).statusCode, 404);
      assert.equal((await api('GET', url, undefined, null)).statusCode, 401);
    }
    assert.equal((await api('GET', '/cameras/999999/ptz')).statusCode, 404);
    assert.equal((await api('POST', '/cameras/999999/ptz/move', { pan: 1 })).statusCode, 404);
    assert.deepEqual(ptzCommandsSince(dome, before), [], 'no refused command reached the device');
    assert.ok(dome.presets().some((p) => p.token === 'preset_1'));

    assert.equal((await api('POST', `/cameras/${id}/ptz/move`, { tilt: 1 }, tokens.manager)).statusCode, 204);
    assert.equal((await api('POST', `/cameras/${id}/ptz/stop`, undefined, tokens.manager)).statusCode, 204);
    assert.deepEqual(
      ptzCommandsSince(dome, before).map((c) => c.operation),
      ['ContinuousMove', 'Stop'],
    );
  });

  it('audits the start of each movement and every preset change, not every correction of a held move', async () => {
    const camera = await cameraOn(dome);
    const move = (payload: object) => api('POST', `/cameras/${camera.id}/ptz/move`, payload);
    assert.equal((await move({ pan: 1 })).statusCode, 204);
    assert.equal((await move({ pan: 1, tilt: 0.5 })).statusCode, 204);
    assert.equal((await move({ tilt: 0.5 })).statusCode, 204);
    assert.equal((await api('POST', `/cameras/${camera.id}/ptz/stop`)).statusCode, 204);
    assert.equal((await move({ zoom: 1 })).statusCode, 204);
    const created = await api('POST', `/cameras/${camera.id}/ptz/presets`, { name: 'Audited' });
    const { token } = created.json();
    await api('POST', `/cameras/${camera.id}/ptz/presets/${token}/goto`);
    await api('DELETE', `/cameras/${camera.id}/ptz/presets/${token}`);
    const rows = (await auditRows(t, { entity_type: 'camera', entity_id: camera.id }))
      .filter((row) => row.action.startsWith('camera.ptz'))
      .reverse();
    assert.deepEqual(
      rows.map((row) => [row.action, row.details]),
      [
        ['camera.ptz_move', { pan: 1, tilt: 0, zoom: 0, timeout_ms: null }],
        ['camera.ptz_move', { pan: 0, tilt: 0, zoom: 1, timeout_ms: null }],
        ['camera.ptz_preset_create', { preset: token, name: 'Audited' }],
        ['camera.ptz_preset_goto', { preset: token }],
        ['camera.ptz_preset_delete', { preset: token }],
      ],
    );
  });

  it('a device without PTZ, and a camera without an ONVIF address, have no PTZ: commands are 409', async () => {
    const withoutPtz = await cameraOn(fixed);
    const state = await api('GET', `/cameras/${withoutPtz.id}/ptz`);
    assert.equal(state.statusCode, 200, state.body);
    assert.deepEqual(state.json(), {
      supported: false,
      reason: 'The ONVIF device has no PTZ service',
      pan_tilt: false,
      zoom: false,
      max_presets: null,
      presets: [],
      can_control: true,
    });
    const move = await api('POST', `/cameras/${withoutPtz.id}/ptz/move`, { pan: 1 });
    assert.equal(move.statusCode, 409);
    assert.equal(move.json().detail.code, 'ptz_unsupported');

    const plain = await cameraOn(null);
    assert.equal(plain.onvif_xaddr, null);
    const requests = dome.requests().length + fixed.requests().length + narrow.requests().length;
    const none = (await api('GET', `/cameras/${plain.id}/ptz`)).json();
    assert.equal(none.supported, false);
    assert.match(none.reason, /no ONVIF device address/);
    assert.equal((await api('POST', `/cameras/${plain.id}/ptz/stop`)).statusCode, 409);
    assert.equal(
      dome.requests().length + fixed.requests().length + narrow.requests().length,
      requests,
      'no device was contacted',
    );

    // Setting the address later gives the camera its PTZ.
    const patched = await api('PATCH', `/cameras/${plain.id}`, { onvif_xaddr: dome.url });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal((await api('GET', `/cameras/${plain.id}/ptz`)).json().supported, true);
  });

  it('a wrong password or an unreachable device is a 502 that says why', async () => {
    const wrong = await cameraOn(dome, { password: 'not-it' });
    const denied = await api('GET', `/cameras/${wrong.id}/ptz`);
    assert.equal(denied.statusCode, 502, denied.body);
    assert.equal(denied.json().detail.code, 'device_auth');
    const gone = await cameraOn(null, { onvif_xaddr: 'http://127.0.0.1:1/onvif/device_service' });
    const unreachable = await api('POST', `/cameras/${gone.id}/ptz/move`, { pan: 1 });
    assert.equal(unreachable.statusCode, 502, unreachable.body);
    assert.equal(unreachable.json().detail.code, 'device_unreachable');
  });

  it('validates speeds, the timeout, preset names and the ONVIF address, naming the field', async () => {
    const camera = await cameraOn(dome);
    const before = dome.ptzCommands().length;
    const cases: [object, string[]][] = [
      [{ pan: 1.5 }, ['body', 'pan']],
      [{ tilt: -2 }, ['body', 'tilt']],
      [{ zoom: 'in' }, ['body', 'zoom']],
      [{ pan: 1, timeout_ms: 50 }, ['body', 'timeout_ms']],
      [{ pan: 1, timeout_ms: 600_000 }, ['body', 'timeout_ms']],
      [{ pan: 0, tilt: 0 }, ['body']],
      [{ pan: 1, speed: 2 }, ['body', 'speed']],
    ];
    for (const [payload, loc] of cases) {
      const response = await api('POST', `/cameras/${camera.id}/ptz/move`, payload);
      assert.equal(response.statusCode, 422, `${JSON.stringify(payload)}: ${response.body}`);
      assert.deepEqual(response.json().detail[0].loc, loc, JSON.stringify(payload));
    }
    const blank = await api('POST', `/cameras/${camera.id}/ptz/presets`, { name: '' });
    assert.equal(blank.statusCode, 422);
    assert.deepEqual(blank.json().detail[0].loc, ['body', 'name']);
    assert.deepEqual(ptzCommandsSince(dome, before), []);

    const notHttp = await api('PATCH', `/cameras/${camera.id}`, { onvif_xaddr: 'ftp://10.0.0.5/' });
    assert.equal(notHttp.statusCode, 422);
    assert.deepEqual(notHttp.json().detail[0].loc, ['body', 'onvif_xaddr']);
    // A bare address gets the default service path; embedded credentials are dropped.
    const bare = await api('PATCH', `/cameras/${camera.id}`, { onvif_xaddr: 'http://u:p@10.0.0.5:8080' });
    assert.equal(bare.json().onvif_xaddr, 'http://10.0.0.5:8080/onvif/device_service');
  });

  it('a plain user may not point a camera’s ONVIF address at this machine', async () => {
    const refused = await api(
      'POST',
      '/cameras?force=true',
      { name: 'sneaky', ip_address: 'cam-ptz.test.invalid', onvif_xaddr: dome.url },
      tokens.manager,
    );
    assert.equal(refused.statusCode, 403, refused.body);
    assert.deepEqual(refused.json().detail.loc, ['body', 'onvif_xaddr']);
  });
});
