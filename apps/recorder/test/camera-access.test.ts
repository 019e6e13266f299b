// API.md §3: who may do what to a camera. 404 for a camera the caller cannot see, 403 for one they see but
// may not change. Each row runs against a fresh camera so earlier rows cannot influence later ones.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';

type Role = 'owner' | 'superuser' | 'viewer' | 'manager' | 'stranger';
const ROLES: Role[] = ['owner', 'superuser', 'viewer', 'manager', 'stranger'];

interface Operation {
  name: string;
  /** expected status per role; the camera is binned first when `binned` */
  expect: Record<Role, number>;
  binned?: boolean;
  request: (
    id: number,
    others: { strangerId: number },
  ) => { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };
}

const ALL_VIEW = { owner: 200, superuser: 200, viewer: 200, manager: 200, stranger: 404 };
const MANAGE = { owner: 200, superuser: 200, viewer: 403, manager: 200, stranger: 404 };
const GRANT = { owner: 200, superuser: 200, viewer: 403, manager: 403, stranger: 404 };

const OPERATIONS: Operation[] = [
  { name: 'get', expect: ALL_VIEW, request: (id) => ({ method: 'GET', url: `/cameras/${id}` }) },
  {
    name: 'update',
    expect: MANAGE,
    request: (id) => ({ method: 'PATCH', url: `/cameras/${id}`, payload: { description: 'x' } }),
  },
  { name: 'bin', expect: MANAGE, request: (id) => ({ method: 'DELETE', url: `/cameras/${id}` }) },
  {
    name: 'restore',
    expect: MANAGE,
    binned: true,
    request: (id) => ({ method: 'POST', url: `/cameras/${id}/restore` }),
  },
  {
    name: 'list permissions',
    expect: MANAGE,
    request: (id) => ({ method: 'GET', url: `/cameras/${id}/permissions` }),
  },
  {
    name: 'grant permission',
    expect: GRANT,
    request: (id, { strangerId }) => ({
      method: 'POST',
      url: `/cameras/${id}/permissions`,
      payload: { user_id: strangerId },
    }),
  },
  {
    name: 'read config',
    expect: ALL_VIEW,
    request: (id) => ({ method: 'GET', url: `/camera-config/${id}` }),
  },
  {
    name: 'update config',
    expect: MANAGE,
    request: (id) => ({
      method: 'PATCH',
      url: `/camera-config/${id}`,
      payload: { recording_segment_seconds: 30 },
    }),
  },
  {
    name: 'probe',
    expect: MANAGE,
    request: (id) => ({ method: 'POST', url: `/cameras/${id}/transport-security/probe` }),
  },
  {
    name: 'declare skill',
    expect: MANAGE,
    request: (id) => ({
      method: 'PUT',
      url: `/skills/person_counting/cameras/${id}`,
      payload: { consumer: 'test' },
    }),
  },
  {
    name: 'hard delete',
    expect: { owner: 403, superuser: 200, viewer: 403, manager: 403, stranger: 404 },
    binned: true,
    request: () => ({ method: 'POST', url: '' }),
  },
];

describe('camera access matrix', () => {
  let t: TestApp;
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, number>;

  before(async () => {
    t = await createTestApp();
    tokens.superuser = t.adminToken;
    for (const role of ['owner', 'viewer', 'manager', 'stranger'] as const) {
      const user = await t.createUser(`role_${role}`);
      tokens[role] = user.token;
      ids[role] = user.id;
    }
  });
  after(() => t.close());

  async function freshCamera() {
    const camera = await createCamera(t, tokens.owner, { name: `matrix ${Math.random()}` });
    await grant(t, camera.id, ids.viewer, { can_view: true });
    await grant(t, camera.id, ids.manager, { can_view: false, can_manage: true });
    return camera;
  }

  for (const operation of OPERATIONS) {
    it(`${operation.name}: ${ROLES.map((r) => `${r} ${operation.expect[r]}`).join(', ')}`, async () => {
      for (const role of ROLES) {
        const camera = await freshCamera();
        if (operation.binned) {
          const bin = await t.request({
            method: 'DELETE',
            url: `/api/v1/cameras/${camera.id}`,
            token: tokens.owner,
          });
          assert.equal(bin.statusCode, 200);
        }
        let request = operation.request(camera.id, { strangerId: ids.stranger });
        if (operation.name === 'hard delete') {
          request = {
            method: 'POST',
            url: `/cameras/${camera.id}/hard-delete`,
            payload: { confirmation_phrase: `hard delete ${camera.name} and it's recording` },
          };
        }
        const response = await t.request({
          method: request.method,
          url: `/api/v1${request.url}`,
          token: tokens[role],
          ...(request.payload ? { payload: request.payload } : {}),
        });
        assert.equal(
          response.statusCode,
          operation.expect[role],
          `${operation.name} as ${role}: ${response.body}`,
        );
      }
    });
  }

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
    const get = () => t.request({ method: 'GET', url: `/api/v1/cameras/${camera.id}`, token: tokens.viewer });
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
      { user_id: ids.manager, can_view: false, can_manage: true, is_owner: false, username: 'role_manager' },
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
