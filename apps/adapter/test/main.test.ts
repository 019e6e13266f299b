// The process entry point: bad configuration is reported in full; SIGTERM shuts down cleanly; a default start is
// safe (issue #15 item 13): loopback only, and every route but /health needs the token from DATA_DIR.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { nodeArgs } from '../../recorder/test/helpers/node-entry.js';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'adapter-main-'));

function start(env: Record<string, string>, { defaults = false } = {}) {
  const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', ADAPTER_PORT: '0' };
  // As an operator's default install: no listen address, no token.
  if (defaults) for (const name of ['HOST', 'ADAPTER_HOST', 'ADAPTER_TOKEN']) delete base[name];
  return spawn(process.execPath, nodeArgs(MAIN), {
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The port from the "Server listening at" lines, and everything logged until `until` showed up too. */
async function listening(
  child: ReturnType<typeof start>,
  until = /Server listening at/,
): Promise<{ port: number; hosts: string[]; log: string }> {
  let log = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      log += d.toString();
      const lines = [...log.matchAll(/Server listening at http:\/\/(\[[^\]]+\]|[^:/"]+):(\d+)/g)];
      if (lines.length > 0 && until.test(log))
        resolve({ port: Number(lines[0]![2]), hosts: lines.map((m) => m[1]!), log });
    });
    child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
  });
}

async function stop(child: ReturnType<typeof start>): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** An address of this machine that is not loopback, if it has one. */
function lanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

const infer = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/infer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ task: 'person_counting', frame: { uri: 'frame://nothing.jpg' } }),
  });

describe('main', () => {
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits 2 listing every invalid variable', async () => {
    const child = start({ ADAPTER_PORT: 'abc', ADAPTER_QUEUE_SIZE: '-1' });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    assert.equal(code, 2);
    assert.match(stderr, /ADAPTER_PORT=abc/);
    assert.match(stderr, /ADAPTER_QUEUE_SIZE=-1/);
  });

  it('serves, then exits 0 on SIGTERM', async () => {
    const child = start({ LOG_LEVEL: 'info' });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    assert.equal((await fetch(`${url}/health`)).status, 200);
    assert.equal((await fetch(`${url}/capabilities`)).status, 401);
    assert.equal((await fetch(`${url}/hardware`)).status, 401);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = (await exited) as [number];
    assert.equal(code, 0);
    // The recorder's polls of /health and /capabilities are not logged at info (a line every 30 s is noise);
    // other requests are.
    const requests = out
      .split('\n')
      .filter((line) => line.includes('"incoming request"'))
      .map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    assert.deepEqual(requests, ['/hardware'], out);
  });

  it('with defaults it listens on loopback only and needs the token it keeps in DATA_DIR', async (t) => {
    const child = start({ LOG_LEVEL: 'info' }, { defaults: true });
    try {
      const { port, hosts } = await listening(child);
      assert.deepEqual(hosts, ['127.0.0.1']);
      const url = `http://127.0.0.1:${port}`;
      const tokenFile = join(dataDir, 'adapter.token');
      const token = readFileSync(tokenFile, 'utf8').trim();
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(statSync(tokenFile).mode & 0o777, 0o600);

      assert.equal((await fetch(`${url}/health`)).status, 200, '/health stays public');
      const anonymous = await infer(url);
      assert.equal(anonymous.status, 401);
      assert.equal(((await anonymous.json()) as { error: { code: string } }).error.code, 'unauthorized');
      assert.equal((await infer(url, { authorization: 'Bearer wrong' })).status, 401);
      assert.equal((await fetch(`${url}/capabilities`)).status, 401);
      assert.equal((await fetch(`${url}/hardware`)).status, 401);
      const authorized = await infer(url, { authorization: `Bearer ${token}` });
      assert.notEqual(authorized.status, 401, await authorized.text());
      assert.equal(
        (await fetch(`${url}/capabilities`, { headers: { authorization: `Bearer ${token}` } })).status,
        200,
      );

      const lan = lanAddress();
      if (lan === undefined)
        t.diagnostic('no non-loopback IPv4 address here: reachability from the LAN not checked');
      else await assert.rejects(fetch(`http://${lan}:${port}/health`), `not reachable at ${lan}`);
    } finally {
      await stop(child);
    }
  });

  it('HOST=0.0.0.0 without ADAPTER_TOKEN starts with the generated token and says so', async () => {
    const child = start({ LOG_LEVEL: 'info', HOST: '0.0.0.0' }, { defaults: true });
    try {
      const { port, log } = await listening(child, /listening beyond loopback/);
      const warning = log.split('\n').find((line) => line.includes('listening beyond loopback'));
      assert.ok(warning, log);
      assert.match(warning, /adapter\.token/);
      const token = readFileSync(join(dataDir, 'adapter.token'), 'utf8').trim();
      assert.ok(!log.includes(token), 'the token itself is never logged');
      const url = `http://${lanAddress() ?? '127.0.0.1'}:${port}`;
      assert.equal((await infer(url)).status, 401);
      assert.notEqual((await infer(url, { authorization: `Bearer ${token}` })).status, 401);
    } finally {
      await stop(child);
    }
  });
});
