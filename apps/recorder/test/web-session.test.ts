// Web app sessions (docs/architecture.md, "Web app"): the refresh token travels only in an HttpOnly,
// SameSite=Strict cookie scoped to the session endpoints, each call needs the X-NVR-Client header, refreshing
// rotates the cookie, and ending the session revokes it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { REFRESH_GRACE_SECONDS } from '../src/modules/auth/refresh-rotation.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/app.js';

const WEB = { 'x-nvr-client': 'web' };

describe('web app sessions', () => {
  let t: TestApp;
  // The clock of refresh-token rotation runs ahead of real time when a test moves it past the grace window.
  let clockAhead = 0;
  before(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: '127.0.0.1' },
      overrides: { refreshClock: () => Date.now() + clockAhead },
    });
  });
  after(() => t.close());

  const cookieOf = (header: string | string[] | undefined) => {
    const text = [header ?? []].flat().join(';');
    return { text, value: /nvr_session=([^;]*)/.exec(text)?.[1] ?? null };
  };
  const start = (headers: Record<string, string> = WEB, username = 'admin', password = ADMIN_PASSWORD) =>
    t.request({ method: 'POST', url: '/api/v1/auth/session', headers, payload: { username, password } });
  const refresh = (cookie: string | null, headers: Record<string, string> = WEB) =>
    t.request({
      method: 'POST',
      url: '/api/v1/auth/session/refresh',
      headers: { ...headers, ...(cookie === null ? {} : { cookie: `nvr_session=${cookie}` }) },
    });

  it('signs in with the refresh token in an HttpOnly, SameSite=Strict cookie on the session path only', async () => {
    const response = await start();
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.deepEqual(Object.keys(body).sort(), [
      'access_token',
      'expires_in',
      'is_superuser',
      'password_change_required',
      'token_type',
      'username',
    ]);
    assert.equal(body.username, 'admin');
    assert.equal(body.is_superuser, true);
    // ADMIN_PASSWORD chose the password: nothing to change.
    assert.equal(body.password_change_required, false);
    const cookie = cookieOf(response.headers['set-cookie']);
    assert.ok(cookie.value);
    assert.match(cookie.text, /; Path=\/api\/v1\/auth\/session; Max-Age=2592000; HttpOnly; SameSite=Strict$/);
    // The access token works for the API.
    const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', token: body.access_token });
    assert.equal(me.json().username, 'admin');
    // Over HTTPS (a trusted proxy says so) the cookie is Secure too.
    const secure = await start({ ...WEB, 'x-forwarded-proto': 'https' });
    assert.match(cookieOf(secure.headers['set-cookie']).text, /; Secure$/);
  });

  it('refuses session calls without the X-NVR-Client header (a cross-site form cannot add one)', async () => {
    const signedIn = cookieOf((await start()).headers['set-cookie']).value;
    for (const response of [await start({}), await refresh(signedIn, {})]) {
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().detail.code, 'missing_client_header');
      assert.equal(response.headers['set-cookie'], undefined);
    }
    const ended = await t.request({
      method: 'DELETE',
      url: '/api/v1/auth/session',
      token: t.adminToken,
      headers: { cookie: `nvr_session=${signedIn}` },
    });
    assert.equal(ended.statusCode, 403);
  });

  it('rotates the cookie on refresh; a replayed old cookie ends the whole session', async () => {
    const first = cookieOf((await start()).headers['set-cookie']).value;
    const renewed = await refresh(first);
    assert.equal(renewed.statusCode, 200, renewed.body);
    const second = cookieOf(renewed.headers['set-cookie']).value;
    assert.ok(second && second !== first);
    assert.equal(renewed.json().username, 'admin');
    // Past the grace window for refreshes that were on their way when the cookie was rotated.
    clockAhead += (REFRESH_GRACE_SECONDS + 1) * 1000;
    const replayed = await refresh(first);
    assert.equal(replayed.statusCode, 401);
    assert.match(cookieOf(replayed.headers['set-cookie']).text, /nvr_session=; .*Max-Age=0/);
    // Reuse detection revoked the family: the rotated cookie is dead too.
    assert.equal((await refresh(second)).statusCode, 401);
  });

  it('renews one cookie in three tabs at once: all stay signed in with the same new cookie', async () => {
    // Issue #32: three tabs opened at once each renewed the session with the same cookie; the second and third
    // were taken for theft and the whole session ended.
    const user = await t.createUser('tabs');
    const cookie = cookieOf((await start(WEB, 'tabs', user.password)).headers['set-cookie']).value;
    const answers = await Promise.all([1, 2, 3].map(() => refresh(cookie)));
    assert.deepEqual(
      answers.map((answer) => answer.statusCode),
      [200, 200, 200],
      answers.map((answer) => answer.body).join('\n'),
    );
    const cookies = new Set(answers.map((answer) => cookieOf(answer.headers['set-cookie']).value));
    assert.equal(cookies.size, 1);
    const [next] = cookies;
    assert.ok(next && next !== cookie);
    for (const answer of answers) assert.equal(answer.json().username, 'tabs');
    // The session goes on with the new cookie.
    clockAhead += (REFRESH_GRACE_SECONDS + 1) * 1000;
    assert.equal((await refresh(next)).statusCode, 200);
  });

  it('answers 204 without a cookie (the app shows its sign-in without an error)', async () => {
    const none = await refresh(null);
    assert.equal(none.statusCode, 204);
    assert.equal(none.body, '');
  });

  it('ends the session: the cookie is cleared and can no longer be refreshed', async () => {
    // Its own account: ending a session ends every access token of the account (the admin's drives the test).
    const leaver = await t.createUser('leaver');
    const signedIn = await start(WEB, 'leaver', leaver.password);
    const cookie = cookieOf(signedIn.headers['set-cookie']).value;
    const ended = await t.request({
      method: 'DELETE',
      url: '/api/v1/auth/session',
      token: signedIn.json().access_token,
      headers: { ...WEB, cookie: `nvr_session=${cookie}` },
    });
    assert.equal(ended.statusCode, 204);
    assert.match(cookieOf(ended.headers['set-cookie']).text, /nvr_session=; .*Max-Age=0/);
    assert.equal((await refresh(cookie)).statusCode, 401);
    const me = await t.request({
      method: 'GET',
      url: '/api/v1/auth/me',
      token: signedIn.json().access_token,
    });
    assert.equal(me.statusCode, 401);
  });

  it('says why a sign-in failed, like the login endpoint', async () => {
    await t.createUser('sessionuser');
    const wrong = await t.request({
      method: 'POST',
      url: '/api/v1/auth/session',
      headers: WEB,
      payload: { username: 'sessionuser', password: 'not-it-at-all' },
    });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().detail, 'Incorrect username or password');
    assert.equal(wrong.headers['set-cookie'], undefined);
  });
});

describe('a first start with a generated admin password', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ generatedAdminPassword: true });
  });
  after(() => t.close());

  it('says the password must change until the admin chose one, and only the admin', async () => {
    const signIn = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/auth/session',
        headers: WEB,
        payload: { username: 'admin', password },
      });
    const first = await signIn(t.adminPassword);
    assert.equal(first.json().password_change_required, true);
    const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', token: first.json().access_token });
    assert.equal(me.json().password_change_required, true);
    // Another account made through the API has a password someone chose.
    const other = await t.createUser('viewer');
    const otherMe = await t.request({ method: 'GET', url: '/api/v1/auth/me', token: other.token });
    assert.equal(otherMe.json().password_change_required, false);

    const changed = await t.request({
      method: 'PUT',
      url: '/api/v1/users/me/password',
      token: first.json().access_token,
      payload: { current_password: t.adminPassword, new_password: 'a-password-I-chose' },
    });
    assert.equal(changed.statusCode, 204, changed.body);
    assert.equal((await signIn('a-password-I-chose')).json().password_change_required, false);
  });
});
