// Adapters started with ADAPTER_TOKEN: the recorder sends `Authorization: Bearer` on /health, the card and
// /infer — from ADAPTER_TOKEN_<NAME> for ADAPTER_URLS entries, from the write-only `token` field for adapters
// registered through the API (stored sealed). Real adapter processes; the token is never returned, logged or
// audited.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.js';
import { AdapterRegistry } from '../src/modules/adapters/adapter-registry.js';
import { AdaptersRepository } from '../src/modules/adapters/adapters.repository.js';
import { ADAPTER_TOKEN_PURPOSE, AdaptersService } from '../src/modules/adapters/adapters.service.js';
import { startAdapterProcess, type AdapterProcess } from './helpers/adapter-process.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { testDialects } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';

const CONFIG_TOKEN = 'cfg-token-5b1d93e0aa';
const API_TOKEN = 'api-token-c47f0e2b19';
const PERSON = new URL('../../../test-fixtures/adapter/person.jpg', import.meta.url).pathname;

for (const dialect of testDialects()) {
  describe(`adapters behind ADAPTER_TOKEN on ${dialect}`, () => {
    let t: TestApp;
    let configured: AdapterProcess;
    let registered: AdapterProcess;

    const get = (url: string) => t.request({ method: 'GET', url, token: t.adminToken });
    const post = (url: string, payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url, token: t.adminToken, payload });
    const adapter = async (name: string) =>
      (await get('/api/v1/adapters'))
        .json<{ adapters: Record<string, any>[] }>()
        .adapters.find((a) => a.name === name);

    before(async () => {
      [configured, registered] = await Promise.all([
        startAdapterProcess({ token: CONFIG_TOKEN }),
        startAdapterProcess({ token: API_TOKEN }),
      ]);
      t = await createTestApp({
        dialect,
        env: {
          ADAPTER_URLS: `local=${configured.url}`,
          ADAPTER_TOKEN_LOCAL: CONFIG_TOKEN,
          ADAPTER_POLL_SECONDS: '1',
        },
        overrides: { adapterRecheckMs: 200 },
      });
    });
    after(async () => {
      await t?.close();
      await Promise.all([configured?.close(), registered?.close()]);
    });

    it('the adapters refuse calls without their token', async () => {
      assert.equal((await fetch(`${configured.url}/capabilities`)).status, 401);
      assert.equal((await fetch(`${registered.url}/capabilities?format=card`)).status, 401);
    });

    it('an ADAPTER_URLS entry with ADAPTER_TOKEN_<NAME> is polled with the token and serves', async () => {
      const local = await eventually(
        async () => {
          const a = await adapter('local');
          return a?.status === 'available' ? a : undefined;
        },
        { what: 'the configured adapter to be available' },
      );
      assert.equal(local.source, 'config');
      assert.equal(local.token_set, true);
      assert.ok(local.tasks.includes('person_counting'));
      assert.ok(local.model.fingerprint.startsWith('sha256:'));
      // /infer with the token, through the registry the detection loop uses.
      const entry = t.container.adapterRegistry.get('local')!;
      const result = await t.container.adapterRegistry.infer(
        entry,
        'person_counting',
        { b64: readFileSync(PERSON).toString('base64') },
        {},
        null,
      );
      assert.ok((result.count as number) >= 1, JSON.stringify(result));
    });

    it('POST /api/v1/adapters: without a token the adapter answers 401; with one it serves', async () => {
      const bare = await post('/api/v1/adapters', { name: 'bare', url: registered.url });
      assert.equal(bare.statusCode, 201, bare.body);
      assert.equal(bare.json().status, 'unknown');
      assert.equal(bare.json().token_set, false);
      assert.match(bare.json().last_error, /401 unauthorized/);
      assert.equal(
        (await t.request({ method: 'DELETE', url: '/api/v1/adapters/bare', token: t.adminToken })).statusCode,
        204,
      );

      const invalid = await post('/api/v1/adapters', {
        name: 'api',
        url: registered.url,
        token: 'has a space',
      });
      assert.equal(invalid.statusCode, 422);
      assert.ok(
        invalid.json().detail.some((i: { loc: string[] }) => i.loc.join('.') === 'body.token'),
        invalid.body,
      );
      assert.ok(!invalid.body.includes('has a space'));

      const created = await post('/api/v1/adapters', {
        name: 'api',
        url: registered.url,
        token: API_TOKEN,
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.json().status, 'available', created.body);
      assert.equal(created.json().token_set, true);
      assert.ok(created.json().tasks.includes('face_detection'));
      assert.equal('token' in created.json(), false);
      const result = await t.container.adapterRegistry.infer(
        t.container.adapterRegistry.get('api')!,
        'face_detection',
        {
          b64: readFileSync(new URL('../../../test-fixtures/adapter/sample1.jpg', import.meta.url)).toString(
            'base64',
          ),
        },
        {},
        null,
      );
      assert.equal(result.face_count, 3);
    });

    it('the token is stored sealed, and a restart opens it again', async () => {
      const row = await t.container.database.db
        .selectFrom('ai_adapters')
        .selectAll()
        .where('name', '=', 'api')
        .executeTakeFirstOrThrow();
      assert.ok(row.token_sealed && !row.token_sealed.includes(API_TOKEN));
      assert.equal(t.container.secretBox.open(row.token_sealed, ADAPTER_TOKEN_PURPOSE), API_TOKEN);
      // What start() does after a restart: configured adapters from the config, registered ones from the DB.
      const registry = new AdapterRegistry(t.container.events, t.container.audit, {
        framesDir: t.config.framesDir,
        pollIntervalMs: 60_000,
        timeoutMs: 10_000,
      });
      const service = new AdaptersService(
        registry,
        new AdaptersRepository(t.container.database.db),
        t.container.audit,
        t.config.adapters,
        t.container.secretBox,
      );
      await service.start();
      try {
        await Promise.all(registry.list().map((e) => registry.pollNow(e)));
        for (const name of ['local', 'api']) {
          assert.equal(registry.get(name)?.status, 'available', registry.get(name)?.lastError ?? '');
          assert.equal(registry.get(name)?.client.tokenSet, true);
        }
      } finally {
        await registry.stop();
      }
    });

    it('never returns, logs or audits a token', async () => {
      const everything = [
        (await get('/api/v1/adapters')).body,
        (await get('/api/v1/capabilities')).body,
        (await get('/api/v1/audit-logs?limit=500')).body,
        t.logs(),
      ].join('\n');
      for (const token of [CONFIG_TOKEN, API_TOKEN]) assert.ok(!everything.includes(token));
      const audit = (await get('/api/v1/audit-logs?action=adapter.create')).json();
      assert.ok(audit.items?.length || audit.total);
      assert.match(JSON.stringify(audit), /"token_set":true/);
    });
  });
}

