// Asynchronous cloud jobs (API.md §12): a durable queue in the database, statuses queued → running →
// succeeded | failed | cancelled, retries of transient provider failures, job.updated events, and jobs that
// survive a recorder killed with SIGKILL while they are queued and while they are running.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BusEvent } from '../src/platform/events/event-types.js';
import { openDatabase } from '../src/platform/db/database.js';
import { loadConfig } from '../src/config.js';
import { createContainer, type Container } from '../src/container.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createTestDatabase, testDialects, type TestDatabase } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';
import { startFakeHuggingFace, type FakeProvider } from './helpers/fake-providers.js';
import { freePort } from './helpers/net-servers.js';
import { nodeArgs } from './helpers/node-entry.js';

const TOKEN = 'hf_jobs_DoNotLeak_1234';
const root = new URL('../../..', import.meta.url).pathname;

for (const dialect of testDialects()) {
  describe(`cloud jobs on ${dialect}`, () => {
    let t: TestApp;
    let hf: FakeProvider;
    let alice: { id: number; token: string };
    let bob: { id: number; token: string };
    let modelId: number;
    const events: BusEvent[] = [];

    before(async () => {
      hf = await startFakeHuggingFace(TOKEN);
      t = await createTestApp({
        dialect,
        env: { HUGGINGFACE_BASE_URL: hf.url, CLOUD_JOB_CONCURRENCY: '2' },
        overrides: { cloud: { jobRetryDelaysMs: [20, 20] } },
      });
      t.container.events.listen((event) => {
        if (event.type === 'job.updated') events.push(event);
      });
      alice = await t.createUser('alice');
      bob = await t.createUser('bob');
      const cred = await t.request({
        method: 'POST',
        url: '/api/v1/cloud/credentials',
        token: alice.token,
        payload: { provider: 'huggingface', token: TOKEN },
      });
      const model = await t.request({
        method: 'POST',
        url: '/api/v1/cloud/models',
        token: alice.token,
        payload: {
          name: 'cls',
          provider: 'huggingface',
          credential_id: cred.json().id,
          model_id: 'acme/classifier',
          task: 'text-classification',
        },
      });
      modelId = model.json().id;
    });
    after(async () => {
      hf.release();
      await t.close();
      await hf.close();
    });

    const submit = async (text: string, token = alice.token) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/cloud/jobs',
        token,
        payload: { model_id: modelId, inputs: { text } },
      });
      return response;
    };
    const job = async (id: string, token = alice.token) =>
      (await t.request({ method: 'GET', url: `/api/v1/cloud/jobs/${id}`, token })).json();
    const ended = (id: string) =>
      eventually(
        async () => {
          const j = await job(id);
          return ['succeeded', 'failed', 'cancelled'].includes(j.status) ? j : undefined;
        },
        { what: `job ${id} to end`, intervalMs: 50 },
      );

    it('runs a job to succeeded with a stored result, publishing job.updated at each step', async () => {
      const response = await submit('great camera');
      assert.equal(response.statusCode, 202, response.body);
      const created = response.json();
      assert.equal(created.status, 'queued');
      assert.equal(created.model_id, String(modelId));
      assert.equal(created.provider, 'huggingface');
      assert.equal(created.task, 'text-classification');
      assert.equal(created.result_id, null);

      const done = await ended(created.id);
      assert.equal(done.status, 'succeeded');
      assert.ok(done.started_at && done.completed_at);
      const result = await t.request({
        method: 'GET',
        url: `/api/v1/cloud/results/${done.result_id}`,
        token: alice.token,
      });
      assert.equal(result.json().status, 'succeeded');
      assert.ok(result.json().result_json.includes('tabby'));
      const sent = hf.requests.find((r) => r.json?.inputs === 'great camera');
      assert.equal(sent?.path, '/models/acme/classifier');
      assert.equal(sent?.headers.authorization, `Bearer ${TOKEN}`);

      await t.container.events.idle();
      const statuses = events.filter((e) => e.data.job_id === created.id).map((e) => e.data.status);
      assert.deepEqual(statuses, ['queued', 'running', 'succeeded']);
      assert.equal(events.find((e) => e.data.job_id === created.id)?.camera_id, null);

      // Owner only; list with a status filter.
      assert.equal(
        (await t.request({ method: 'GET', url: `/api/v1/cloud/jobs/${created.id}`, token: bob.token }))
          .statusCode,
        404,
      );
      assert.equal((await submit('x', bob.token)).statusCode, 404);
      const list = await t.request({
        method: 'GET',
        url: '/api/v1/cloud/jobs?status=succeeded',
        token: alice.token,
      });
      assert.ok(list.json().jobs.some((j: any) => j.id === created.id));
      assert.ok(list.json().jobs.every((j: any) => j.status === 'succeeded'));
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/cloud/jobs?status=done', token: alice.token }))
          .statusCode,
        422,
      );
      assert.equal((await t.request({ method: 'GET', url: '/api/v1/cloud/jobs' })).statusCode, 401);
    });

    it('retries 429 and 5xx (Retry-After honoured) and fails for good on a 4xx, with the failure stored', async () => {
      hf.queue.push(
        {
          kind: 'status',
          status: 429,
          body: { error: 'Rate limit reached' },
          headers: { 'retry-after': '0' },
        },
        {
          kind: 'status',
          status: 503,
          body: { error: 'Model acme/classifier is currently loading', estimated_time: 0 },
        },
      );
      const retried = await ended((await submit('retry me')).json().id);
      assert.equal(retried.status, 'succeeded');
      assert.equal(hf.requests.filter((r) => r.json?.inputs === 'retry me').length, 3);

      hf.queue.push({ kind: 'status', status: 400, body: { error: 'Input is too long' } });
      const failed = await ended((await submit('too long')).json().id);
      assert.equal(failed.status, 'failed');
      assert.match(failed.error_message, /400: Input is too long/);
      const result = await t.request({
        method: 'GET',
        url: `/api/v1/cloud/results/${failed.result_id}`,
        token: alice.token,
      });
      assert.equal(result.json().status, 'failed');
      assert.equal(hf.requests.filter((r) => r.json?.inputs === 'too long').length, 1);
    });

    it('cancels queued and running jobs (no result kept); an ended job answers 409', async () => {
      hf.behaviour = { kind: 'hold' };
      const before = hf.requests.length;
      const a = (await submit('hold a')).json();
      const b = (await submit('hold b')).json();
      const c = (await submit('queued c')).json();
      await hf.waitForRequests(before + 2);
      assert.equal((await job(c.id)).status, 'queued');

      const cancelQueued = await t.request({
        method: 'POST',
        url: `/api/v1/cloud/jobs/${c.id}/cancel`,
        token: alice.token,
      });
      assert.equal(cancelQueued.statusCode, 200);
      assert.equal(cancelQueued.json().status, 'cancelled');
      const running = a.id === (await job(a.id)).id && (await job(a.id)).status === 'running' ? a : b;
      const cancelRunning = await t.request({
        method: 'POST',
        url: `/api/v1/cloud/jobs/${running.id}/cancel`,
        token: alice.token,
      });
      assert.equal(cancelRunning.json().status, 'cancelled');
      assert.equal(
        (
          await t.request({
            method: 'POST',
            url: `/api/v1/cloud/jobs/${running.id}/cancel`,
            token: bob.token,
          })
        ).statusCode,
        404,
      );

      hf.behaviour = { kind: 'ok' };
      hf.release();
      const other = running === a ? b : a;
      assert.equal((await ended(other.id)).status, 'succeeded');
      const again = await t.request({
        method: 'POST',
        url: `/api/v1/cloud/jobs/${other.id}/cancel`,
        token: alice.token,
      });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().detail.code, 'job_finished');
      const cancelled = await job(running.id);
      assert.equal(cancelled.status, 'cancelled');
      assert.equal(cancelled.result_id, null);
      assert.equal((await job(c.id)).status, 'cancelled');
      assert.equal(hf.requests.filter((r) => r.json?.inputs === 'queued c').length, 0);
    });

    it('validates inputs at submission (422) and refuses a job for another user’s model', async () => {
      const empty = await t.request({
        method: 'POST',
        url: '/api/v1/cloud/jobs',
        token: alice.token,
        payload: { model_id: modelId, inputs: {} },
      });
      assert.equal(empty.statusCode, 422);
      assert.deepEqual(empty.json().detail[0].loc, ['body', 'inputs']);
      const noModel = await t.request({
        method: 'POST',
        url: '/api/v1/cloud/jobs',
        token: alice.token,
        payload: { inputs: { text: 'x' } },
      });
      assert.equal(noModel.statusCode, 422);
    });
  });

  describe(`cloud jobs across a recorder killed with SIGKILL on ${dialect}`, { timeout: 120_000 }, () => {
    let hf: FakeProvider;
    let database: TestDatabase;
    let dataDir: string;
    let port: number;
    let recorder: ChildProcess | null = null;
    const base = () => `http://127.0.0.1:${port}/api/v1`;
    let token = '';

    const startRecorder = async () => {
      recorder = spawn(process.execPath, nodeArgs(join(root, 'apps/recorder/src/main.ts')), {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          RTSP_PORT: '0',
          DATABASE_URL: database.url,
          RECORDER_PORT: String(port),
          HOST: '127.0.0.1',
          ADMIN_PASSWORD: 'jobs-restart-admin-pw',
          LOG_LEVEL: 'warn',
          HUGGINGFACE_BASE_URL: hf.url,
          CLOUD_JOB_CONCURRENCY: '1',
          CLOUD_JOB_LEASE_SECONDS: '1',
        },
        stdio: 'ignore',
      });
      await eventually(async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok, {
        what: 'the recorder to listen',
      });
      const login = await fetch(`${base()}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'jobs-restart-admin-pw' }),
      });
      token = ((await login.json()) as { access_token: string }).access_token;
    };
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const kill9 = async () => {
      const exited = new Promise((resolve) => recorder!.once('exit', resolve));
      recorder!.kill('SIGKILL');
      await exited;
    };

    before(async () => {
      hf = await startFakeHuggingFace(TOKEN);
      database = await createTestDatabase(dialect);
      dataDir = mkdtempSync(join(tmpdir(), 'nvr-jobs-'));
      port = await freePort();
    });
    after(async () => {
      if (recorder && recorder.exitCode === null) await kill9();
      hf.release();
      await hf.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('re-runs the running job and runs the queued one after the restart: nothing lost, one result each', async () => {
      await startRecorder();
      const cred = await api('POST', '/cloud/credentials', { provider: 'huggingface', token: TOKEN });
      const model = await api('POST', '/cloud/models', {
        name: 'm',
        provider: 'huggingface',
        credential_id: cred.body.id,
        model_id: 'acme/restart',
        task: 'text-classification',
      });
      hf.behaviour = { kind: 'hold' };
      const first = await api('POST', '/cloud/jobs', { model_id: model.body.id, inputs: { text: 'first' } });
      const second = await api('POST', '/cloud/jobs', {
        model_id: model.body.id,
        inputs: { text: 'second' },
      });
      assert.equal(first.status, 202);
      await hf.waitForRequests(1);
      assert.equal((await api('GET', `/cloud/jobs/${first.body.id}`)).body.status, 'running');
      assert.equal((await api('GET', `/cloud/jobs/${second.body.id}`)).body.status, 'queued');

      await kill9();
      hf.behaviour = { kind: 'ok' };
      hf.release(); // the answer to the dead recorder goes nowhere
      await startRecorder();

      const done = await eventually(
        async () => {
          const jobs = await api('GET', '/cloud/jobs');
          return jobs.body.jobs.every((j: any) => j.status === 'succeeded') ? jobs.body.jobs : undefined;
        },
        { what: 'both jobs to succeed' },
      );
      assert.equal(done.length, 2);
      const inputs = hf.requests.map((r) => r.json.inputs);
      assert.equal(inputs.filter((i) => i === 'first').length, 2, 're-run once after the restart');
      assert.equal(inputs.filter((i) => i === 'second').length, 1);

      const handle = openDatabase(database.config);
      try {
        const results = await handle.db.selectFrom('cloud_results').select(['id', 'job_id']).execute();
        assert.equal(results.length, 2);
        assert.deepEqual(results.map((r) => r.job_id).sort(), [first.body.id, second.body.id].sort());
        for (const j of done) assert.ok(results.some((r) => r.id === j.result_id));
      } finally {
        await handle.close();
      }
    });
  });
}

// Scale-out: two recorders on one PostgreSQL database pull from the same queue (FOR UPDATE SKIP LOCKED). Each node
// calls its own fake provider (HUGGINGFACE_BASE_URL), so the requests show which node ran which job.
for (const dialect of testDialects().filter((d) => d === 'postgres')) {
  describe('cloud jobs pulled by two recorders sharing one PostgreSQL database', { timeout: 120_000 }, () => {
    const JOBS = 40;
    // Nodes of one cluster share these (a node with others refuses to start: docs/cluster.md).
    const MASTER_KEY = randomBytes(32).toString('hex');
    const JWT_SECRET = randomBytes(32).toString('hex');
    let t: TestApp;
    let second: Container;
    let secondDir: string;
    let hfA: FakeProvider;
    let hfB: FakeProvider;

    before(async () => {
      [hfA, hfB] = await Promise.all([startFakeHuggingFace(TOKEN), startFakeHuggingFace(TOKEN)]);
      // Slow enough that node B's next poll (every 2 s) finds work node A has not claimed yet.
      hfA.behaviour = hfB.behaviour = { kind: 'delay', ms: 300 };
      const shared = {
        MASTER_KEY,
        JWT_SECRET,
        CLOUD_JOB_CONCURRENCY: '2',
        LOG_LEVEL: 'silent',
        RTSP_PORT: '0',
      };
      t = await createTestApp({ dialect, env: { ...shared, HUGGINGFACE_BASE_URL: hfA.url } });
      secondDir = mkdtempSync(join(tmpdir(), 'nvr-node-b-'));
      const url = t.config.database.dialect === 'postgres' ? t.config.database.url : '';
      second = await createContainer(
        loadConfig({ ...shared, DATA_DIR: secondDir, DATABASE_URL: url, HUGGINGFACE_BASE_URL: hfB.url }),
      );
      await second.start();
    });
    after(async () => {
      await second?.close();
      await t?.close();
      await Promise.all([hfA.close(), hfB.close()]);
      rmSync(secondDir, { recursive: true, force: true });
    });

    it('runs every job exactly once, and both nodes take part', async () => {
      const post = async (url: string, payload: object) => {
        const response = await t.request({
          method: 'POST',
          url: `/api/v1${url}`,
          token: t.adminToken,
          payload,
        });
        assert.ok(response.statusCode < 300, response.body);
        return response.json();
      };
      const credential = await post('/cloud/credentials', { provider: 'huggingface', token: TOKEN });
      const model = await post('/cloud/models', {
        name: 'cls',
        provider: 'huggingface',
        credential_id: credential.id,
        model_id: 'acme/classifier',
        task: 'text-classification',
      });
      const ids: string[] = [];
      for (let i = 0; i < JOBS; i++) {
        ids.push((await post('/cloud/jobs', { model_id: model.id, inputs: { text: `job ${i}` } })).id);
      }
      const db = t.container.database.db;
      await eventually(
        async () => {
          const done = await db
            .selectFrom('cloud_jobs')
            .select('id')
            .where('status', '=', 'succeeded')
            .execute();
          return done.length === JOBS;
        },
        { what: 'every job to succeed', intervalMs: 100 },
      );
      const results = await db
        .selectFrom('cloud_results')
        .select('job_id')
        .where('job_id', 'in', ids)
        .execute();
      assert.equal(results.length, JOBS, 'one result per job');
      const texts = [...hfA.requests, ...hfB.requests].map((r) => String(r.json?.inputs));
      assert.equal(texts.length, JOBS, 'each job called the provider once');
      assert.equal(new Set(texts).size, JOBS);
      assert.ok(
        hfA.requests.length > 0 && hfB.requests.length > 0,
        `A ${hfA.requests.length}, B ${hfB.requests.length}`,
      );
    });
  });
}
