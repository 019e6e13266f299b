// node --conditions=source --import tsx apps/recorder/bench/events-order.bench.ts
// What ordered event inserts cost on PostgreSQL (docs/architecture.md, "Events across nodes"): 1, 2 and 4
// writers, each with a database connection pool of its own like a recorder, for BENCH_SECONDS each:
//   plain   — one insert after the other (what a single recorder did before);
//   ordered — one insert in id order (advisory lock + NOTIFY) after the other: the cost per event;
//   bus     — the recorder's bus with its relay, BENCH_IN_FLIGHT publishes under way at any time (several cameras
//             reporting at once), which stores what queued up meanwhile in one statement.
// Needs BENCH_PG_URL (or TEST_PG_URL): a server where it may create and drop a database of its own.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { EventBus } from '../src/platform/events/event-bus.js';
import { EVENTS_CHANNEL } from '../src/platform/events/event-relay.js';
import { EventStore } from '../src/platform/events/event-store.js';
import { describeMachine } from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WRITERS = [1, 2, 4];
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 16);
const quiet = { warn: () => undefined, error: () => undefined };
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

type Mode = 'plain' | 'ordered' | 'bus';

async function run(url: string, writers: number, mode: Mode): Promise<number> {
  const handles = Array.from({ length: writers }, () => openDatabase({ dialect: 'postgres', url }));
  const deadline = performance.now() + SECONDS * 1000;
  let count = 0;
  const writer = async (handle: DatabaseHandle) => {
    const store = new EventStore(handle.db);
    if (mode !== 'bus') {
      while (performance.now() < deadline) {
        if (mode === 'ordered') await store.insertInIdOrder([event(count)], EVENTS_CHANNEL);
        else await store.insert(event(count));
        count++;
      }
      return;
    }
    const bus = new EventBus(store, { notifications: handle.notifications }, quiet);
    await bus.start();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (performance.now() < deadline) {
          await bus.publish({ type: 'detection', camera_id: count % 8, source: 'bench', data: { i: count } });
          count++;
        }
      }),
    );
    await bus.close();
  };
  await Promise.all(handles.map(writer));
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
  console.log(
    `writers | plain inserts/s | ordered inserts/s | bus events/s (${IN_FLIGHT} in flight per writer)`,
  );
  for (const writers of WRITERS) {
    const rates = [];
    for (const mode of ['plain', 'ordered', 'bus'] as const)
      rates.push(await run(url.toString(), writers, mode));
    console.log(`${writers} | ${rates.map((rate) => rate.toFixed(0)).join(' | ')}`);
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
