import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { USER_PASSWORD, createTestApp, type TestApp } from './helpers/app.js';
import { testDialects } from './helpers/database.js';

for (const dialect of testDialects()) {
  describe(`users (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({ dialect });
    });
    after(() => t.close());

    const create = (payload: Record<string, unknown>, token = t.adminToken) =>
      t.request({ method: 'POST', url: '/api/v1/users', token, payload });

    it('a superuser creates, reads, updates and lists users', async () => {
      const created = await create({
        username: 'alice',
        password: USER_PASSWORD,
        email: 'alice@example.com',
      });
      assert.equal(created.statusCode, 201);
      const alice = created.json();
      assert.equal(alice.username, 'alice');
      assert.equal(alice.is_active, true);
      assert.equal(alice.is_superuser, false);
      assert.equal(alice.email, 'alice@example.com');
      assert.equal('password' in alice || 'password_hash' in alice, false);

      const read = await t.request({ method: 'GET', url: `/api/v1/users/${alice.id}`, token: t.adminToken });
      assert.deepEqual(read.json(), alice);

      const updated = await t.request({
        method: 'PUT',
        url: `/api/v1/users/${alice.id}`,
        token: t.adminToken,
        payload: { email: null, is_superuser: true },
      });
      assert.equal(updated.statusCode, 200);
      assert.equal(updated.json().email, null);
      assert.equal(updated.json().is_superuser, true);
      assert.ok(updated.json().updated_at);

      const list = await t.request({
        method: 'GET',
        url: '/api/v1/users/?limit=1&skip=1',
        token: t.adminToken,
      });
      assert.equal(list.statusCode, 200);
      assert.equal(list.json().users.length, 1);
      assert.equal(list.json().users[0].username, 'alice');
      assert.ok(list.json().total >= 2);
    });

    it('the list shows every change at once', async () => {
      const list = async () =>
        (await t.request({ method: 'GET', url: '/api/v1/users?limit=500', token: t.adminToken })).json<{
          users: { id: number; username: string; email: string | null; is_active: boolean }[];
          total: number;
        }>();
      const before = await list();
      const created = (await create({ username: 'listed', password: USER_PASSWORD })).json();
      const afterCreate = await list();
      assert.equal(afterCreate.total, before.total + 1);
      assert.ok(afterCreate.users.some((user) => user.username === 'listed'));
      await t.request({
        method: 'PUT',
        url: `/api/v1/users/${created.id}`,
        token: t.adminToken,
        payload: { email: 'listed@example.com' },
      });
      assert.equal((await list()).users.find((user) => user.id === created.id)?.email, 'listed@example.com');
      await t.request({ method: 'DELETE', url: `/api/v1/users/${created.id}`, token: t.adminToken });
      assert.equal((await list()).users.find((user) => user.id === created.id)?.is_active, false);
    });

    it("a change to a user's rights or activity counts from their very next request", async () => {
      const bob = await t.createUser('rights_change');
      const asBob = (url: string) => t.request({ method: 'GET', url: `/api/v1${url}`, token: bob.token });
      const setBob = (payload: object) =>
        t.request({ method: 'PUT', url: `/api/v1/users/${bob.id}`, token: t.adminToken, payload });
      assert.equal((await asBob('/users')).statusCode, 403);
      assert.equal((await asBob('/auth/me')).statusCode, 200);
      await setBob({ is_superuser: true });
      assert.equal((await asBob('/users')).statusCode, 200);
      await setBob({ is_superuser: false });
      assert.equal((await asBob('/users')).statusCode, 403);
      await setBob({ is_active: false });
      assert.equal((await asBob('/auth/me')).statusCode, 401);
    });

    it('usernames are unique regardless of case (409)', async () => {
      assert.equal((await create({ username: 'bob', password: USER_PASSWORD })).statusCode, 201);
      const duplicate = await create({ username: 'BOB', password: USER_PASSWORD });
      assert.equal(duplicate.statusCode, 409);
    });

    it('validation errors name the field', async () => {
      const cases: [Record<string, unknown>, string[], string][] = [
        [{ username: 'ab', password: USER_PASSWORD }, ['body', 'username'], 'string_too_short'],
        [{ username: 'a'.repeat(51), password: USER_PASSWORD }, ['body', 'username'], 'string_too_long'],
        [{ username: 'bad name', password: USER_PASSWORD }, ['body', 'username'], 'string_pattern_mismatch'],
        [{ username: 'carol', password: 'short' }, ['body', 'password'], 'string_too_short'],
        [{ username: 'carol', password: 'my-carol-password' }, ['body', 'password'], 'value_error'],
        [
          { username: 'carol', password: USER_PASSWORD, email: 'not-an-email' },
          ['body', 'email'],
          'value_error',
        ],
        [{ username: 'carol', password: USER_PASSWORD, role: 'x' }, ['body', 'role'], 'extra_forbidden'],
        [
          { username: 'carol', password: USER_PASSWORD, is_superuser: 'yes' },
          ['body', 'is_superuser'],
          'boolean_type',
        ],
        [{ password: USER_PASSWORD }, ['body', 'username'], 'missing'],
      ];
      for (const [payload, loc, type] of cases) {
        const response = await create(payload);
        assert.equal(response.statusCode, 422, JSON.stringify(payload));
        const issue = response
          .json()
          .detail.find((d: { loc: string[] }) => d.loc.join('.') === loc.join('.'));
        assert.ok(issue, `${JSON.stringify(payload)} → ${response.body}`);
        assert.equal(issue.type, type);
      }
      const malformed = await t.request({
        method: 'POST',
        url: '/api/v1/users',
        token: t.adminToken,
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      });
      assert.equal(malformed.statusCode, 422);
      assert.equal(malformed.json().detail[0].type, 'json_invalid');
      const badId = await t.request({ method: 'GET', url: '/api/v1/users/abc', token: t.adminToken });
      assert.equal(badId.statusCode, 422);
      assert.deepEqual(badId.json().detail[0].loc, ['path', 'id']);
      const badLimit = await t.request({
        method: 'GET',
        url: '/api/v1/users?limit=501',
        token: t.adminToken,
      });
      assert.equal(badLimit.statusCode, 422);
      assert.deepEqual(badLimit.json().detail[0].loc, ['query', 'limit']);
    });

    it('a non-superuser gets 403 on user administration but can read itself and change its password', async () => {
      const dave = await t.createUser('dave');
      for (const [method, url] of [
        ['GET', '/api/v1/users'],
        ['POST', '/api/v1/users'],
        ['GET', `/api/v1/users/${dave.id}`],
        ['PUT', `/api/v1/users/${dave.id}`],
        ['DELETE', '/api/v1/users/1'],
        ['GET', '/api/v1/audit-logs'],
      ] as const) {
        const payload =
          method === 'POST'
            ? { username: 'eve', password: USER_PASSWORD }
            : method === 'PUT'
              ? {}
              : undefined;
        const response = await t.request({ method, url, token: dave.token, ...(payload ? { payload } : {}) });
        assert.equal(response.statusCode, 403, `${method} ${url}`);
      }
      const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', token: dave.token });
      assert.equal(me.json().username, 'dave');

      const wrong = await t.request({
        method: 'PUT',
        url: '/api/v1/users/me/password',
        token: dave.token,
        payload: { current_password: 'nope-nope', new_password: 'An0ther-strong-one' },
      });
      assert.equal(wrong.statusCode, 400);
      const changed = await t.request({
        method: 'PUT',
        url: '/api/v1/users/me/password',
        token: dave.token,
        payload: { current_password: dave.password, new_password: 'An0ther-strong-one' },
      });
      assert.equal(changed.statusCode, 204);
      await assert.rejects(t.login('dave', dave.password));
      await t.login('dave', 'An0ther-strong-one');
    });

    it('a superuser cannot deactivate or demote themselves', async () => {
      const me = (await t.request({ method: 'GET', url: '/api/v1/auth/me', token: t.adminToken })).json();
      const del = await t.request({ method: 'DELETE', url: `/api/v1/users/${me.id}`, token: t.adminToken });
      assert.equal(del.statusCode, 400);
      const demote = await t.request({
        method: 'PUT',
        url: `/api/v1/users/${me.id}`,
        token: t.adminToken,
        payload: { is_superuser: false },
      });
      assert.equal(demote.statusCode, 400);
      const still = await t.request({ method: 'GET', url: '/api/v1/auth/me', token: t.adminToken });
      assert.equal(still.json().is_superuser, true);
      assert.equal(still.json().is_active, true);
    });

    it('unknown users answer 404', async () => {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await t.request({
          method,
          url: '/api/v1/users/999999',
          token: t.adminToken,
          ...(method === 'PUT' ? { payload: {} } : {}),
        });
        assert.equal(response.statusCode, 404, method);
      }
    });
  });
}
