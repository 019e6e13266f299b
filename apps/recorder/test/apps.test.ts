import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';

const manifest = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  name: `App ${id}`,
  version: '1.0.0',
  description: 'counts people at the door',
  ...fields,
});

for (const dialect of testDialects()) {
  describe(`apps on ${dialect}`, () => {
    let t: TestApp;
    const keys: string[] = [];

    before(async () => {
      t = await createTestApp({ dialect });
    });
    after(() => t.close());

    const register = async (payload: Record<string, unknown>, token = t.adminToken) => {
      const response = await t.request({ method: 'POST', url: '/api/v1/apps/register', token, payload });
      const key = response.statusCode < 300 ? (response.json().api_key as string | undefined) : undefined;
      if (key) keys.push(key);
      return response;
    };
    const action = (id: string, verb: 'enable' | 'disable', token = t.adminToken) =>
      t.request({ method: 'POST', url: `/api/v1/apps/${id}/${verb}`, token });
    const me = (token: string) => t.request({ method: 'GET', url: '/api/v1/auth/me', token });

    it('key shown once, works as a bearer only while enabled, revoked on delete, never readable again', async () => {
      const created = await register({
        url: 'http://127.0.0.1:7000/',
        manifest: manifest('door-counter'),
        sdk_version: '0.3.1',
        wants_key: true,
      });
      assert.equal(created.statusCode, 201, created.body);
      const body = created.json();
      const key: string = body.api_key;
      assert.match(key, /^nvrapp_[A-Za-z0-9_-]{43}$/);
      assert.equal(body.enabled, false);
      assert.equal(body.key_set, true);
      assert.equal(body.sdk_version, '0.3.1');
      assert.equal(body.manifest.description, 'counts people at the door');
      assert.deepEqual(body.permissions, []);

      // Not yet approved: the key is no credential.
      assert.equal((await me(key)).statusCode, 401);

      const enabled = await action('door-counter', 'enable');
      assert.equal(enabled.statusCode, 200, enabled.body);
      assert.equal(enabled.json().enabled, true);
      const who = await me(key);
      assert.equal(who.statusCode, 200, who.body);
      assert.equal(who.json().username, 'app.door-counter');
      assert.equal(who.json().is_superuser, false);

      // The key is never shown again: not by get, list or an update without wants_key.
      for (const url of ['/api/v1/apps/door-counter', '/api/v1/apps']) {
        const read = await t.request({ method: 'GET', url, token: t.adminToken });
        assert.equal(read.statusCode, 200);
        assert.ok(!read.body.includes(key) && !read.body.includes('api_key"'), read.body);
      }
      const updated = await register({
        url: 'https://door.example/',
        manifest: manifest('door-counter', { version: '1.1.0' }),
      });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal(updated.json().api_key, undefined);
      assert.equal(updated.json().version, '1.1.0');
      assert.equal(updated.json().enabled, true, 'same rights: stays approved');
      assert.equal((await me(key)).statusCode, 200);

      // Disabled: 401 again; enabled again: works.
      assert.equal((await action('door-counter', 'disable')).json().enabled, false);
      assert.equal((await me(key)).statusCode, 401);
      assert.equal((await action('door-counter', 'enable')).statusCode, 200);
      assert.equal((await me(key)).statusCode, 200);

      // Deleted: the key is revoked at once.
      const deleted = await t.request({
        method: 'DELETE',
        url: '/api/v1/apps/door-counter',
        token: t.adminToken,
      });
      assert.equal(deleted.statusCode, 204);
      assert.equal((await me(key)).statusCode, 401);
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/apps/door-counter', token: t.adminToken }))
          .statusCode,
        404,
      );
      assert.equal(
        (await t.request({ method: 'DELETE', url: '/api/v1/apps/door-counter', token: t.adminToken }))
          .statusCode,
        404,
      );

      // Registered again after the delete: a new key, the old one stays dead, the account comes back.
      const again = await register({
        url: 'http://127.0.0.1:7000/',
        manifest: manifest('door-counter'),
        wants_key: true,
      });
      assert.equal(again.statusCode, 201);
      assert.equal((await action('door-counter', 'enable')).statusCode, 200);
      assert.equal((await me(again.json().api_key)).statusCode, 200);
      assert.equal((await me(key)).statusCode, 401);

      // A new key replaces the old one.
      const rotated = await register(
        { url: 'http://127.0.0.1:7000/', manifest: manifest('door-counter'), wants_key: true },
        again.json().api_key,
      );
      assert.equal(rotated.statusCode, 200, rotated.body);
      assert.equal((await me(rotated.json().api_key)).statusCode, 200);
      assert.equal((await me(again.json().api_key)).statusCode, 401);

      const audit = await t.request({
        method: 'GET',
        url: '/api/v1/audit-logs?entity_type=app&limit=500',
        token: t.adminToken,
      });
      const actions = audit.json().logs.map((l: { action: string }) => l.action);
      for (const a of ['app.register', 'app.enable', 'app.disable', 'app.delete'])
        assert.ok(actions.includes(a), a);
    });

    it('rights: a non-admin app has only the grants its account gets; admin apps act as superuser; new rights need approval', async () => {
      const plain = (
        await register({ url: 'http://127.0.0.1:7001', manifest: manifest('viewer'), wants_key: true })
      ).json();
      const enabled = (await action('viewer', 'enable')).json();
      const camera = await createCamera(t, t.adminToken);
      const getCamera = (token: string) =>
        t.request({ method: 'GET', url: `/api/v1/cameras/${camera.id}`, token });
      assert.equal((await getCamera(plain.api_key)).statusCode, 404);
      await grant(t, camera.id, enabled.user_id, { can_view: true });
      assert.equal((await getCamera(plain.api_key)).statusCode, 200);
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/users', token: plain.api_key })).statusCode,
        403,
      );
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/apps', token: plain.api_key })).statusCode,
        403,
      );
      assert.equal((await action('viewer', 'enable', plain.api_key)).statusCode, 403);
      // An app reads itself, not others; registers itself, not others.
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/apps/viewer', token: plain.api_key })).statusCode,
        200,
      );
      const other = await register(
        { url: 'http://127.0.0.1:7009', manifest: manifest('someone-else') },
        plain.api_key,
      );
      assert.equal(other.statusCode, 403);

      const admin = (
        await register({
          url: 'http://127.0.0.1:7002',
          manifest: manifest('janitor', { permissions: ['admin'] }),
          wants_key: true,
        })
      ).json();
      assert.deepEqual(admin.permissions, ['admin']);
      assert.equal((await me(admin.api_key)).statusCode, 401);
      assert.equal((await action('janitor', 'enable')).statusCode, 200);
      assert.equal((await me(admin.api_key)).json().is_superuser, true);
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/users', token: admin.api_key })).statusCode,
        200,
      );

      // The viewer now asks for admin by itself: it is disabled until a superuser approves again.
      const escalate = await register(
        { url: 'http://127.0.0.1:7001', manifest: manifest('viewer', { permissions: ['admin'] }) },
        plain.api_key,
      );
      assert.equal(escalate.statusCode, 200, escalate.body);
      assert.equal(escalate.json().enabled, false);
      assert.equal((await me(plain.api_key)).statusCode, 401);
      assert.equal((await action('viewer', 'enable')).statusCode, 200);
      assert.equal((await me(plain.api_key)).json().is_superuser, true);
    });

    it('validation: manifest needs id, name and version; url http(s) only; unknown fields and rights refused', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ url: 'http://127.0.0.1', manifest: { name: 'x', version: '1' } }, 'body.manifest.id'],
        [{ url: 'http://127.0.0.1', manifest: { id: 'x', version: '1' } }, 'body.manifest.name'],
        [{ url: 'http://127.0.0.1', manifest: { id: 'x', name: 'x' } }, 'body.manifest.version'],
        [
          { url: 'http://127.0.0.1', manifest: { id: 'Bad Id', name: 'x', version: '1' } },
          'body.manifest.id',
        ],
        [{ url: 'http://127.0.0.1', manifest: { id: 'x', name: '', version: '1' } }, 'body.manifest.name'],
        [
          { url: 'http://127.0.0.1', manifest: manifest('x', { permissions: ['root'] }) },
          'body.manifest.permissions.0',
        ],
        [{ url: 'ftp://127.0.0.1/app', manifest: manifest('x') }, 'body.url'],
        [{ url: 'file:///etc/passwd', manifest: manifest('x') }, 'body.url'],
        [{ url: 'javascript:alert(1)', manifest: manifest('x') }, 'body.url'],
        [{ url: 'http://', manifest: manifest('x') }, 'body.url'],
        [{ manifest: manifest('x') }, 'body.url'],
        [{ url: 'http://127.0.0.1' }, 'body.manifest'],
        [{ url: 'http://127.0.0.1', manifest: manifest('x'), extra: 1 }, 'body.extra'],
        [{ url: 'http://127.0.0.1', manifest: manifest('x'), wants_key: 'yes' }, 'body.wants_key'],
      ];
      for (const [payload, loc] of cases) {
        const response = await register(payload);
        assert.equal(response.statusCode, 422, `${JSON.stringify(payload)}: ${response.body}`);
        const locs = response.json().detail.map((d: { loc: string[] }) => d.loc.join('.'));
        assert.ok(locs.includes(loc), `${loc} in ${response.body}`);
      }
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/apps/x', token: t.adminToken })).statusCode,
        404,
        'nothing stored',
      );
    });

    it('401 without or with a bogus credential, 403 for ordinary users, no key ever logged or audited', async () => {
      const user = await t.createUser('ordinary');
      const payload = { url: 'http://127.0.0.1', manifest: manifest('nope'), wants_key: true };
      assert.equal(
        (await t.request({ method: 'POST', url: '/api/v1/apps/register', payload })).statusCode,
        401,
      );
      assert.equal((await register(payload, 'nvrapp_' + 'A'.repeat(43))).statusCode, 401);
      assert.equal((await register(payload, user.token)).statusCode, 403);
      for (const [method, url] of [
        ['GET', '/api/v1/apps'],
        ['GET', '/api/v1/apps/nope'],
        ['DELETE', '/api/v1/apps/nope'],
        ['POST', '/api/v1/apps/nope/enable'],
        ['POST', '/api/v1/apps/nope/disable'],
      ] as const) {
        assert.equal((await t.request({ method, url })).statusCode, 401, url);
        assert.equal((await t.request({ method, url, token: user.token })).statusCode, 403, url);
      }
      for (const url of ['/api/v1/apps/nope', '/api/v1/apps/nope/enable']) {
        const method = url.endsWith('enable') ? 'POST' : 'GET';
        assert.equal((await t.request({ method, url, token: t.adminToken })).statusCode, 404);
      }
      const audit = await t.request({
        method: 'GET',
        url: '/api/v1/audit-logs?limit=500',
        token: t.adminToken,
      });
      assert.ok(keys.length >= 5);
      for (const key of keys) {
        assert.ok(!audit.body.includes(key), 'key in audit log');
        assert.ok(!t.logs().includes(key), 'key in logs');
      }
    });
  });
}
