// API.md §3: who may do what to a camera. 404 for a camera the caller cannot see, 403 for one they see but
// may not change. Each row runs against a fresh camera so earlier rows cannot influence later ones.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './helpers/app.js';
import { binCamera, createCamera, grant, hardDeletePhrase } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';
import { startOnvifSimulator, type OnvifSimulator } from './helpers/onvif-simulator.js';

type Role = 'owner' | 'superuser' | 'viewer' | 'manager' | 'stranger';
const ROLES: Role[] = ['owner', 'superuser', 'viewer', 'manager', 'stranger'];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The administrator account of the ONVIF simulator; the device-users row's cameras hold these credentials. */
const DEVICE_ADMIN = { username: 'admin', password: 'device-admin-pw' };

interface Row {
  t: TestApp;
  /** the row's fresh camera, owned by `owner`, with a can_view grant for `viewer`, can_manage for `manager` */
  camera: Record<string, any>;
  ids: Record<Role, number>;
  tokens: Record<Role, string>;
  onvifPort: string;
}

interface Operation {
  name: string;
  /** expected status per role */
  expect: Record<Role, number>;
  /** the camera is binned (by its owner) before the request */
  binned?: boolean;
  /** extra fields for the row's camera */
  camera?: Record<string, unknown>;
  /** the superuser owns the row's camera (an address on this machine, which only a superuser may use) */
  ownedBySuperuser?: boolean;
  /** runs on the fresh camera before the request */
  setup?: (row: Row) => Promise<void>;
  request: (row: Row) => { method: Method; url: string; payload?: object };
  /** after the request: the body of a call that succeeded, or that a refused one changed nothing */
  verify?: (row: Row, response: LightMyRequestResponse, succeeded: boolean) => Promise<void>;
}

const ALL_VIEW = { owner: 200, superuser: 200, viewer: 200, manager: 200, stranger: 404 };
const MANAGE = { owner: 200, superuser: 200, viewer: 403, manager: 200, stranger: 404 };
const MANAGE_204 = { owner: 204, superuser: 204, viewer: 403, manager: 204, stranger: 404 };
const GRANT = { owner: 200, superuser: 200, viewer: 403, manager: 403, stranger: 404 };
const GRANT_204 = { owner: 204, superuser: 204, viewer: 403, manager: 403, stranger: 404 };
/** POST /camera-config on a camera that has its config already: the right is checked first, then the 409. */
const MANAGE_CONFLICT = { owner: 409, superuser: 409, viewer: 403, manager: 409, stranger: 404 };

const as = (row: Row, role: Role, method: Method, url: string, payload?: object) =>
  row.t.request({
    method,
    url: `/api/v1${url}`,
    token: row.tokens[role],
    ...(payload ? { payload } : {}),
  });

const configOf = async (row: Row) => {
  const response = await as(row, 'owner', 'GET', `/camera-config/${row.camera.id}`);
  return { status: response.statusCode, body: response.json() };
};

const consumersOf = async (row: Row, skill: string) => {
  const skills = (await as(row, 'owner', 'GET', '/skills')).json<{
    skills: { skill: string; cameras: { camera_id: number; consumers: { consumer: string }[] }[] }[];
  }>().skills;
  const onCamera = skills.find((s) => s.skill === skill)?.cameras.find((c) => c.camera_id === row.camera.id);
  return (onCamera?.consumers ?? []).map((c) => c.consumer);
};

