// node --conditions=source --import tsx apps/recorder/bench/events-order.bench.ts
// What ordered event inserts cost on PostgreSQL (docs/architecture.md, "Events across nodes"): 1, 2 and 4
// writers, each with a database connection pool of its own like a recorder, each inserting one event after the
// other like a recorder's bus, for BENCH_SECONDS; plain inserts vs. inserts in id order (advisory lock + NOTIFY).
// Needs BENCH_PG_URL (or TEST_PG_URL): a server where it may create and drop a database of its own.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { EVENTS_CHANNEL } from '../src/platform/events/event-relay.js';
import { EventStore } from '../src/platform/events/event-store.js';
import { describeMachine } from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WRITERS = [1, 2, 4];
const adminUrl = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL;
if (!adminUrl) throw new Error('set BENCH_PG_URL to a PostgreSQL server');

const event = (i: number) => ({
  type: 'detection' as const,
  camera_id: i % 8,
  source: 'bench',
  severity: null,
  timestamp: new Date().toISOString(),
  data: { count: 1, model_id: 1, result_id: i },
});

async function run(url: string, writers: number, ordered: boolean): Promise<number> {
  const handles = Array.from({ length: writers }, () => openDatabase({ dialect: 'postgres', url }));
  const deadline = performance.now() + SECONDS * 1000;
  let count = 0;
  await Promise.all(
    handles.map(async (handle) => {
      const store = new EventStore(handle.db);
      while (performance.now() < deadline) {
        if (ordered) await store.insertInIdOrder(event(count), EVENTS_CHANNEL);
        else await store.insert(event(count));
        count++;
      }
    }),
  );
  await Promise.all(handles.map((handle) => handle.close()));
  return count / SECONDS;
}

const name = `nvr_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
try {
  const setup = openDatabase({ dialect: 'postgres', url: url.toString() });
  await migrateToLatest(setup);
  await setup.close();
  describeMachine('ordered event inserts');
  console.log('writers | plain inserts/s | in id order inserts/s | ratio');
  for (const writers of WRITERS) {
    const plain = await run(url.toString(), writers, false);
    const ordered = await run(url.toString(), writers, true);
    console.log(`${writers} | ${plain.toFixed(0)} | ${ordered.toFixed(0)} | ${(ordered / plain).toFixed(2)}`);
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
