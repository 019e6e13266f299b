import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_PASSWORD, USER_PASSWORD, createTestApp, type TestApp } from './helpers/app.js';
import { testDialects } from './helpers/database.js';
import { REFRESH_GRACE_SECONDS } from '../src/modules/auth/refresh-rotation.js';

for (const dialect of testDialects()) {
  describe(`auth (${dialect})`, () => {
    let t: TestApp;
    // The clock of refresh-token rotation runs ahead of real time when a test moves it past the grace window.
    let clockAhead = 0;
    before(async () => {
      t = await createTestApp({ dialect, overrides: { refreshClock: () => Date.now() + clockAhead } });
    });
    after(() => t.close());
    const pastTheGraceWindow = () => {
      clockAhead += (REFRESH_GRACE_SECONDS + 1) * 1000;
    };
    const reuseAudits = async (userId: number) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/v1/audit-logs?action=auth.refresh_reuse&entity_type=user&entity_id=${userId}`,
        token: t.adminToken,
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ logs: { details: Record<string, unknown> | null }[] }>().logs;
    };

    const login = (payload: Record<string, unknown> | string, form = false) =>
      t.request({
        method: 'POST',
        url: '/api/v1/auth/login',
        ...(form
          ? { payload: payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
          : { payload: payload }),
      });

    it('logs in with the OAuth2 form and returns a usable token pair', async () => {
      const response = await login(
        `grant_type=password&username=admin&password=${ADMIN_PASSWORD}&scope=`,
        true,
      );
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.equal(body.token_type, 'bearer');
      assert.equal(body.expires_in, 1800);
      assert.equal(body.refresh_expires_in, 30 * 24 * 3600);
      const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', token: body.access_token });
      assert.equal(me.statusCode, 200);
      assert.equal(me.json().username, 'admin');
      assert.equal(me.json().is_superuser, true);
      assert.ok(me.json().last_login_at);
    });

    it('logs in with JSON, and the username is case-insensitive', async () => {
      const response = await login({ username: 'ADMIN', password: ADMIN_PASSWORD });
      assert.equal(response.statusCode, 200);
    });

    it('answers 401 with the same message for a wrong password and an unknown user', async () => {
      const wrong = await login({ username: 'admin', password: 'not-the-password' });
      const unknown = await login({ username: 'nobody-here', password: 'whatever-password' });
      assert.equal(wrong.statusCode, 401);
      assert.equal(unknown.statusCode, 401);
      assert.deepEqual(wrong.json(), { detail: 'Incorrect username or password' });
      assert.deepEqual(unknown.json(), wrong.json());
      assert.equal(wrong.headers['www-authenticate'], 'Bearer');
    });

    it('rejects a grant_type other than password with 422 naming the field', async () => {
      const response = await login(`grant_type=client_credentials&username=admin&password=x`, true);
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json().detail[0].loc, ['body', 'grant_type']);
    });

    it('requires username and password', async () => {
      const response = await login({ username: 'admin' });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json().detail[0].loc, ['body', 'password']);
      assert.equal(response.json().detail[0].type, 'missing');
    });

    it('locks an account after five failures: 429 with Retry-After, even for the right password', async () => {
      const user = await t.createUser('lockme');
      for (let i = 0; i < 5; i++) {
        assert.equal((await login({ username: 'lockme', password: 'wrong-password' })).statusCode, 401);
      }
      const locked = await login({ username: 'lockme', password: user.password });
      assert.equal(locked.statusCode, 429);
      const retryAfter = Number(locked.headers['retry-after']);
      assert.ok(retryAfter > 0 && retryAfter <= 300, `Retry-After ${retryAfter}`);
      // Other accounts are unaffected.
      assert.equal((await login({ username: 'admin', password: ADMIN_PASSWORD })).statusCode, 200);
    });

    it('a successful login resets the failure count', async () => {
      const user = await t.createUser('resetme');
      for (let i = 0; i < 4; i++) await login({ username: 'resetme', password: 'wrong-password' });
      assert.equal((await login({ username: 'resetme', password: user.password })).statusCode, 200);
      for (let i = 0; i < 4; i++) await login({ username: 'resetme', password: 'wrong-password' });
      assert.equal((await login({ username: 'resetme', password: user.password })).statusCode, 200);
    });

    it('answers 403 for an inactive user with the right password', async () => {
      const user = await t.createUser('sleeper');
      const off = await t.request({ method: 'DELETE', url: `/api/v1/users/${user.id}`, token: t.adminToken });
      assert.equal(off.statusCode, 204);
      const response = await login({ username: 'sleeper', password: user.password });
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), { detail: 'Inactive user' });
    });

    it('rotates refresh tokens, and reuse of a rotated one revokes the whole family', async () => {
      await t.createUser('rotator');
      const first = await t.login('rotator', USER_PASSWORD);
      const refresh = (token: string) =>
        t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: token } });

      const second = await refresh(first.refresh_token);
      assert.equal(second.statusCode, 200);
      const secondPair = second.json<{ access_token: string; refresh_token: string }>();
      assert.notEqual(secondPair.refresh_token, first.refresh_token);
      const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', token: secondPair.access_token });
      assert.equal(me.statusCode, 200);

      // The first token was rotated away: presenting it again, once the grace window for requests that were
      // on their way has passed, is theft detection.
      pastTheGraceWindow();
      const reuse = await refresh(first.refresh_token);
      assert.equal(reuse.statusCode, 401);
      // ... and the legitimate successor is dead too.
      assert.equal((await refresh(secondPair.refresh_token)).statusCode, 401);
      // A separate login (another family) is unaffected.
      const other = await t.login('rotator', USER_PASSWORD);
      assert.equal((await refresh(other.refresh_token)).statusCode, 200);
    });

    it('three refreshes of one token at once all succeed with one successor, and the session goes on', async () => {
      // Three tabs (or a script's parallel calls) renew the same session at the same moment (issue #32).
      const { id } = await t.createUser('three-tabs');
      const pair = await t.login('three-tabs', USER_PASSWORD);
      const refresh = (token: string) =>
        t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: token } });
      const answers = await Promise.all([1, 2, 3].map(() => refresh(pair.refresh_token)));
      assert.deepEqual(
        answers.map((answer) => answer.statusCode),
        [200, 200, 200],
        answers.map((answer) => answer.body).join('\n'),
      );
      const successors = new Set(
        answers.map((answer) => answer.json<{ refresh_token: string }>().refresh_token),
      );
      // One successor (not three sessions): the one that rotated the token, given again to the others.
      assert.equal(successors.size, 1);
      const [successor] = successors;
      assert.notEqual(successor, pair.refresh_token);
      for (const answer of answers) {
        const me = await t.request({
          method: 'GET',
          url: '/api/v1/auth/me',
          token: answer.json<{ access_token: string }>().access_token,
        });
        assert.equal(me.statusCode, 200);
      }
      // The session goes on, also after the grace window, and nothing was taken for theft.
      pastTheGraceWindow();
      assert.equal((await refresh(successor!)).statusCode, 200);
      assert.deepEqual(await reuseAudits(id), []);
    });

    it('a rotated token within the grace window is still theft from another client or once its successor was used', async () => {
      const refresh = (token: string, userAgent = 'tab') =>
        t.request({
          method: 'POST',
          url: '/api/v1/auth/refresh',
          headers: { 'user-agent': userAgent },
          payload: { refresh_token: token },
        });
      const { id } = await t.createUser('grace');

      // Presented again by another client (another user agent): the family ends at once.
      const first = await t.login('grace', USER_PASSWORD);
      const rotated = await refresh(first.refresh_token);
      assert.equal(rotated.statusCode, 200);
      assert.equal((await refresh(first.refresh_token, 'somebody else')).statusCode, 401);
      assert.equal((await refresh(rotated.json().refresh_token)).statusCode, 401);

      // Presented again after the successor itself was used: the family ends at once.
      const second = await t.login('grace', USER_PASSWORD);
      const next = await refresh(second.refresh_token);
      const afterNext = await refresh(next.json().refresh_token);
      assert.equal(afterNext.statusCode, 200);
      assert.equal((await refresh(second.refresh_token)).statusCode, 401);
      assert.equal((await refresh(afterNext.json().refresh_token)).statusCode, 401);

      // A session that was ended is not brought back by its old token.
      const third = await t.login('grace', USER_PASSWORD);
      const renewed = await refresh(third.refresh_token);
      const ended = await t.request({
        method: 'POST',
        url: '/api/v1/auth/logout',
        token: renewed.json().access_token,
        payload: { refresh_token: renewed.json().refresh_token },
      });
      assert.equal(ended.statusCode, 204);
      assert.equal((await refresh(third.refresh_token)).statusCode, 401);

      assert.deepEqual((await reuseAudits(id)).map((audit) => audit.details?.reason).sort(), [
        'other_client',
        'session_ended',
        'session_ended',
        'session_ended',
        'successor_used',
      ]);
    });

    it('an access token cannot be used as a refresh token and vice versa', async () => {
      const pair = await t.login('admin', ADMIN_PASSWORD);
      const asRefresh = await t.request({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: pair.access_token },
      });
      assert.equal(asRefresh.statusCode, 401);
      const asAccess = await t.request({ method: 'GET', url: '/api/v1/auth/me', token: pair.refresh_token });
      assert.equal(asAccess.statusCode, 401);
    });

    it('logout with a refresh token ends that session; without one ends all of them', async () => {
      await t.createUser('leaver');
      const a = await t.login('leaver', USER_PASSWORD);
      const b = await t.login('leaver', USER_PASSWORD);
      const refresh = (token: string) =>
        t.request({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: token } });

      const one = await t.request({
        method: 'POST',
        url: '/api/v1/auth/logout',
        token: a.access_token,
        payload: { refresh_token: a.refresh_token },
      });
      assert.equal(one.statusCode, 204);
      assert.equal((await refresh(a.refresh_token)).statusCode, 401);
      // The other session goes on with its refresh token (its access token ended with the logout: see
      // auth-revocation.test.ts).
      const bNext = await refresh(b.refresh_token);
      assert.equal(bNext.statusCode, 200);

      const all = await t.request({
        method: 'POST',
        url: '/api/v1/auth/logout',
        token: bNext.json().access_token,
      });
      assert.equal(all.statusCode, 204);
      assert.equal((await refresh(bNext.json().refresh_token)).statusCode, 401);
    });

    it('a role change applies to the next request of an existing token, and /auth/me shows it', async () => {
      const user = await t.createUser('promoted');
      const me = () => t.request({ method: 'GET', url: '/api/v1/auth/me', token: user.token });
      const listUsers = () => t.request({ method: 'GET', url: '/api/v1/users', token: user.token });
      const setSuperuser = (value: boolean) =>
        t.request({
          method: 'PUT',
          url: `/api/v1/users/${user.id}`,
          token: t.adminToken,
          payload: { is_superuser: value },
        });
      assert.equal((await listUsers()).statusCode, 403);
      assert.equal((await me()).json().is_superuser, false);
      assert.equal((await setSuperuser(true)).statusCode, 200);
      assert.equal((await listUsers()).statusCode, 200);
      assert.equal((await me()).json().is_superuser, true);
      assert.equal((await setSuperuser(false)).statusCode, 200);
      assert.equal((await listUsers()).statusCode, 403);
      assert.equal((await me()).json().is_superuser, false);
    });

    it('deactivating a user invalidates their access and refresh tokens at once', async () => {
      const user = await t.createUser('fired');
      const pair = await t.login('fired', user.password);
      await t.request({ method: 'DELETE', url: `/api/v1/users/${user.id}`, token: t.adminToken });
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/auth/me', token: pair.access_token })).statusCode,
        401,
      );
      const refreshed = await t.request({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: pair.refresh_token },
      });
      assert.equal(refreshed.statusCode, 401);
    });
  });
}
