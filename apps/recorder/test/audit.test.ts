import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { testDialects } from './helpers/database.js';

for (const dialect of testDialects()) {
  describe(`audit log (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({ dialect });
    });
    after(() => t.close());

    const logs = async (query = '') => {
      const response = await t.request({
        method: 'GET',
        url: `/api/v1/audit-logs${query}`,
        token: t.adminToken,
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ logs: Record<string, unknown>[]; total: number }>();
    };

    it('records logins, failed logins, user changes and logouts with who, where and what', async () => {
      const frank = await t.createUser('frank');
      await t.request({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'frank', password: 'wrong-password' },
        headers: { 'user-agent': 'audit-test-agent' },
      });
      await t.request({ method: 'POST', url: '/api/v1/auth/logout', token: frank.token });

      const created = await logs(`?action=user.create&entity_id=${frank.id}`);
      assert.equal(created.total, 1);
      const row = created.logs[0]!;
      assert.equal(row.entity_type, 'user');
      assert.equal(row.username, 'admin');
      assert.equal(typeof row.timestamp, 'string');
      assert.deepEqual((row.details as Record<string, unknown>).username, 'frank');

      const failed = await logs('?action=auth.login_failed');
      const mine = failed.logs.find((l) => (l.details as Record<string, unknown>).username === 'frank');
      assert.ok(mine);
      assert.equal(mine.user_agent, 'audit-test-agent');
      assert.equal(mine.ip, '127.0.0.1');
      assert.equal(mine.user_id, null);

      assert.equal((await logs(`?action=auth.logout&user_id=${frank.id}`)).total, 1);
      assert.ok((await logs(`?action=auth.login&user_id=${frank.id}`)).total >= 1);
    });

    it('pages newest first and filters by time', async () => {
      const all = await logs('?limit=500');
      assert.ok(all.total >= 3);
      const stamps = all.logs.map((l) => String(l.timestamp));
      assert.deepEqual([...stamps].sort().reverse(), stamps);
      const page = await logs('?skip=1&limit=2');
      assert.equal(page.logs.length, 2);
      assert.deepEqual(page.logs[0], all.logs[1]);
      assert.equal(page.total, all.total);

      const future = await logs(`?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
      assert.equal(future.total, 0);
      const past = await logs(`?until=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`);
      assert.equal(past.total, 0);
      const bad = await t.request({
        method: 'GET',
        url: '/api/v1/audit-logs?since=yesterday',
        token: t.adminToken,
      });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(bad.json().detail[0].loc, ['query', 'since']);
    });
  });
}
