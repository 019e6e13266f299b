import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { AlertActionsRepository } from '../src/modules/alert-actions/alert-actions.repository.js';
import type { RaiseAlert } from '../src/modules/alerts/alerts.schemas.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/app.js';
import { createTestDatabase, testDialects } from './helpers/database.js';
import { startReceiver, type Receiver } from './helpers/receivers.js';

const SECRET = 'whsec-Do-Not-Leak-4711';
const TOKEN = 'twilio-token-Do-Not-Leak-0815';
const FAST = [20, 20, 20, 20, 20];

const verify = (secret: string, headers: Record<string, unknown>, body: string) => {
  const expected = `sha256=${createHmac('sha256', secret)
    .update(`${String(headers['x-timestamp'])}.${body}`)
    .digest('hex')}`;
  return headers['x-signature-256'] === expected;
};

for (const dialect of testDialects()) {
  describe(`alert actions on ${dialect}`, () => {
    let t: TestApp;
    const receivers: Receiver[] = [];
    const receiver = async (answer?: Parameters<typeof startReceiver>[0]) => {
      const r = await startReceiver(answer);
      receivers.push(r);
      return r;
    };
    const patch = (payload: unknown, token = t.adminToken) =>
      t.request({ method: 'PATCH', url: '/api/v1/alerts/actions', token, payload: payload as object });
    const raise = (fields: Partial<RaiseAlert> = {}) =>
      t.container.alerts.raise({ source_name: 'people', severity: 'critical', title: 'Intruder', ...fields });
    const deliveries = async (alertId: number) =>
      (
        await t.request({ method: 'GET', url: `/api/v1/alerts/${alertId}/deliveries`, token: t.adminToken })
      ).json();

    before(async () => {
      t = await createTestApp({ dialect, overrides: { deliveryRetryDelaysMs: FAST } });
    });
    after(async () => {
      for (const r of receivers) await r.close();
      await t.close();
    });
    afterEach(async () => {
      await t.container.deliveries.idle();
      assert.equal((await patch({ webhook: null, telephony: null, min_severity: null })).statusCode, 200);
    });

    it('config: defaults, partial updates, write-only secrets (blank keeps, null clears), 401/403', async () => {
      const initial = await t.request({ method: 'GET', url: '/api/v1/alerts/actions', token: t.adminToken });
      assert.equal(initial.statusCode, 200);
      assert.equal(initial.json().min_severity, 'high');
      assert.equal(initial.json().webhook.secret_set, false);
      assert.equal(initial.json().telephony.base_url, 'https://api.twilio.com');

      const updated = await patch({
        min_severity: 'medium',
        webhook: {
          enabled: true,
          url: 'http://127.0.0.1:9/hook',
          secret: SECRET,
          headers: { 'X-Site': 'north' },
        },
        telephony: {
          enabled: true,
          account_sid: 'AC123',
          auth_token: TOKEN,
          from_number: '+15550000001',
          to_numbers: ['+15550000002'],
        },
      });
      assert.equal(updated.statusCode, 200, updated.body);
      const body = updated.json();
      assert.equal(body.min_severity, 'medium');
      assert.equal(body.webhook.secret_set, true);
      assert.equal(body.telephony.auth_token_set, true);
      assert.deepEqual(body.webhook.headers, { 'X-Site': 'north' });
      assert.ok(!('secret' in body.webhook) && !('auth_token' in body.telephony));

      // blank and omitted keep, other fields change independently
      const kept = await patch({
        webhook: { secret: '' },
        telephony: { auth_token: '', to_numbers: ['+15550000003'] },
      });
      assert.equal(kept.json().webhook.secret_set, true);
      assert.equal(kept.json().telephony.auth_token_set, true);
      assert.deepEqual(kept.json().telephony.to_numbers, ['+15550000003']);
      assert.equal(kept.json().min_severity, 'medium');
      // null clears; an enabled channel without what it needs is refused, naming the field
      const cleared = await patch({ webhook: { secret: null } });
      assert.equal(cleared.json().webhook.secret_set, false);
      const incomplete = await patch({ telephony: { auth_token: null } });
      assert.equal(incomplete.statusCode, 422);
      assert.deepEqual(incomplete.json().detail[0].loc, ['body', 'telephony', 'auth_token']);
      assert.equal(
        (await patch({ telephony: { enabled: false, auth_token: null } })).json().telephony.auth_token_set,
        false,
      );

      for (const [payload, loc] of [
        [{ min_severity: 'urgent' }, ['body', 'min_severity']],
        [{ webhook: { url: 'ftp://x' } }, ['body', 'webhook', 'url']],
        [{ telephony: { to_numbers: ['555'] } }, ['body', 'telephony', 'to_numbers', 0]],
        [{ webhook: { headers: { 'X-Timestamp': '1' } } }, ['body', 'webhook', 'headers', 'X-Timestamp']],
        [{ webhook: { nope: true } }, ['body', 'webhook', 'nope']],
      ] as const) {
        const response = await patch(payload);
        assert.equal(response.statusCode, 422, JSON.stringify(payload));
        assert.deepEqual(response.json().detail[0].loc, loc, JSON.stringify(payload));
      }

      const user = await t.createUser('carol');
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/alerts/actions', token: user.token })).statusCode,
        403,
      );
      assert.equal((await patch({ min_severity: 'low' }, user.token)).statusCode, 403);
      assert.equal(
        (await t.request({ method: 'POST', url: '/api/v1/alerts/actions/test', token: user.token }))
          .statusCode,
        403,
      );
      const alert = await raise({ severity: 'info' });
      assert.equal(
        (await t.request({ method: 'GET', url: `/api/v1/alerts/${alert.id}/deliveries`, token: user.token }))
          .statusCode,
        403,
      );
      assert.equal((await t.request({ method: 'GET', url: '/api/v1/alerts/actions' })).statusCode, 401);
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/alerts/999999/deliveries', token: t.adminToken }))
          .statusCode,
        404,
      );
    });

    it('the webhook is signed; a receiver failing twice gets exactly one successful delivery', async () => {
      const hook = await receiver((n) => (n <= 2 ? 503 : 200));
      await patch({ webhook: { enabled: true, url: `${hook.url}/hook`, secret: SECRET } });
      const alert = await raise();
      const success = await hook.nth(3);
      await t.container.deliveries.idle();
      assert.equal(success.status, 200);
      assert.equal(success.path, '/hook');
      assert.equal(success.headers['content-type'], 'application/json');
      assert.ok(verify(SECRET, success.headers, success.body), 'signature verifies');
      assert.ok(!verify('another secret', success.headers, success.body));
      assert.deepEqual(JSON.parse(success.body), { event: 'alert.created', alert });
      for (const earlier of hook.received) assert.ok(verify(SECRET, earlier.headers, earlier.body));

      const record = await deliveries(alert.id);
      assert.equal(record.total, 1);
      assert.equal(record.deliveries[0].status, 'delivered');
      assert.equal(record.deliveries[0].attempts, 3);
      assert.equal(record.deliveries[0].last_status_code, 200);
      assert.equal(record.deliveries[0].next_attempt_at, null);
      assert.equal(hook.received.filter((r) => r.status === 200).length, 1);
      assert.equal(hook.received.length, 3);
    });

    it('gives up after six attempts, and at once on a permanent refusal', async () => {
      const down = await receiver(() => 500);
      await patch({ webhook: { enabled: true, url: down.url } });
      const alert = await raise();
      await down.nth(6);
      await t.container.deliveries.idle();
      const record = (await deliveries(alert.id)).deliveries[0];
      assert.equal(record.status, 'failed');
      assert.equal(record.attempts, 6);
      assert.equal(record.last_error, 'HTTP 500');

      const refusing = await receiver(() => 400);
      await patch({ webhook: { url: refusing.url } });
      const second = await raise();
      await refusing.nth(1);
      await t.container.deliveries.idle();
      assert.equal((await deliveries(second.id)).deliveries[0].attempts, 1);
      assert.equal((await deliveries(second.id)).deliveries[0].status, 'failed');
    });

    it('SMS goes to a Twilio-compatible endpoint: path, Basic auth, form fields, one per number', async () => {
      const twilio = await receiver(() => 201);
      await patch({
        telephony: {
          enabled: true,
          account_sid: 'AC0123456789',
          auth_token: TOKEN,
          from_number: '+15550000001',
          to_numbers: ['+15550000002', '+15550000003'],
          base_url: twilio.url,
        },
      });
      const alert = await raise({ title: 'Door opened', message: 'Back door, camera 4' });
      await twilio.nth(2);
      await t.container.deliveries.idle();
      const sent = [...twilio.received].sort((a, b) => a.body.localeCompare(b.body));
      for (const [i, request] of sent.entries()) {
        assert.equal(request.method, 'POST');
        assert.equal(request.path, '/2010-04-01/Accounts/AC0123456789/Messages.json');
        assert.equal(
          request.headers.authorization,
          `Basic ${Buffer.from(`AC0123456789:${TOKEN}`).toString('base64')}`,
        );
        assert.equal(request.headers['content-type'], 'application/x-www-form-urlencoded');
        const form = new URLSearchParams(request.body);
        assert.equal(form.get('From'), '+15550000001');
        assert.equal(form.get('To'), ['+15550000002', '+15550000003'][i]);
        assert.equal(form.get('Body'), '[CRITICAL] Door opened — Back door, camera 4');
      }
      const record = await deliveries(alert.id);
      assert.deepEqual(
        record.deliveries.map((d: any) => [d.channel, d.target, d.status]),
        [
          ['sms', '+15550000002', 'delivered'],
          ['sms', '+15550000003', 'delivered'],
        ],
      );
      // a blank token keeps the stored one: the next message still authenticates with it
      await patch({ telephony: { auth_token: '' } });
      await raise();
      const third = await twilio.nth(3);
      assert.equal(
        third.headers.authorization,
        `Basic ${Buffer.from(`AC0123456789:${TOKEN}`).toString('base64')}`,
      );
    });

    it('alerts below min_severity send nothing', async () => {
      const hook = await receiver();
      await patch({ min_severity: 'high', webhook: { enabled: true, url: hook.url } });
      const low = await raise({ severity: 'medium' });
      const high = await raise({ severity: 'high' });
      await hook.nth(1);
      await t.container.deliveries.idle();
      assert.equal(hook.received.length, 1);
      assert.equal(JSON.parse(hook.received[0]!.body).alert.id, high.id);
      assert.deepEqual(await deliveries(low.id), { deliveries: [], total: 0 });
    });

    it('the test endpoint reports each channel', async () => {
      const hook = await receiver();
      const twilio = await receiver((n) => (n === 1 ? 201 : 401));
      await patch({
        webhook: { enabled: true, url: hook.url, secret: SECRET },
        telephony: {
          enabled: true,
          account_sid: 'AC1',
          auth_token: TOKEN,
          from_number: 'NVR',
          to_numbers: ['+15550000002'],
          base_url: twilio.url,
        },
      });
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/alerts/actions/test',
        token: t.adminToken,
      });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json().results, [
        { channel: 'webhook', target: hook.url, outcome: 'sent', status_code: 200, error: null },
        { channel: 'sms', target: '+15550000002', outcome: 'sent', status_code: 201, error: null },
      ]);
      assert.equal(JSON.parse(hook.received[0]!.body).event, 'alert.test');
      assert.ok(verify(SECRET, hook.received[0]!.headers, hook.received[0]!.body));
      const again = await t.request({
        method: 'POST',
        url: '/api/v1/alerts/actions/test',
        token: t.adminToken,
      });
      assert.equal(again.json().results[1].outcome, 'failed');
      assert.equal(again.json().results[1].status_code, 401);
      await patch({ webhook: null, telephony: null });
      const none = await t.request({
        method: 'POST',
        url: '/api/v1/alerts/actions/test',
        token: t.adminToken,
      });
      assert.deepEqual(
        none.json().results.map((r: any) => r.outcome),
        ['skipped', 'skipped'],
      );
    });

    it('secrets never appear in responses, logs or the audit log', async () => {
      await patch({
        webhook: { enabled: true, url: 'http://127.0.0.1:9/x', secret: SECRET },
        telephony: {
          enabled: true,
          account_sid: 'AC1',
          auth_token: TOKEN,
          from_number: 'NVR',
          to_numbers: ['+15550000002'],
        },
      });
      const get = await t.request({ method: 'GET', url: '/api/v1/alerts/actions', token: t.adminToken });
      const audit = await t.request({
        method: 'GET',
        url: '/api/v1/audit-logs?limit=500',
        token: t.adminToken,
      });
      assert.ok(audit.json().logs.some((l: any) => l.action === 'alert_actions.update'));
      for (const text of [get.body, audit.body, t.logs()]) {
        assert.ok(!text.includes(SECRET), 'webhook secret leaked');
        assert.ok(!text.includes(TOKEN), 'auth token leaked');
      }
      await patch({ webhook: { enabled: false }, telephony: { enabled: false } });
    });
  });

  describe(`alert delivery outbox on ${dialect}`, () => {
    it('a delivery pending when the recorder stops is sent after a restart', async () => {
      let up = false;
      const hook = await startReceiver(() => (up ? 200 : 503));
      const database = await createTestDatabase(dialect);
      const dataDir = mkdtempSync(join(tmpdir(), 'nvr-outbox-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'silent',
      });
      try {
        // First run: the receiver is down; the recorder stops before the retry is due.
        const first = await createContainer(config, { deliveryRetryDelaysMs: [500] });
        const repository = new AlertActionsRepository(first.database.db);
        await repository.saveConfig({
          ...(await repository.getConfig()),
          webhook_enabled: true,
          webhook_url: hook.url,
          min_severity: 'info',
        });
        const alert = await first.alerts.raise({ source_name: 'people', severity: 'high', title: 'Person' });
        await hook.nth(1);
        await first.deliveries.idle();
        const pending = await repository.forAlert(alert.id);
        assert.equal(pending[0]!.status, 'pending');
        assert.equal(pending[0]!.attempts, 1);
        await first.close();

        // Second run on the same database: the worker finds the pending delivery and sends it when due.
        up = true;
        const second = await createContainer(config, { deliveryRetryDelaysMs: FAST });
        const delivered = await hook.nth(2);
        await second.deliveries.idle();
        assert.equal(delivered.status, 200);
        assert.equal(JSON.parse(delivered.body).alert.id, alert.id);
        const done = await new AlertActionsRepository(second.database.db).forAlert(alert.id);
        assert.equal(done[0]!.status, 'delivered');
        assert.equal(done[0]!.attempts, 2);
        assert.equal(hook.received.length, 2);
        await second.close();
      } finally {
        await hook.close();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
