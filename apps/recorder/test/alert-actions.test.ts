import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { AlertActionsRepository } from '../src/modules/alert-actions/alert-actions.repository.js';
import {
  WEBHOOK_HEADERS_PURPOSE,
  WEBHOOK_URL_PURPOSE,
} from '../src/modules/alert-actions/alert-actions.service.js';
import type { RaiseAlert } from '../src/modules/alerts/alerts.schemas.js';
import { SecretBox } from '../src/platform/crypto/secret-box.js';
import { openDatabase } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/app.js';
import { createTestDatabase, testDialects } from './helpers/database.js';
import { multipart } from './helpers/multipart.js';
import { startReceiver, type Receiver } from './helpers/receivers.js';

const SECRET = 'whsec-Do-Not-Leak-4711';
const TOKEN = 'twilio-token-Do-Not-Leak-0815';
// Webhook URL and header secrets (issue #15 item 18): each must never show outside the request it is sent in.
const URL_PASSWORD = 'url-Pass-Do-Not-Leak-1357';
const QUERY_TOKEN = 'query-Token-Do-Not-Leak-2468';
const FRAGMENT = 'frag-Do-Not-Leak-3579';
const BEARER = 'bearer-Do-Not-Leak-9753';
const API_KEY = 'api-Key-Do-Not-Leak-8642';
const COOKIE = 'cookie-Do-Not-Leak-7531';
const URL_AND_HEADER_SECRETS = [URL_PASSWORD, QUERY_TOKEN, FRAGMENT, BEARER, API_KEY, COOKIE];
const BACKUP_KEY = 'backup secret key for alert actions';
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
      assert.deepEqual(body.webhook.headers, { 'X-Site': '***' }, 'header values are never returned');
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

    it('refuses webhook headers that HTTP cannot send, naming the header, and stores nothing', async () => {
      const hook = await receiver();
      assert.equal((await patch({ webhook: { headers: { 'X-Site': 'north' } } })).statusCode, 200);
      const cases: [Record<string, string>, string, RegExp][] = [
        [{ 'X A': 'v' }, 'X A', /HTTP token/],
        [{ 'X-A\r\nX-Injected': 'v' }, 'X-A\r\nX-Injected', /HTTP token/],
        [{ 'X-A:': 'v' }, 'X-A:', /HTTP token/],
        [{ '': 'v' }, '', /HTTP token/],
        [{ ['X'.repeat(65)]: 'v' }, 'X'.repeat(65), /HTTP token/],
        [{ 'X-A': 'a\u0000b' }, 'X-A', /NUL/],
        [{ 'X-A': 'a\r\nX-Injected: 1' }, 'X-A', /no CR, LF or NUL/],
        [{ 'X-A': 'bell \u0007' }, 'X-A', /control characters/],
        [{ 'X-A': 'price 5 €' }, 'X-A', /Latin-1/],
        [{ 'X-A': 'smile 😀' }, 'X-A', /Latin-1/],
        [{ 'User-Agent': 'mine' }, 'User-Agent', /set by the recorder/],
        [{ 'content-type': 'text/plain' }, 'content-type', /set by the recorder/],
        [{ Connection: 'close' }, 'Connection', /connection/],
        [{ 'Transfer-Encoding': 'chunked' }, 'Transfer-Encoding', /connection/],
        [{ 'X-Site': '1', 'x-site': '2' }, 'x-site', /twice/],
      ];
      for (const [headers, name, msg] of cases) {
        const response = await patch({ webhook: { enabled: true, url: hook.url, headers } });
        assert.equal(response.statusCode, 422, `${JSON.stringify(headers)}: ${response.body}`);
        const [issue] = response.json().detail;
        assert.deepEqual(issue.loc, ['body', 'webhook', 'headers', name], JSON.stringify(headers));
        assert.match(issue.msg, msg, JSON.stringify(headers));
      }
      const unchanged = await t.request({
        method: 'GET',
        url: '/api/v1/alerts/actions',
        token: t.adminToken,
      });
      assert.deepEqual(unchanged.json().webhook, {
        enabled: false,
        url: null,
        secret_set: false,
        headers: { 'X-Site': '***' },
      });

      // Every token character in a name, Latin-1 and a tab in a value: accepted and sent as configured.
      const name = "X-Tok!#$%&'*+.^_`|~9";
      const accepted = await patch({
        webhook: { enabled: true, url: hook.url, headers: { 'X-Site': 'café', [name]: 'a\tb' } },
      });
      assert.equal(accepted.statusCode, 200, accepted.body);
      await raise();
      const sent = await hook.nth(1);
      // Read as Latin-1 by the receiver: node:http writes Latin-1 bytes, fetch (undici) writes UTF-8 bytes.
      assert.ok(
        ['café', Buffer.from('café', 'utf8').toString('latin1')].includes(String(sent.headers['x-site'])),
        String(sent.headers['x-site']),
      );
      assert.equal(sent.headers[name.toLowerCase()], 'a\tb');
    });

    it('webhook URL credentials, query values and header values are sealed, masked and still sent', async (tc) => {
      // The delivery worker logs through the console: its lines are checked too (the original still prints).
      const warnings = tc.mock.method(console, 'warn');
      const hook = await receiver((n) => (n === 1 ? 503 : 200));
      const { port } = new URL(hook.url);
      const url = `http://hook-user:${URL_PASSWORD}@127.0.0.1:${port}/hook?token=${QUERY_TOKEN}&site=north#${FRAGMENT}`;
      const masked = `http://***:***@127.0.0.1:${port}/hook?token=***&site=***#***`;
      const headers = {
        Authorization: `Bearer ${BEARER}`,
        'X-Api-Key': API_KEY,
        Cookie: `session=${COOKIE}`,
        'X-Site': 'north',
      };
      const updated = await patch({ webhook: { enabled: true, url, headers, secret: SECRET } });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal(updated.json().webhook.url, masked);
      assert.deepEqual(updated.json().webhook.headers, {
        Authorization: '***',
        'X-Api-Key': '***',
        Cookie: '***',
        'X-Site': '***',
      });
      // At rest: sealed.
      const row = await t.container.database.db
        .selectFrom('alert_action_config')
        .selectAll()
        .executeTakeFirstOrThrow();
      assert.match(String(row.webhook_url_sealed), /^v1:/);
      assert.match(String(row.webhook_headers_sealed), /^v1:/);
      for (const secret of URL_AND_HEADER_SECRETS) assert.ok(!JSON.stringify(row).includes(secret), secret);

      // Sent as configured (a first attempt fails, so the retry is logged too); the configured Authorization wins.
      const alert = await raise();
      const sent = await hook.nth(2);
      await t.container.deliveries.idle();
      assert.equal(sent.path, `/hook?token=${QUERY_TOKEN}&site=north`);
      assert.equal(sent.headers.authorization, `Bearer ${BEARER}`);
      assert.equal(sent.headers['x-api-key'], API_KEY);
      assert.equal(sent.headers.cookie, `session=${COOKIE}`);
      assert.equal(sent.headers['x-site'], 'north');
      assert.ok(verify(SECRET, sent.headers, sent.body));
      const record = await t.request({
        method: 'GET',
        url: `/api/v1/alerts/${alert.id}/deliveries`,
        token: t.adminToken,
      });
      assert.equal(record.json().deliveries[0].target, masked);
      assert.equal(record.json().deliveries[0].status, 'delivered');

      // What GET shows, sent back, keeps everything; omitted fields keep too.
      const shown = (
        await t.request({ method: 'GET', url: '/api/v1/alerts/actions', token: t.adminToken })
      ).json();
      assert.equal(
        (await patch({ webhook: { url: shown.webhook.url, headers: shown.webhook.headers } })).statusCode,
        200,
      );
      assert.equal((await patch({ webhook: { enabled: true }, min_severity: 'high' })).statusCode, 200);
      await raise();
      const again = await hook.nth(3);
      assert.equal(again.path, `/hook?token=${QUERY_TOKEN}&site=north`);
      assert.equal(again.headers.authorization, `Bearer ${BEARER}`);
      assert.equal(again.headers.cookie, `session=${COOKIE}`);

      // `***` keeps one stored header; without a configured Authorization the URL credentials go as Basic auth.
      const kept = await patch({ webhook: { headers: { 'X-Api-Key': '***' } } });
      assert.deepEqual(kept.json().webhook.headers, { 'X-Api-Key': '***' });
      await raise();
      const basic = await hook.nth(4);
      assert.equal(
        basic.headers.authorization,
        `Basic ${Buffer.from(`hook-user:${URL_PASSWORD}`).toString('base64')}`,
      );
      assert.equal(basic.headers['x-api-key'], API_KEY);
      assert.equal(basic.headers.cookie, undefined);

      // The mask where no stored value stands behind it is refused, naming the field.
      for (const [payload, loc] of [
        [{ webhook: { url: `http://***:other@127.0.0.1:${port}/hook` } }, ['body', 'webhook', 'url']],
        [{ webhook: { url: `http://127.0.0.1:${port}/hook?token=***` } }, ['body', 'webhook', 'url']],
        [{ webhook: { headers: { 'X-New': '***' } } }, ['body', 'webhook', 'headers', 'X-New']],
      ] as const) {
        const refused = await patch(payload);
        assert.equal(refused.statusCode, 422, JSON.stringify(payload));
        assert.deepEqual(refused.json().detail[0].loc, loc);
      }

      const tested = await t.request({
        method: 'POST',
        url: '/api/v1/alerts/actions/test',
        token: t.adminToken,
      });
      assert.equal(tested.json().results[0].target, masked);
      assert.equal(tested.json().results[0].outcome, 'sent');
      await t.container.deliveries.idle();

      const get = await t.request({ method: 'GET', url: '/api/v1/alerts/actions', token: t.adminToken });
      const audit = await t.request({
        method: 'GET',
        url: '/api/v1/audit-logs?limit=500',
        token: t.adminToken,
      });
      const workerLog = JSON.stringify(warnings.mock.calls.map((call) => call.arguments));
      assert.match(workerLog, /alert delivery failed, will retry/);
      for (const text of [get.body, audit.body, record.body, tested.body, t.logs(), workerLog]) {
        for (const secret of URL_AND_HEADER_SECRETS) assert.ok(!text.includes(secret), `${secret} leaked`);
      }
    });

    it('a backup carries the sealed webhook URL and headers; after a restore they are sent as before', async () => {
      const hook = await receiver();
      const { port } = new URL(hook.url);
      const url = `http://127.0.0.1:${port}/hook?token=${QUERY_TOKEN}`;
      await patch({ webhook: { enabled: true, url, headers: { 'X-Api-Key': API_KEY } } });
      const backup = await t.request({
        method: 'POST',
        url: '/api/v1/system/backup',
        token: t.adminToken,
        payload: { secret_key: BACKUP_KEY },
      });
      assert.equal(backup.statusCode, 200, backup.body);
      await patch({ webhook: null });
      const restored = await t.request({
        method: 'POST',
        url: '/api/v1/system/restore',
        token: t.adminToken,
        ...multipart({ file: backup.rawPayload }, { secret_key: BACKUP_KEY }),
      });
      assert.equal(restored.statusCode, 200, restored.body);
      const shown = (
        await t.request({ method: 'GET', url: '/api/v1/alerts/actions', token: t.adminToken })
      ).json();
      assert.equal(shown.webhook.url, `http://127.0.0.1:${port}/hook?token=***`);
      assert.deepEqual(shown.webhook.headers, { 'X-Api-Key': '***' });
      await raise();
      const sent = await hook.nth(1);
      assert.equal(sent.path, `/hook?token=${QUERY_TOKEN}`);
      assert.equal(sent.headers['x-api-key'], API_KEY);
    });
  });

  describe(`alert action secrets migration on ${dialect}`, () => {
    it('0012 seals the plaintext webhook URL and headers of an earlier version; deliveries still send them', async () => {
      const hook = await startReceiver();
      const database = await createTestDatabase(dialect);
      const dataDir = mkdtempSync(join(tmpdir(), 'nvr-0012-'));
      const masterKey = randomBytes(32).toString('hex');
      const { port } = new URL(hook.url);
      const legacyUrl = `http://legacy-user:${URL_PASSWORD}@127.0.0.1:${port}/legacy?token=${QUERY_TOKEN}`;
      try {
        // The database as the previous version left it: plaintext URL and headers, a redactUrl'd target.
        const handle = openDatabase(database.config);
        await migrateToLatest(handle, { upTo: '0011_token_revocation' });
        const db = handle.db as unknown as Kysely<any>;
        await db
          .insertInto('alert_action_config')
          .values({
            id: 1,
            min_severity: 'info',
            webhook_enabled: true,
            webhook_url: legacyUrl,
            webhook_secret_sealed: null,
            webhook_headers: JSON.stringify({ 'X-Api-Key': API_KEY }),
            telephony_enabled: false,
          })
          .execute();
        const now = new Date().toISOString();
        const { id: alertId } = await db
          .insertInto('alerts')
          .values({
            source_name: 'people',
            severity: 'high',
            severity_rank: 3,
            title: 'Earlier',
            message: '',
            created_at: now,
            acknowledged: false,
            data: '{}',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('alert_deliveries')
          .values({
            alert_id: alertId,
            channel: 'webhook',
            target: `http://[REDACTED]@127.0.0.1:${port}/legacy?token=[REDACTED]&sig=${QUERY_TOKEN}`,
            payload: '{}',
            status: 'delivered',
            attempts: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
        // Without the master key the migration refuses, and changes nothing.
        await assert.rejects(migrateToLatest(handle), /master key/);
        await handle.close();

        const container = await createContainer(
          loadConfig({
            DATA_DIR: dataDir,
            RTSP_PORT: '0',
            DATABASE_URL: database.url,
            ADMIN_PASSWORD,
            LOG_LEVEL: 'silent',
            MASTER_KEY: masterKey,
          }),
          { deliveryRetryDelaysMs: FAST },
        );
        await container.start();
        try {
          const row = await container.database.db
            .selectFrom('alert_action_config')
            .selectAll()
            .executeTakeFirstOrThrow();
          const box = SecretBox.fromString(masterKey);
          assert.equal(box.open(String(row.webhook_url_sealed), WEBHOOK_URL_PURPOSE), legacyUrl);
          assert.equal(
            box.open(String(row.webhook_headers_sealed), WEBHOOK_HEADERS_PURPOSE),
            JSON.stringify({ 'X-Api-Key': API_KEY }),
          );
          const old = await new AlertActionsRepository(container.database.db).forAlert(alertId);
          assert.equal(old[0]!.target, `http://***@127.0.0.1:${port}/legacy?token=***&sig=***`);

          await container.alerts.raise({ source_name: 'people', severity: 'high', title: 'After' });
          const sent = await hook.nth(1);
          await container.deliveries.idle();
          assert.equal(sent.path, `/legacy?token=${QUERY_TOKEN}`);
          assert.equal(
            sent.headers.authorization,
            `Basic ${Buffer.from(`legacy-user:${URL_PASSWORD}`).toString('base64')}`,
          );
          assert.equal(sent.headers['x-api-key'], API_KEY);
        } finally {
          await container.close();
        }
      } finally {
        await hook.close();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
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
        RTSP_PORT: '0',
        DATABASE_URL: database.url,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'silent',
      });
      try {
        // First run: the receiver is down; the recorder stops before the retry is due.
        const first = await createContainer(config, { deliveryRetryDelaysMs: [500] });
        await first.start();
        const repository = new AlertActionsRepository(first.database.db);
        await repository.saveConfig({
          ...(await repository.getConfig()),
          webhook_enabled: true,
          webhook_url_sealed: first.secretBox.seal(hook.url, WEBHOOK_URL_PURPOSE),
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
        await second.start();
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
