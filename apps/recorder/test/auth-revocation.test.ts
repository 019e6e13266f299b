// Issue #15 item 11: access tokens and URL tickets end with logout, a password change and deactivation, at
// once, not when they expire.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JwtService } from '../src/platform/auth/jwt.js';
import { loadOrCreateSecretFile } from '../src/platform/crypto/key-file.js';
import { requestContext } from '../src/platform/http/authentication.js';
import { USER_PASSWORD, createTestApp, type TestApp } from './helpers/app.js';
import { testDialects } from './helpers/database.js';

type Pair = { access_token: string; refresh_token: string };

/** The `iat` claim (seconds) of a token. */
const issuedAt = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number }).iat;

for (const dialect of testDialects()) {
  describe(`token revocation (${dialect})`, () => {
    let t: TestApp;
    // Routes that take URL tickets, as the event stream and media routes do.
    const routes = (app: FastifyInstance) => {
      app.get('/events-ticketed', { config: { ticket: 'events' } }, async (request) => ({
        user: requestContext(request).principal.username,
      }));
      app.get('/media-ticketed', { config: { ticket: 'media' } }, async (request) => ({
        user: requestContext(request).principal.username,
      }));
    };
    before(async () => {
      t = await createTestApp({ dialect, routes });
    });
    after(() => t.close());

    const me = async (token: string) =>
      (await t.request({ method: 'GET', url: '/api/v1/auth/me', token })).statusCode;
    const logout = (token: string, refreshToken?: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/auth/logout',
        token,
        ...(refreshToken === undefined ? {} : { payload: { refresh_token: refreshToken } }),
      });
    const refresh = (refreshToken: string) =>
      t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: refreshToken } });

    it('logout ends the access token at once, even one of the same second; the login right after works', async () => {
      await t.createUser('leaver');
      let sameSecond = 0;
      // Token, logout and re-login usually fall into one second; a second boundary in between is retried, so that
      // the case `iat` alone cannot tell apart is surely covered.
      for (let round = 0; round < 6 && sameSecond === 0; round++) {
        const old = await t.login('leaver', USER_PASSWORD);
        assert.equal(await me(old.access_token), 200);
        assert.equal((await logout(old.access_token)).statusCode, 204);
        const fresh = await t.login('leaver', USER_PASSWORD);
        assert.equal(await me(old.access_token), 401, 'the token from before the logout');
        assert.equal(await me(fresh.access_token), 200, 'the token of the login after it');
        if (issuedAt(old.access_token) === issuedAt(fresh.access_token)) sameSecond++;
      }
      assert.equal(sameSecond, 1, 'an old and a new token issued in the same second were compared');
    });

    it("logout of one session ends all the user's access tokens; the other session refreshes and goes on", async () => {
      await t.createUser('two_devices');
      const phone = await t.login('two_devices', USER_PASSWORD);
      const desktop = await t.login('two_devices', USER_PASSWORD);
      assert.equal((await logout(phone.access_token, phone.refresh_token)).statusCode, 204);
      assert.equal(await me(phone.access_token), 401);
      assert.equal(await me(desktop.access_token), 401);
      assert.equal((await refresh(phone.refresh_token)).statusCode, 401, 'the phone session is over');
      const renewed = await refresh(desktop.refresh_token);
      assert.equal(renewed.statusCode, 200, 'the desktop session is not');
      assert.equal(await me(renewed.json<Pair>().access_token), 200);
    });

    it("a password change ends every session's access token, the caller's too; the new password logs in", async () => {
      await t.createUser('changer');
      const a = await t.login('changer', USER_PASSWORD);
      const b = await t.login('changer', USER_PASSWORD);
      const change = await t.request({
        method: 'PUT',
        url: '/api/v1/users/me/password',
        token: a.access_token,
        payload: { current_password: USER_PASSWORD, new_password: 'N3w-pass-phrase' },
      });
      assert.equal(change.statusCode, 204, change.body);
      assert.equal(await me(a.access_token), 401);
      assert.equal(await me(b.access_token), 401);
      assert.equal((await refresh(b.refresh_token)).statusCode, 401);
      const next = await t.login('changer', 'N3w-pass-phrase');
      assert.equal(await me(next.access_token), 200);
    });

    it("an administrator's password reset ends the user's access tokens, not the administrator's", async () => {
      const user = await t.createUser('forgetful');
      const reset = await t.request({
        method: 'PUT',
        url: `/api/v1/users/${user.id}`,
        token: t.adminToken,
        payload: { password: 'Res3t-by-admin' },
      });
      assert.equal(reset.statusCode, 200, reset.body);
      assert.equal(await me(user.token), 401);
      assert.equal(await me(t.adminToken), 200);
      assert.equal(await me((await t.login('forgetful', 'Res3t-by-admin')).access_token), 200);
    });

    it('a deactivated user gets no token back by being reactivated', async () => {
      const user = await t.createUser('returning');
      assert.equal(
        (await t.request({ method: 'DELETE', url: `/api/v1/users/${user.id}`, token: t.adminToken }))
          .statusCode,
        204,
      );
      const back = await t.request({
        method: 'PUT',
        url: `/api/v1/users/${user.id}`,
        token: t.adminToken,
        payload: { is_active: true },
      });
      assert.equal(back.statusCode, 200, back.body);
      assert.equal(await me(user.token), 401, 'the token from before the deactivation');
      assert.equal(await me((await t.login('returning', USER_PASSWORD)).access_token), 200);
    });

    it('event and media tickets issued before a logout stop working with it; new ones work', async () => {
      const user = await t.createUser('viewer');
      const eventsTicket = async (token: string) => {
        const response = await t.request({ method: 'POST', url: '/api/v1/events/ticket', token });
        assert.equal(response.statusCode, 200, response.body);
        return response.json<{ ticket: string }>().ticket;
      };
      const open = async (path: string, ticket: string) =>
        (await t.request({ method: 'GET', url: `${path}?ticket=${encodeURIComponent(ticket)}` })).statusCode;

      const oldEvents = await eventsTicket(user.token);
      const oldMedia = (await t.container.tickets.issue(user.id, { purpose: 'media', cameraId: 1 })).ticket;
      assert.equal(await open('/media-ticketed', oldMedia), 200, 'a media ticket works until the logout');
      assert.equal((await logout(user.token)).statusCode, 204);
      assert.equal(await open('/events-ticketed', oldEvents), 401);
      assert.equal(await open('/media-ticketed', oldMedia), 401);

      const again = await t.login('viewer', USER_PASSWORD);
      assert.equal(await open('/events-ticketed', await eventsTicket(again.access_token)), 200);
      const newMedia = (await t.container.tickets.issue(user.id, { purpose: 'media', cameraId: 1 })).ticket;
      assert.equal(await open('/media-ticketed', newMedia), 200);
    });

    it('a token from before the upgrade (no epoch claim) works until the first revocation of its user', async () => {
      const user = await t.createUser('veteran');
      // As migration 0011 leaves a user who existed before it, and as the recorder signed tokens then.
      await t.container.database.db
        .updateTable('users')
        .set({ token_epoch: 0 })
        .where('id', '=', user.id)
        .execute();
      const jwt = new JwtService(loadOrCreateSecretFile(join(t.config.dataDir, 'jwt.secret'), 64));
      const { token } = await jwt.sign('access', String(user.id), 1800, { username: 'veteran' });
      assert.equal(await me(token), 200);
      assert.equal((await logout(token)).statusCode, 204);
      assert.equal(await me(token), 401);
    });

    it('restoring a backup made before a logout does not bring the ended tokens back', async () => {
      const user = await t.createUser('restored');
      const admin = {
        principal: { userId: 1, username: 'admin', isSuperuser: true },
        ip: null,
        userAgent: null,
      };
      const { file } = await t.container.backup.backup(admin, 'backup-secret-key');
      assert.equal((await logout(user.token)).statusCode, 204);
      await t.container.backup.restore(admin, file, 'backup-secret-key', false);
      assert.equal(await me(user.token), 401);
      assert.equal(await me((await t.login('restored', USER_PASSWORD)).access_token), 200);
    });

    it('the check adds no read: an authenticated request still makes one user lookup, from the result cache', async (test) => {
      if (dialect !== 'sqlite')
        return test.skip('PostgreSQL caches once its change listener is up (pg-result-cache.test.ts)');
      const user = await t.createUser('steady');
      assert.equal(await me(user.token), 200);
      const cache = t.container.database.resultCache;
      const get = test.mock.method(cache, 'get');
      const set = test.mock.method(cache, 'set');
      assert.equal(await me(user.token), 200);
      assert.equal(get.mock.callCount(), 1, 'one cacheable read: the user row');
      assert.ok(get.mock.calls[0]!.result !== undefined, 'answered from the cache');
      assert.equal(set.mock.callCount(), 0);
    });
  });
}