const OPERATIONS: Operation[] = [
  {
    name: 'get',
    expect: ALL_VIEW,
    request: ({ camera }) => ({ method: 'GET', url: `/cameras/${camera.id}` }),
  },
  {
    name: 'update',
    expect: MANAGE,
    request: ({ camera }) => ({
      method: 'PATCH',
      url: `/cameras/${camera.id}`,
      payload: { description: 'x' },
    }),
  },
  {
    name: 'bin',
    expect: MANAGE,
    request: ({ camera }) => ({ method: 'DELETE', url: `/cameras/${camera.id}` }),
  },
  {
    name: 'restore',
    expect: MANAGE,
    binned: true,
    request: ({ camera }) => ({ method: 'POST', url: `/cameras/${camera.id}/restore` }),
  },
  {
    name: 'list permissions',
    expect: MANAGE,
    request: ({ camera }) => ({ method: 'GET', url: `/cameras/${camera.id}/permissions` }),
  },
  {
    name: 'grant permission',
    expect: GRANT,
    request: ({ camera, ids }) => ({
      method: 'POST',
      url: `/cameras/${camera.id}/permissions`,
      payload: { user_id: ids.stranger },
    }),
  },
  {
    name: 'revoke permission (the viewer’s grant)',
    expect: GRANT_204,
    request: ({ camera, ids }) => ({
      method: 'DELETE',
      url: `/cameras/${camera.id}/permissions/${ids.viewer}`,
    }),
    verify: async (row, _response, succeeded) => {
      const seen = await as(row, 'viewer', 'GET', `/cameras/${row.camera.id}`);
      assert.equal(seen.statusCode, succeeded ? 404 : 200, 'the viewer’s grant after the call');
    },
  },
  {
    name: 'read config',
    expect: ALL_VIEW,
    request: ({ camera }) => ({ method: 'GET', url: `/camera-config/${camera.id}` }),
  },
  {
    name: 'read config (alias)',
    expect: ALL_VIEW,
    request: ({ camera }) => ({ method: 'GET', url: `/cameras/${camera.id}/config` }),
    verify: async ({ camera }, response, succeeded) => {
      if (succeeded) assert.equal(response.json().camera_id, camera.id);
    },
  },
  {
    name: 'create config (the camera has one: 409 once allowed)',
    expect: MANAGE_CONFLICT,
    request: ({ camera }) => ({ method: 'POST', url: '/camera-config', payload: { camera_id: camera.id } }),
    verify: async (row, response) => {
      if (response.statusCode === 409) assert.equal(response.json().detail.code, 'config_exists');
      assert.equal((await configOf(row)).status, 200);
    },
  },
  {
    name: 'update config',
    expect: MANAGE,
    request: ({ camera }) => ({
      method: 'PATCH',
      url: `/camera-config/${camera.id}`,
      payload: { recording_segment_seconds: 30 },
    }),
  },
  {
    name: 'update config (alias PUT)',
    expect: MANAGE,
    request: ({ camera }) => ({
      method: 'PUT',
      url: `/cameras/${camera.id}/config`,
      payload: { recording_segment_seconds: 30 },
    }),
    verify: async (row, _response, succeeded) => {
      assert.equal((await configOf(row)).body.recording_segment_seconds, succeeded ? 30 : 60);
    },
  },
  {
    name: 'delete config',
    expect: MANAGE_204,
    request: ({ camera }) => ({ method: 'DELETE', url: `/camera-config/${camera.id}` }),
    verify: async (row, _response, succeeded) => {
      assert.equal((await configOf(row)).status, succeeded ? 404 : 200);
    },
  },
  {
    name: 'set transport security',
    expect: MANAGE,
    request: ({ camera }) => ({
      method: 'PUT',
      url: `/cameras/${camera.id}/transport-security`,
      payload: { policy: 'rtsps_required' },
    }),
    verify: async (row, _response, succeeded) => {
      const { body } = await configOf(row);
      assert.equal(body.transport_security === 'rtsps_required', succeeded);
      assert.equal(body.transport_security_operator_set, succeeded);
    },
  },
  {
    name: 'probe',
    expect: MANAGE,
    request: ({ camera }) => ({ method: 'POST', url: `/cameras/${camera.id}/transport-security/probe` }),
  },
  {
    name: 'declare skill',
    expect: MANAGE,
    request: ({ camera }) => ({
      method: 'PUT',
      url: `/skills/person_counting/cameras/${camera.id}`,
      payload: { consumer: 'test' },
    }),
  },
  {
    name: 'undeclare skill',
    expect: MANAGE_204,
    setup: async (row) => {
      const declared = await as(row, 'owner', 'PUT', `/skills/person_counting/cameras/${row.camera.id}`, {
        consumer: 'test',
      });
      assert.equal(declared.statusCode, 200, declared.body);
    },
    request: ({ camera }) => ({
      method: 'DELETE',
      url: `/skills/person_counting/cameras/${camera.id}?consumer=test`,
    }),
    verify: async (row, _response, succeeded) => {
      assert.deepEqual(await consumersOf(row, 'person_counting'), succeeded ? [] : ['test']);
    },
  },
  {
    name: 'list device users (ONVIF simulator)',
    // The simulator listens on loopback, where only a superuser may point a camera: the superuser owns this
    // one, so the `owner` role is a user without rights on it.
    expect: { ...MANAGE, owner: 404 },
    ownedBySuperuser: true,
    camera: { ip_address: '127.0.0.1', ...DEVICE_ADMIN },
    request: ({ camera, onvifPort }) => ({
      method: 'GET',
      url: `/cameras/${camera.id}/device-users?onvif_port=${onvifPort}`,
    }),
    verify: async (_row, response, succeeded) => {
      if (succeeded) assert.deepEqual(response.json(), [{ username: 'admin', level: 'Administrator' }]);
    },
  },
  {
    name: 'hard delete',
    expect: { owner: 403, superuser: 200, viewer: 403, manager: 403, stranger: 404 },
    binned: true,
    request: ({ camera }) => ({
      method: 'POST',
      url: `/cameras/${camera.id}/hard-delete`,
      payload: { confirmation_phrase: hardDeletePhrase(camera.name) },
    }),
  },
];

