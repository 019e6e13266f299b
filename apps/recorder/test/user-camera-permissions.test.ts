// GET /users/{id}/camera-permissions: one account's rights across cameras (the admin screen's user page), for
// superusers only — its owned cameras, its grants, nothing of binned cameras; 401, 403 and 404.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { binCamera, createCamera, grant } from './helpers/cameras.js';

describe("a user's camera permissions", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const list = (userId: number, token?: string) =>
    t.request({
      method: 'GET',
      url: `/api/v1/users/${userId}/camera-permissions`,
      ...(token ? { token } : {}),
    });

  it('lists owned cameras and grants by camera id, leaves binned cameras out, and is for superusers only', async () => {
    const owner = await t.createUser('perm-owner');
    const other = await t.createUser('perm-other');
    const owned = await createCamera(t, owner.token);
    const binned = await createCamera(t, owner.token);
    const viewed = await createCamera(t, t.adminToken);
    const managed = await createCamera(t, t.adminToken);
    await grant(t, viewed.id, owner.id, { can_view: true });
    await grant(t, managed.id, owner.id, { can_view: true, can_manage: true });
    await grant(t, binned.id, other.id, { can_view: true });
    await binCamera(t, owner.token, binned.id);

    const answer = await list(owner.id, t.adminToken);
    assert.equal(answer.statusCode, 200, answer.body);
    assert.deepEqual(answer.json(), [
      { camera_id: owned.id, can_view: true, can_manage: true, is_owner: true },
      { camera_id: viewed.id, can_view: true, can_manage: false, is_owner: false },
      { camera_id: managed.id, can_view: true, can_manage: true, is_owner: false },
    ]);
    assert.deepEqual((await list(other.id, t.adminToken)).json(), []);

    assert.equal((await list(owner.id, owner.token)).statusCode, 403);
    assert.equal((await list(owner.id)).statusCode, 401);
    assert.equal((await list(999_999, t.adminToken)).statusCode, 404);
  });
});