describe('ADAPTER_URLS names and tokens', () => {
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      return error.problems;
    }
  };

  it('url and name=url entries; ADAPTER_TOKEN_<NAME>; the default adapter takes ADAPTER_TOKEN', () => {
    const config = loadConfig({
      ADAPTER_URLS: 'http://a:9100, gpu.box-1=https://b:9100',
      ADAPTER_TOKEN_ADAPTER_1: 'first',
      ADAPTER_TOKEN_GPU_BOX_1: 'second',
    });
    assert.deepEqual(config.adapters, [
      { name: 'adapter-1', url: 'http://a:9100', token: 'first' },
      { name: 'gpu.box-1', url: 'https://b:9100', token: 'second' },
    ]);
    assert.deepEqual(config.adapterUrls, ['http://a:9100', 'https://b:9100']);
    assert.deepEqual(loadConfig({ ADAPTER_TOKEN: 'shared' }).adapters, [
      { name: 'adapter-1', url: 'http://127.0.0.1:9100', token: 'shared' },
    ]);
    // With explicit ADAPTER_URLS, ADAPTER_TOKEN (the adapter's own variable) is not sent anywhere.
    assert.equal(loadConfig({ ADAPTER_URLS: 'http://a:1', ADAPTER_TOKEN: 'x' }).adapters[0]!.token, null);
    // Without any of them, the default adapter uses the token file it shares with the adapter (issue #15).
    assert.deepEqual(loadConfig({ DATA_DIR: '/srv/nvr' }).adapters, [
      { name: 'adapter-1', url: 'http://127.0.0.1:9100', token: null, tokenFile: '/srv/nvr/adapter.token' },
    ]);
    assert.equal(loadConfig({ ADAPTER_URLS: 'http://a:1' }).adapters[0]!.tokenFile, undefined);
  });

  it('problems name the entry or the variable, never a secret', () => {
    const found = problems({
      ADAPTER_URLS: 'gpu=http://user:hunter2@b:9100,x=http://c:1,x=http://d:1',
      ADAPTER_TOKEN_X: 'with space',
      ADAPTER_TOKEN_NOBODY: 'typo-secret',
    });
    assert.ok(
      found.some((p) => /entry 1 \(gpu\): no credentials.*ADAPTER_TOKEN_GPU/.test(p)),
      found.join(),
    );
    assert.ok(found.some((p) => /^ADAPTER_TOKEN_X: a bearer token is printable ASCII/.test(p)));
    assert.ok(found.some((p) => /entry 3 \(x\): duplicate name/.test(p)));
    assert.ok(found.some((p) => /^ADAPTER_TOKEN_NOBODY: no ADAPTER_URLS entry/.test(p)));
    for (const secret of ['hunter2', 'with space', 'typo-secret'])
      assert.ok(!found.join('\n').includes(secret), secret);
  });
});