for (const dialect of testDialects()) {
  describe(`camera access matrix (${dialect})`, () => {
    let t: TestApp;
    let device: OnvifSimulator;
    let onvifPort: string;
    const tokens = {} as Record<Role, string>;
    const ids = {} as Record<Role, number>;

    before(async () => {
      t = await createTestApp({ dialect, overrides: { onvifTimeoutMs: 2000 } });
      device = await startOnvifSimulator(DEVICE_ADMIN);
      onvifPort = new URL(device.url).port;
      tokens.superuser = t.adminToken;
      for (const role of ['owner', 'viewer', 'manager', 'stranger'] as const) {
        const user = await t.createUser(`role_${role}`);
        tokens[role] = user.token;
        ids[role] = user.id;
      }
    });
    after(async () => {
      await device.close();
      await t.close();
    });

    async function freshCamera(fields: Record<string, unknown> = {}, owner = tokens.owner) {
      const camera = await createCamera(t, owner, { name: `matrix ${Math.random()}`, ...fields });
      await grant(t, camera.id, ids.viewer, { can_view: true });
      await grant(t, camera.id, ids.manager, { can_view: false, can_manage: true });
      // The RTSPS probe every new camera gets runs in the background; let it land before the row acts.
      await t.container.cameraConfig.idle();
      return camera;
    }

    for (const operation of OPERATIONS) {
      it(`${operation.name}: ${ROLES.map((r) => `${r} ${operation.expect[r]}`).join(', ')}`, async () => {
        for (const role of ROLES) {
          const camera = await freshCamera(
            operation.camera,
            operation.ownedBySuperuser ? tokens.superuser : tokens.owner,
          );
          const row: Row = { t, camera, ids, tokens, onvifPort };
          if (operation.binned) await binCamera(t, tokens.owner, row.camera.id);
          await operation.setup?.(row);
          const request = operation.request(row);
          const response = await as(row, role, request.method, request.url, request.payload);
          assert.equal(
            response.statusCode,
            operation.expect[role],
            `${operation.name} as ${role}: ${response.body}`,
          );
          await operation.verify?.(row, response, response.statusCode < 300);
        }
      });
    }

    it('no token: 401 with WWW-Authenticate: Bearer on camera routes, and nothing changes', async () => {
      const camera = await freshCamera({ description: 'untouched' });
      const id = camera.id;
      const deviceRequests = device.requests().length;
      const routes: { method: Method; url: string; payload?: object }[] = [
        { method: 'GET', url: '/cameras' },
        { method: 'POST', url: '/cameras', payload: { name: 'anon', ip_address: '127.0.0.1' } },
        { method: 'GET', url: '/cameras/deleted' },
        { method: 'GET', url: `/cameras/${id}` },
        { method: 'GET', url: '/cameras/999999' },
        { method: 'PUT', url: `/cameras/${id}`, payload: { description: 'anon' } },
        { method: 'PATCH', url: `/cameras/${id}`, payload: { description: 'anon' } },
        { method: 'DELETE', url: `/cameras/${id}` },
        { method: 'POST', url: `/cameras/${id}/restore` },
        {
          method: 'POST',
          url: `/cameras/${id}/hard-delete`,
          payload: { confirmation_phrase: hardDeletePhrase(camera.name) },
        },
        { method: 'GET', url: `/cameras/${id}/permissions` },
        { method: 'POST', url: `/cameras/${id}/permissions`, payload: { user_id: ids.stranger } },
        { method: 'DELETE', url: `/cameras/${id}/permissions/${ids.viewer}` },
        { method: 'POST', url: '/camera-config', payload: { camera_id: id } },
        { method: 'GET', url: `/camera-config/${id}` },
        { method: 'PATCH', url: `/camera-config/${id}`, payload: { recording_segment_seconds: 30 } },
        { method: 'DELETE', url: `/camera-config/${id}` },
        { method: 'GET', url: `/cameras/${id}/config` },
        { method: 'PUT', url: `/cameras/${id}/config`, payload: { recording_segment_seconds: 30 } },
        { method: 'PUT', url: `/cameras/${id}/transport-security`, payload: { policy: 'rtsps_required' } },
        { method: 'POST', url: `/cameras/${id}/transport-security/probe` },
        { method: 'GET', url: '/skills' },
        { method: 'PUT', url: `/skills/person_counting/cameras/${id}`, payload: { consumer: 'anon' } },
        { method: 'DELETE', url: `/skills/person_counting/cameras/${id}?consumer=anon` },
        { method: 'GET', url: `/cameras/${id}/device-users?onvif_port=${onvifPort}` },
        { method: 'GET', url: `/cameras/${id}/snapshot` },
        { method: 'GET', url: `/cameras/${id}/my-rights` },
      ];
      for (const route of routes) {
        const response = await t.request({
          method: route.method,
          url: `/api/v1${route.url}`,
          ...(route.payload ? { payload: route.payload } : {}),
        });
        const what = `${route.method} ${route.url}`;
        assert.equal(response.statusCode, 401, `${what}: ${response.body}`);
        assert.equal(response.headers['www-authenticate'], 'Bearer', what);
        assert.equal(typeof response.json().detail, 'string', what);
      }
      const row: Row = { t, camera, ids, tokens, onvifPort };
      const afterwards = await as(row, 'owner', 'GET', `/cameras/${id}`);
      assert.equal(afterwards.statusCode, 200);
      assert.equal(afterwards.json().description, 'untouched');
      const config = await configOf(row);
      assert.equal(config.status, 200);
      assert.equal(config.body.recording_segment_seconds, 60);
      assert.equal(config.body.transport_security_operator_set, false);
      assert.equal((await as(row, 'viewer', 'GET', `/cameras/${id}`)).statusCode, 200);
      assert.deepEqual(await consumersOf(row, 'person_counting'), []);
      assert.equal(device.requests().length, deviceRequests, 'no ONVIF call was made');
    });

    it('my rights: each role is told its own rights on the camera, a stranger 404', async () => {
      const camera = await freshCamera();
      const expected: Record<Role, object | number> = {
        owner: { view: true, manage: true, grant: true, hard_delete: false },
        superuser: { view: true, manage: true, grant: true, hard_delete: true },
        viewer: { view: true, manage: false, grant: false, hard_delete: false },
        manager: { view: true, manage: true, grant: false, hard_delete: false },
        stranger: 404,
      };
      for (const role of ROLES) {
        const response = await t.request({
          method: 'GET',
          url: `/api/v1/cameras/${camera.id}/my-rights`,
          token: tokens[role],
        });
        const want = expected[role];
        if (typeof want === 'number') assert.equal(response.statusCode, want, role);
        else assert.deepEqual(response.json(), want, role);
      }
      await binCamera(t, tokens.owner, camera.id);
      const binned = await t.request({
        method: 'GET',
        url: `/api/v1/cameras/${camera.id}/my-rights`,
        token: tokens.owner,
      });
      assert.equal(binned.statusCode, 404, 'a binned camera, as its other routes');
    });

    it('list: each role sees exactly the cameras it may view', async () => {
      const camera = await freshCamera();
      const unrelated = await createCamera(t, tokens.stranger, { name: 'strangers own' });
      const visible = async (role: Role) => {
        const response = await t.request({
          method: 'GET',
          url: '/api/v1/cameras?limit=500',
          token: tokens[role],
        });
        return response.json().cameras.map((c: { id: number }) => c.id) as number[];
      };
      for (const role of ['owner', 'superuser', 'viewer', 'manager'] as const) {
        assert.ok((await visible(role)).includes(camera.id), role);
      }
      assert.ok(!(await visible('stranger')).includes(camera.id));
      assert.ok((await visible('stranger')).includes(unrelated.id));
      assert.ok(!(await visible('viewer')).includes(unrelated.id));
      assert.ok((await visible('superuser')).includes(unrelated.id));
    });

    it('the list and its total follow grants, right changes and revokes at once', async () => {
      const camera = await freshCamera();
      const list = async () =>
        (await t.request({ method: 'GET', url: '/api/v1/cameras?limit=500', token: tokens.stranger })).json<{
          cameras: { id: number }[];
          total: number;
        }>();
      const seen = async () => {
        const page = await list();
        return { total: page.total, includes: page.cameras.some((c) => c.id === camera.id) };
      };
      const before = await seen();
      assert.equal(before.includes, false);
      await grant(t, camera.id, ids.stranger, { can_view: true });
      assert.deepEqual(await seen(), { total: before.total + 1, includes: true });
      await grant(t, camera.id, ids.stranger, { can_view: false, can_manage: false });
      assert.deepEqual(await seen(), { total: before.total, includes: false });
      await grant(t, camera.id, ids.stranger, { can_view: false, can_manage: true });
      assert.deepEqual(await seen(), { total: before.total + 1, includes: true });
      const revoke = await t.request({
        method: 'DELETE',
        url: `/api/v1/cameras/${camera.id}/permissions/${ids.stranger}`,
        token: tokens.owner,
      });
      assert.equal(revoke.statusCode, 204);
      assert.deepEqual(await seen(), { total: before.total, includes: false });
    });

    it('revoking a grant takes the camera out of sight at once', async () => {
      const camera = await freshCamera();
      const get = () =>
        t.request({ method: 'GET', url: `/api/v1/cameras/${camera.id}`, token: tokens.viewer });
      assert.equal((await get()).statusCode, 200);
      const revoke = await t.request({
        method: 'DELETE',
        url: `/api/v1/cameras/${camera.id}/permissions/${ids.viewer}`,
        token: tokens.owner,
      });
      assert.equal(revoke.statusCode, 204);
      assert.equal((await get()).statusCode, 404);
      const again = await t.request({
        method: 'DELETE',
        url: `/api/v1/cameras/${camera.id}/permissions/${ids.viewer}`,
        token: tokens.owner,
      });
      assert.equal(again.statusCode, 404);
    });

    it('lists permissions with the owner first, then grants by username; assign is an upsert', async () => {
      const camera = await freshCamera();
      const list = async () =>
        (
          await t.request({
            method: 'GET',
            url: `/api/v1/cameras/${camera.id}/permissions`,
            token: tokens.owner,
          })
        ).json();
      assert.deepEqual(await list(), [
        { user_id: ids.owner, can_view: true, can_manage: true, is_owner: true, username: 'role_owner' },
        {
          user_id: ids.manager,
          can_view: false,
          can_manage: true,
          is_owner: false,
          username: 'role_manager',
        },
        { user_id: ids.viewer, can_view: true, can_manage: false, is_owner: false, username: 'role_viewer' },
      ]);
      await grant(t, camera.id, ids.viewer, { can_view: true, can_manage: true });
      assert.equal((await list())[2].can_manage, true);
      const toOwner = await t.request({
        method: 'POST',
        url: `/api/v1/cameras/${camera.id}/permissions`,
        token: tokens.owner,
        payload: { user_id: ids.owner },
      });
      assert.equal(toOwner.statusCode, 400);
      const unknown = await t.request({
        method: 'POST',
        url: `/api/v1/cameras/${camera.id}/permissions`,
        token: tokens.owner,
        payload: { user_id: 99999 },
      });
      assert.equal(unknown.statusCode, 404);
    });
  });
}
