// Secrets never leave: not in responses, not in log lines, not in the audit log.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/app.js';

describe('secrets stay secret', () => {
  let t: TestApp;
  const responses: string[] = [];
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('passwords and tokens appear in no response, log line or audit row', async () => {
    const secrets = ['First-secret-pw1', 'Second-secret-pw2', 'Third-secret-pw3'];
    const record = async (p: ReturnType<TestApp['request']>) => {
      const response = await p;
      responses.push(response.body, JSON.stringify(response.headers));
      return response;
    };

    const created = await record(
      t.request({
        method: 'POST',
        url: '/api/v1/users',
        token: t.adminToken,
        payload: { username: 'grace', password: secrets[0] },
      }),
    );
    const id = created.json().id as number;
    await record(
      t.request({
        method: 'PUT',
        url: `/api/v1/users/${id}`,
        token: t.adminToken,
        payload: { password: secrets[1] },
      }),
    );
    const pair = (
      await record(
        t.request({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: 'grace', password: secrets[1] },
        }),
      )
    ).json();
    await record(
      t.request({
        method: 'PUT',
        url: '/api/v1/users/me/password',
        token: pair.access_token,
        payload: { current_password: secrets[1], new_password: secrets[2] },
      }),
    );
    await record(
      t.request({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'grace', password: 'typo-' + secrets[2] },
      }),
    );
    await record(
      t.request({
        method: 'POST',
        url: `/api/v1/auth/login?password=${secrets[2]}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=grace&password=${secrets[2]}`,
      }),
    );
    // A failing request carrying a secret (validation error) must not echo it either.
    await record(
      t.request({
        method: 'POST',
        url: '/api/v1/users',
        token: t.adminToken,
        payload: { username: 'x', password: secrets[0] },
      }),
    );
    const audit = await record(
      t.request({ method: 'GET', url: '/api/v1/audit-logs?limit=500', token: t.adminToken }),
    );
    assert.ok(audit.json().total > 5);

    const logs = t.logs();
    assert.ok(logs.split('\n').length > 5, 'the app logged requests');
    assert.match(logs, /password=\[REDACTED\]/, 'the secret in the URL was logged masked');
    const auditText = audit.body;
    for (const secret of [...secrets, ADMIN_PASSWORD]) {
      assert.ok(!logs.includes(secret), `log contains ${secret}`);
      assert.ok(!auditText.includes(secret), `audit contains ${secret}`);
      for (const body of responses) assert.ok(!body.includes(secret), `a response contains ${secret}`);
    }
    // Bearer tokens are credentials too: never logged.
    assert.ok(!logs.includes(t.adminToken));
    assert.ok(!logs.includes(pair.access_token));
    // No password hashes in any response.
    for (const body of responses) assert.ok(!body.includes('$argon2'), 'a response contains a password hash');
  });
});
