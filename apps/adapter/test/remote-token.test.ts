// Remote adapters behind a token: a second real adapter process started with ADAPTER_TOKEN is reached through
// REMOTE_ADAPTERS=name=url + REMOTE_ADAPTER_TOKEN_<NAME>; without the token it refuses us, and the token never
// shows up in a listing, the card, an error or the logs.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.js';
import { FIXTURES, getJson, postJson } from './helpers.js';
import { nodeArgs } from '../../recorder/test/helpers/node-entry.js';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;
const TOKEN = 'remote-secret-7f3a9c2e41';
/** The front adapters' own token (an adapter always needs one; the tests speak to the fronts with it). */
const FRONT_TOKEN = 'front-token-5b8e0d1c';
const FRONT = { authorization: `Bearer ${FRONT_TOKEN}` };

interface AdapterProcess {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `node src/main.ts` and resolves with its URL once it logs that it listens. */
async function startProcess(env: Record<string, string>): Promise<AdapterProcess> {
  const child: ChildProcess = spawn(process.execPath, nodeArgs(MAIN), {
    env: { ...process.env, HOST: '127.0.0.1', ADAPTER_PORT: '0', ADAPTER_WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`adapter exited early with ${code}: ${out}`)));
  });
  return {
    url,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('remote adapter behind ADAPTER_TOKEN', () => {
  const dirs: string[] = [];
  const procs: AdapterProcess[] = [];
  let remote: AdapterProcess;
  let withToken: AdapterProcess;
  let withoutToken: AdapterProcess;
  let wrongToken: AdapterProcess;

  /** A front adapter without CenterNet weights here (empty override dir), so person tasks go remote. */
  async function front(env: Record<string, string>): Promise<AdapterProcess> {
    const dataDir = mkdtempSync(join(tmpdir(), 'adapter-front-'));
    dirs.push(dataDir);
    mkdirSync(join(dataDir, 'models', 'centernet'), { recursive: true });
    mkdirSync(join(dataDir, 'frames'), { recursive: true });
    copyFileSync(join(FIXTURES, 'person.jpg'), join(dataDir, 'frames', 'person.jpg'));
    const p = await startProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      ADAPTER_TOKEN: FRONT_TOKEN,
      ...env,
    });
    procs.push(p);
    return p;
  }

  before(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'adapter-remote-'));
    dirs.push(dataDir);
    remote = await startProcess({ DATA_DIR: dataDir, ADAPTER_TOKEN: TOKEN, LOG_LEVEL: 'trace' });
    procs.push(remote);
    [withToken, withoutToken, wrongToken] = await Promise.all([
      front({ REMOTE_ADAPTERS: `gpu=${remote.url}`, REMOTE_ADAPTER_TOKEN_GPU: TOKEN }),
      front({ REMOTE_ADAPTERS: `gpu=${remote.url}` }),
      front({ REMOTE_ADAPTERS: `gpu=${remote.url}`, REMOTE_ADAPTER_TOKEN_GPU: `${TOKEN}x` }),
    ]);
  });
  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('the remote itself answers 401 without the token and serves with it', async () => {
    assert.equal((await getJson(`${remote.url}/capabilities`)).status, 401);
    const ok = await getJson(`${remote.url}/capabilities`, { authorization: `Bearer ${TOKEN}` });
    assert.equal(ok.status, 200);
    assert.ok(ok.body.includes('person_counting'));
  });

  it('with REMOTE_ADAPTER_TOKEN_GPU the remote is ready and listed without its token', async () => {
    const adapters = (await getJson(`${withToken.url}/adapters`, FRONT)).body;
    const gpu = adapters.find((a: any) => a.name === 'remote:gpu');
    assert.equal(gpu.state, 'ready', JSON.stringify(gpu));
    assert.equal(gpu.url, remote.url);
    assert.equal(gpu.token_set, true);
    assert.ok(gpu.tasks.includes('person_counting'));
    for (const path of ['/adapters', '/capabilities?format=card', '/health', '/capabilities']) {
      const text = await (await fetch(`${withToken.url}${path}`, { headers: FRONT })).text();
      assert.ok(!text.includes(TOKEN), `${path} leaks the token`);
    }
  });

  it('proxies a task whose weights are absent locally to the token-protected remote', async () => {
    const before = await remoteCount();
    const { status, body } = await postJson(
      `${withToken.url}/infer`,
      { task: 'person_counting', data: { frame: { uri: 'frame://person.jpg' } } },
      FRONT,
    );
    assert.equal(status, 200, JSON.stringify(body));
    assert.ok(body.count >= 1);
    assert.equal(await remoteCount(), before + 1);
  });

  it('without a token, or with a wrong one, the remote is unreachable and says why', async () => {
    const missing = (await getJson(`${withoutToken.url}/adapters`, FRONT)).body.find(
      (a: any) => a.name === 'remote:gpu',
    );
    assert.equal(missing.state, 'unreachable');
    assert.equal(missing.token_set, false);
    assert.match(missing.error, /401: it needs a token/);
    const wrong = (await getJson(`${wrongToken.url}/adapters`, FRONT)).body.find(
      (a: any) => a.name === 'remote:gpu',
    );
    assert.equal(wrong.state, 'unreachable');
    assert.equal(wrong.token_set, true);
    assert.match(wrong.error, /401: our token was refused/);
    assert.ok(!JSON.stringify(wrong).includes(TOKEN));
    // No local CenterNet and no usable remote: person_counting is not offered.
    assert.ok(!(await getJson(`${wrongToken.url}/capabilities`, FRONT)).body.includes('person_counting'));
  });

  it('never logs the token (trace level, both sides)', async () => {
    for (const p of procs) assert.ok(!p.output().includes(TOKEN), p.output().slice(0, 400));
  });

  async function remoteCount(): Promise<number> {
    const res = await fetch(`${remote.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const text = await res.text();
    const m = /adapter_infer_total\{task="person_counting",outcome="ok"\} (\d+)/.exec(text);
    return m ? Number(m[1]) : 0;
  }
});

describe('REMOTE_ADAPTERS configuration', () => {
  const base = { DATA_DIR: tmpdir() };
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadConfig({ ...base, ...env });
      return [];
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      return err.problems;
    }
  };

  it('accepts url and name=url entries; a named one takes REMOTE_ADAPTER_TOKEN_<NAME>', () => {
    const config = loadConfig({
      ...base,
      REMOTE_ADAPTERS: 'http://a:9100/, gpu-box=https://b:9100',
      REMOTE_ADAPTER_TOKEN_GPU_BOX: 'tok',
    });
    assert.deepEqual(config.remoteAdapters, [
      { name: null, url: 'http://a:9100', token: null },
      { name: 'gpu-box', url: 'https://b:9100', token: 'tok' },
    ]);
  });

  it('refuses credentials in the URL without echoing them', () => {
    const [problem] = problems({ REMOTE_ADAPTERS: 'gpu=http://user:hunter2@b:9100' });
    assert.match(problem!, /REMOTE_ADAPTERS entry 1 \(gpu\): credentials in the URL/);
    assert.match(problem!, /REMOTE_ADAPTER_TOKEN_GPU/);
    assert.ok(!problem!.includes('hunter2'));
  });

  it('names the variable of a token without a named entry or with spaces, never its value', () => {
    const found = problems({
      REMOTE_ADAPTERS: 'gpu=http://b:9100,gpu=http://c:9100',
      REMOTE_ADAPTER_TOKEN_GPU: 'has space',
      REMOTE_ADAPTER_TOKEN_TYPO: 'secret-typo',
    });
    assert.ok(found.some((p) => /^REMOTE_ADAPTER_TOKEN_GPU: .*printable ASCII/.test(p)));
    assert.ok(found.some((p) => /^REMOTE_ADAPTER_TOKEN_TYPO: no REMOTE_ADAPTERS entry/.test(p)));
    assert.ok(found.some((p) => /entry 2 \(gpu\): duplicate name/.test(p)));
    assert.ok(!found.join('\n').includes('secret-typo') && !found.join('\n').includes('has space'));
  });
});
