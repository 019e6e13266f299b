// npm run bench:api — the recorder's HTTP stack against a bare Fastify route, measured in one run.
//   1. cold start of the built recorder on SQLite: process spawn → /health answers (first start and restart)
//   2. autocannon, same connections and duration: a bare route (tiny JSON, and the same 100-user JSON from
//      memory) vs GET /api/v1/users (100 users, authenticated) vs GET /api/v1/auth/me (authenticated, one user)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  api,
  buildRecorder,
  describeMachine,
  load,
  login,
  printTable,
  startBare,
  startRecorder,
  stop,
} from './harness.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ADMIN_PASSWORD = 'bench-admin-password';

async function main() {
  describeMachine('bench:api');
  buildRecorder();
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-'));
  const env = { DATA_DIR: dataDir, ADMIN_PASSWORD };
  try {
    const first = await startRecorder(env);
    await stop(first.child);
    const recorder = await startRecorder(env);
    console.log(
      `\ncold start to /health (SQLite): first start ${first.startMs.toFixed(0)} ms (creates db, migrations, admin); ` +
        `restart ${recorder.startMs.toFixed(0)} ms   target < 1500 ms`,
    );

    const { base } = recorder;
    const token = await login(base, 'admin', ADMIN_PASSWORD);
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
    const bare = await startBare(payloadFile);

    console.log(`\nautocannon: ${CONNECTIONS} connections × ${DURATION} s each, after 3 s of warm-up`);
    const options = { connections: CONNECTIONS, duration: DURATION };
    const auth = { ...options, headers: { authorization: `Bearer ${token}` } };
    const baseline = await load('bare Fastify route', `${bare.url}/`, options);
    const sameJson = await load('bare Fastify route, same 100-user JSON', `${bare.url}/users`, options);
    const usersRow = await load('GET /api/v1/users (100 users)', `${base}/api/v1/users?limit=100`, auth);
    const meRow = await load('GET /api/v1/auth/me', `${base}/api/v1/auth/me`, auth);
    await stop(bare.child);
    await stop(recorder.child);
    printTable([baseline, sameJson, usersRow, meRow], baseline);
    const percent = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
    console.log(
      `like for like: /users = ${percent(usersRow.rps, sameJson.rps)} of the bare route sending the same ` +
        `100-user JSON; /auth/me = ${percent(meRow.rps, baseline.rps)} of the bare tiny route`,
    );
    console.log('targets: ours ≥ 50 % of the bare route; p99 < 20 ms at 50 connections');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
