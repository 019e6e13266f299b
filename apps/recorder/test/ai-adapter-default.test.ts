// Issue #15 items 13 and 20 (capabilities). A default install is safe: the adapter, started without HOST or
// ADAPTER_TOKEN, listens on loopback and refuses every call without the token it shares with the recorder
// through DATA_DIR/adapter.token; the recorder started with defaults on the same DATA_DIR (ADAPTER_URLS unset)
// sends that token and uses the adapter, whichever of the two starts first. GET /capabilities tells plain users
// which tasks and models are available, never where the adapters are or what they run on. Real processes.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { peopleStill, startAdapterProcess, type AdapterProcess } from './helpers/adapter-process.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { testDialects } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';
import { freePort } from './helpers/net-servers.js';

const stills = mkdtempSync(join(tmpdir(), 'nvr-defaults-stills-'));
const PERSON = peopleStill(stills);
after(() => rmSync(stills, { recursive: true, force: true }));

/** A recorder's defaults (ADAPTER_URLS and every token variable unset) with its local adapter on `port`. */
const defaultsEnv = (dataDir: string, port: number) => ({
  DATA_DIR: dataDir,
  ADAPTER_PORT: String(port),
  ADAPTER_POLL_SECONDS: '1',
});

/** The default adapter as the recorder lists it, once it is available. */
const available = (t: TestApp) =>
  eventually(
    async () => {
      const response = await t.request({ method: 'GET', url: '/api/v1/adapters', token: t.adminToken });
      const entry = response
        .json<{ adapters: Record<string, any>[] }>()
        .adapters.find((a) => a.name === 'adapter-1');
      return entry?.status === 'available' ? entry : undefined;
    },
    { timeoutMs: 30_000, what: 'the default adapter to be available' },
  );

const infer = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/infer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      task: 'person_counting',
      frame: { b64: readFileSync(PERSON).toString('base64') },
    }),
  });

const lanAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

for (const dialect of testDialects()) {
  describe(`adapter and recorder with defaults on ${dialect}`, () => {
    let dataDir: string;
    let adapter: AdapterProcess;
    let t: TestApp;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'nvr-defaults-'));
      adapter = await startAdapterProcess({ dataDir, defaultHost: true });
      t = await createTestApp({
        dialect,
        env: defaultsEnv(dataDir, adapter.port),
        overrides: { adapterRecheckMs: 200 },
      });
    });
    after(async () => {
      await t?.close();
      await adapter?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('the adapter is closed to the network and to callers without the token', async () => {
      assert.equal((await fetch(`${adapter.url}/health`)).status, 200, '/health stays public');
      assert.equal((await infer(adapter.url)).status, 401);
      assert.equal((await fetch(`${adapter.url}/capabilities`)).status, 401);
      const lan = lanAddress();
      if (lan !== undefined) await assert.rejects(fetch(`http://${lan}:${adapter.port}/health`));
    });

    it('the recorder sends the shared token and gets work done', async () => {
      const entry = await available(t);
      assert.equal(entry.token_set, true);
      assert.ok(entry.tasks.includes('person_counting'));
      const registered = t.container.adapterRegistry.get('adapter-1')!;
      const result = await t.container.adapterRegistry.infer(
        registered,
        'person_counting',
        { b64: readFileSync(PERSON).toString('base64') },
        {},
        null,
      );
      assert.ok(JSON.stringify(result).length > 0);
      const token = readFileSync(join(dataDir, 'adapter.token'), 'utf8').trim();
      assert.ok(!t.logs().includes(token), 'the token is never logged');
    });

    it('a plain user sees the available tasks and models, not where the adapters are or what they run on', async () => {
      await available(t);
      const user = await t.createUser(`caps_${dialect}`);
      const plain = await t.request({ method: 'GET', url: '/api/v1/capabilities', token: user.token });
      assert.equal(plain.statusCode, 200, plain.body);
      const caps = plain.json();
      assert.ok(caps.orchestrator.tasks.includes('person_counting'));
      assert.equal(caps.orchestrator.adapters_available, 1);
      const seen = caps.adapters['adapter-1'];
      assert.deepEqual(Object.keys(seen).sort(), ['model', 'status', 'tasks']);
      assert.equal(seen.status, 'available');
      assert.ok(seen.tasks.includes('person_counting'));
      assert.ok(seen.model.fingerprint.startsWith('sha256:'));
      assert.ok(!plain.body.includes(String(adapter.port)), 'no adapter address');
      assert.ok(!plain.body.includes('127.0.0.1'), 'no adapter address');

      const full = (
        await t.request({ method: 'GET', url: '/api/v1/capabilities', token: t.adminToken })
      ).json();
      const all = full.adapters['adapter-1'];
      assert.equal(all.url, adapter.url);
      assert.ok(all.health && all.card, 'health and card are the superuser’s');
      assert.ok('last_error' in all && 'last_seen_at' in all);
    });
  });
}

describe('recorder first, adapter second, on one DATA_DIR', () => {
  it('the adapter adopts the token the recorder created', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nvr-defaults-'));
    const port = await freePort();
    const t = await createTestApp({
      env: defaultsEnv(dataDir, port),
      overrides: { adapterRecheckMs: 200 },
    });
    let adapter: AdapterProcess | undefined;
    try {
      const created = readFileSync(join(dataDir, 'adapter.token'), 'utf8').trim();
      adapter = await startAdapterProcess({ dataDir, defaultHost: true, port });
      assert.equal(adapter.token, created);
      assert.equal((await infer(adapter.url)).status, 401);
      assert.equal((await available(t)).token_set, true);
    } finally {
      await t.close();
      await adapter?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
