// npm run bench:cameras — GET /api/v1/cameras with 1,000 cameras in the database, for a superuser (sees all)
// and for a user holding 200 grants, on SQLite and (when Debian's PostgreSQL is installed) PostgreSQL.
// Target: p99 < 30 ms at 20 connections.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { DEFAULT_CAMERA_CONFIG } from '../src/modules/camera-config/camera-config.schemas.js';
import { CamerasRepository } from '../src/modules/cameras/cameras.repository.js';
import { PermissionsRepository } from '../src/modules/permissions/permissions.repository.js';
import { openDatabase } from '../src/platform/db/database.js';
import type { DatabaseConfig } from '../src/config.js';
import {
  api,
  buildRecorder,
  describeMachine,
  load,
  login,
  printTable,
  root,
  startBare,
  startRecorder,
  stop,
  type LoadResult,
} from './harness.js';

const CAMERAS = 1000;
const GRANTS = 200;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Writes per second to a table the listing does not read, as indexing recording chunks does (1,000 cameras
 * with 60 s chunks index ~17 a second); every write moves the result cache on to a new generation. */
const WRITES_PER_SECOND = 20;
const ADMIN_PASSWORD = 'bench-admin-password';
const USER_PASSWORD = 'bench-Password-1';

async function seed(database: DatabaseConfig, ownerId: number, viewerId: number): Promise<void> {
  const handle = openDatabase(database);
  try {
    const cameras = new CamerasRepository(handle.db);
    const permissions = new PermissionsRepository(handle.db);
    const now = new Date().toISOString();
    for (let i = 0; i < CAMERAS; i++) {
      const camera = await cameras.insertWithConfig(
        {
          name: `Camera ${i}`,
          ip_address: `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`,
          owner_id: ownerId,
          is_active: true,
          port: 554,
          status: 'unknown',
          location: `Building ${i % 7}`,
          rtsp_url: `rtsp://127.1.${Math.floor(i / 250)}.${(i % 250) + 1}:554/stream`,
          username: 'viewer',
          password_sealed: null,
          created_at: now,
        },
        DEFAULT_CAMERA_CONFIG,
      );
      if (i % (CAMERAS / GRANTS) === 0) {
        await permissions.upsert({
          camera_id: camera.id,
          user_id: viewerId,
          can_view: true,
          can_manage: false,
        });
      }
    }
    // Fresh statistics, as autovacuum's analyze would have within a minute of such an import: without
    // them PostgreSQL plans the page as "join every camera, then sort" (1.6 ms instead of 0.15 ms per page).
    if (handle.dialect === 'postgres') await sql`analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

/** Updates one layout of the caller WRITES_PER_SECOND times a second (each also writes an audit row) until stopped. */
async function writeElsewhere(base: string, token: string): Promise<() => Promise<number>> {
  const layout = { id: 'bench', name: 'Bench', grid_columns: 4, grid_rows: 4, tiles: [] as object[] };
  await api(base, '/api/v1/layouts', { method: 'POST', token, body: JSON.stringify(layout) });
  let writes = 0;
  let pending = Promise.resolve();
  const timer = setInterval(() => {
    const tiles = [{ row: 0, col: 0, row_span: 1, col_span: 1, camera_id: (writes % CAMERAS) + 1 }];
    pending = api(base, '/api/v1/layouts/bench', {
      method: 'PUT',
      token,
      body: JSON.stringify({ ...layout, tiles }),
    }).then(() => void writes++);
  }, 1000 / WRITES_PER_SECOND);
  return async () => {
    clearInterval(timer);
    await pending;
    return writes;
  };
}

async function run(dialect: string, database: DatabaseConfig, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-cameras-'));
  try {
    const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_PASSWORD };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const recorder = await startRecorder(env);
    const admin = await login(recorder.base, 'admin', ADMIN_PASSWORD);
    const create = (username: string) =>
      api(recorder.base, '/api/v1/users', {
        method: 'POST',
        token: admin,
        body: JSON.stringify({ username, password: USER_PASSWORD }),
      });
    const owner = await create('owner');
    const viewer = await create('viewer');
    await seed(database, owner.id as number, viewer.id as number);
    const viewerToken = await login(recorder.base, 'viewer', USER_PASSWORD);

    const seen = await api(recorder.base, '/api/v1/cameras', { token: viewerToken });
    const all = await api(recorder.base, '/api/v1/cameras', { token: admin });
    if (seen.total !== GRANTS || all.total !== CAMERAS)
      throw new Error(`seeded ${String(all.total)}/${String(seen.total)}`);

    const options = { connections: CONNECTIONS, duration: DURATION };
    const url = `${recorder.base}/api/v1/cameras`;
    // The baseline of this run: bare Fastify sending the same document (the superuser's first page).
    const payloadFile = join(dataDir, 'cameras.json');
    writeFileSync(payloadFile, JSON.stringify(all));
    const bare = await startBare(payloadFile);
    const baseline = await load(`${dialect}: bare Fastify route, same JSON`, `${bare.url}/users`, options);
    await stop(bare.child);
    const rows = [
      baseline,
      await load(`${dialect}: superuser, page of 100 of ${CAMERAS}`, url, {
        ...options,
        headers: { authorization: `Bearer ${admin}` },
      }),
      await load(`${dialect}: ${GRANTS} grants, page of 100`, url, {
        ...options,
        headers: { authorization: `Bearer ${viewerToken}` },
      }),
      await load(`${dialect}: ${GRANTS} grants, q=building 3`, `${url}?q=building%203`, {
        ...options,
        headers: { authorization: `Bearer ${viewerToken}` },
      }),
      await (async () => {
        const stopWriting = await writeElsewhere(recorder.base, admin);
        const row = await load(
          `${dialect}: superuser, page of 100, ${WRITES_PER_SECOND} writes/s elsewhere`,
          url,
          { ...options, headers: { authorization: `Bearer ${admin}` } },
        );
        const writes = await stopWriting();
        if (writes < WRITES_PER_SECOND * DURATION) throw new Error(`only ${writes} background writes`);
        return row;
      })(),
      // Every request a different page: SQLite's result cache cannot answer, so this is the cost of the query.
      await load(`${dialect}: superuser, a different page each time`, url, {
        ...options,
        headers: { authorization: `Bearer ${admin}` },
        paths: (n) => `/api/v1/cameras?skip=${n % (CAMERAS - 100)}`,
      }),
      await load(`${dialect}: ${GRANTS} grants, a different page each time`, url, {
        ...options,
        headers: { authorization: `Bearer ${viewerToken}` },
        paths: (n) => `/api/v1/cameras?skip=${n % GRANTS}`,
      }),
    ];
    await stop(recorder.child);
    return { baseline, rows };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  describeMachine('bench:cameras');
  buildRecorder();
  console.log(`autocannon: ${CONNECTIONS} connections × ${DURATION} s each, after 3 s of warm-up`);
  const rows: LoadResult[] = [];
  const baselineOf = new Map<LoadResult, LoadResult>();
  const add = ({ baseline, rows: measured }: { baseline: LoadResult; rows: LoadResult[] }) => {
    rows.push(...measured);
    for (const row of measured) if (row !== baseline) baselineOf.set(row, baseline);
  };
  const sqliteDir = mkdtempSync(join(tmpdir(), 'nvr-bench-sqlite-'));
  const file = join(sqliteDir, 'bench.sqlite');
  add(await run('SQLite', { dialect: 'sqlite', file }, `sqlite:${file}`));
  rmSync(sqliteDir, { recursive: true, force: true });

  if (existsSync('/usr/lib/postgresql')) {
    const adminUrl = execFileSync('bash', [join(root, 'scripts/start-test-postgres.sh')], {
      encoding: 'utf8',
    }).trim();
    const name = `nvr_bench_${Date.now()}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      add(await run('PostgreSQL', { dialect: 'postgres', url: url.toString() }, url.toString()));
    } finally {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    }
  } else {
    console.log('PostgreSQL not installed: skipped');
  }
  printTable(rows, (row) => baselineOf.get(row));
  console.log('target: p99 < 30 ms ("vs bare": requests/s against bare Fastify sending the same JSON)');
}

await main();
