// npm run bench:api — the recorder's HTTP stack against a bare Fastify route, measured in one run.
//   1. cold start of the built recorder on SQLite: process spawn → /health answers (first start and restart)
//   2. autocannon, same connections and duration: a bare route (tiny JSON, and the same 100-user JSON from
//      memory) vs GET /api/v1/users (100 users, authenticated) vs GET /api/v1/auth/me (authenticated, one user)
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const root = new URL('../../..', import.meta.url).pathname;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 3;
const ADMIN_PASSWORD = 'bench-admin-password';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function startRecorder(dataDir: string, port: number): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'apps/recorder/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      RECORDER_PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
    },
    stdio: 'ignore',
  });
  await waitForHealth(`http://127.0.0.1:${port}/health`, child);
  return { child, ms: performance.now() - started };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function load(title: string, url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers }); // let the JIT settle first
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
  };
}

async function api(base: string, path: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(base + path, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function main() {
  console.log(`bench:api on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
  console.log('building the recorder…');
  execFileSync('npx', ['tsc', '-b', 'apps/recorder/tsconfig.build.json'], { cwd: root, stdio: 'inherit' });

  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-'));
  const port = await freePort();
  try {
    const first = await startRecorder(dataDir, port);
    await stop(first.child);
    const restart = await startRecorder(dataDir, port);
    console.log(
      `\ncold start to /health (SQLite): first start ${first.ms.toFixed(0)} ms (creates db, migrations, admin); restart ${restart.ms.toFixed(0)} ms   target < 1500 ms`,
    );

    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=admin&password=${ADMIN_PASSWORD}`,
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    for (let i = 1; i < 100; i++) {
      await api(base, '/api/v1/users', {
        method: 'POST',
        token,
        body: JSON.stringify({
          username: `user${i}`,
          password: 'bench-Password-1',
          email: `u${i}@example.com`,
        }),
      });
    }
    const users = await api(base, '/api/v1/users?limit=100', { token });
    if (users.total !== 100) throw new Error(`expected 100 users, got ${String(users.total)}`);

    const payloadFile = join(dataDir, 'users.json');
    writeFileSync(payloadFile, JSON.stringify(users));
    const barePort = await freePort();
    const bare = spawn(process.execPath, [join(root, 'apps/recorder/bench/bare-server.mjs')], {
      env: { ...process.env, PORT: String(barePort), PAYLOAD_FILE: payloadFile },
      stdio: 'ignore',
    });
    await waitForHealth(`http://127.0.0.1:${barePort}/`, bare);

    console.log(
      `\nautocannon: ${CONNECTIONS} connections × ${DURATION} s each, after ${WARMUP} s of warm-up`,
    );
    const auth = { authorization: `Bearer ${token}` };
    const rows = [
      await load('bare Fastify route', `http://127.0.0.1:${barePort}/`),
      await load('bare Fastify route, same 100-user JSON', `http://127.0.0.1:${barePort}/users`),
      await load('GET /api/v1/users (100 users)', `${base}/api/v1/users?limit=100`, auth),
      await load('GET /api/v1/auth/me', `${base}/api/v1/auth/me`, auth),
    ];
    await stop(bare);
    const baseline = rows[0]!.rps;
    console.log('\n| endpoint | req/s | vs bare | p50 ms | p99 ms | bytes/resp |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) {
      console.log(
        `| ${row.title} | ${row.rps.toFixed(0)} | ${((row.rps / baseline) * 100).toFixed(0)} % | ${row.p50} | ${row.p99} | ${row.bytes} |`,
      );
    }
    console.log('targets: ours ≥ 50 % of the bare route; p99 < 20 ms at 50 connections');
    await stop(restart.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
