// Two recorders on one PostgreSQL database: the event stream of either one carries both nodes' events, in id
// order, and a Last-Event-ID replay on one node returns what the other published (event-relay.ts).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { LISTENER_NAME } from '../src/platform/db/pg-changes.js';
import { EVENTS_CHANNEL } from '../src/platform/events/event-relay.js';
import { EventStore } from '../src/platform/events/event-store.js';
import type { BusEvent, EventInput } from '../src/platform/events/event-types.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createTestDatabase, testDialects, type TestDatabase } from './helpers/database.js';
import { SseClient, listen, type SseMessage } from './helpers/event-clients.js';
import { eventually } from './helpers/eventually.js';

/** events each node publishes in the concurrency test, by CALLERS callers at once */
const PER_NODE = 200;
const CALLERS = 4;

for (const dialect of testDialects()) {
  if (dialect !== 'postgres') continue;
  describe('events across two recorders on PostgreSQL', () => {
    let database: TestDatabase;
    let a: TestApp;
    let b: TestApp;
    let hostA: string;
    let hostB: string;
    /** every event node A's internal listeners (alert rules) were handed */
    const heardOnA: BusEvent[] = [];
    const open: SseClient[] = [];

    const publish = (node: TestApp, input: Omit<EventInput, 'source'>) =>
      node.container.events.publish({ ...input, source: node === a ? 'node-a' : 'node-b' });
    const stream = async (host: string, token: string, headers: Record<string, string> = {}) => {
      const client = await SseClient.open(host, '/api/v1/events/stream', {
        ...headers,
        authorization: `Bearer ${token}`,
      });
      assert.equal(client.status, 200);
      open.push(client);
      return client;
    };
    const ids = (messages: SseMessage[]) => messages.map((m) => Number(m.id));
    const assertIncreasing = (list: number[]) =>
      list.forEach((id, i) => i === 0 || assert.ok(id > list[i - 1]!, `${id} after ${list[i - 1]}`));
    const received = (client: SseClient, id: number) =>
      client.messages.waitFor((m) => m.id === String(id), `event ${id}`);

    before(async () => {
      database = await createTestDatabase('postgres');
      // One cluster: the same database, and the secrets every node must share.
      const env = {
        JWT_SECRET: randomBytes(32).toString('hex'),
        MASTER_KEY: randomBytes(32).toString('hex'),
      };
      a = await createTestApp({ database, env });
      b = await createTestApp({ database, env });
      hostA = await listen(a.app);
      hostB = await listen(b.app);
      a.container.events.listen((event) => void heardOnA.push(event));
    });
    after(async () => {
      for (const client of open) client.close();
      await a?.close();
      await b?.close();
      await database?.drop();
    });

    it("a client on node A receives node B's events and A's own, in id order", async () => {
      const client = await stream(hostA, a.adminToken);
      const fromB = await publish(b, { type: 'detection', camera_id: 7, data: { count: 1 } });
      await received(client, fromB.id);
      const fromA = await publish(a, { type: 'camera.offline', camera_id: 7, data: { reason: 'eof' } });
      const fromBAgain = await publish(b, { type: 'adapter.unavailable', data: { adapter: 'x' } });
      await received(client, fromBAgain.id);
      assert.deepEqual(client.messages.items, [
        { id: String(fromB.id), event: 'detection', data: fromB },
        { id: String(fromA.id), event: 'camera.offline', data: fromA },
        { id: String(fromBAgain.id), event: 'adapter.unavailable', data: fromBAgain },
      ]);
      // A token node B issued is good on node A: the nodes share the JWT secret.
      const withB = await stream(hostA, b.adminToken, { 'last-event-id': String(fromB.id) });
      await received(withB, fromBAgain.id);
      assert.deepEqual(ids(withB.messages.items), [fromA.id, fromBAgain.id]);
    });

    it("reconnecting to node A with Last-Event-ID replays node B's events it missed, once", async () => {
      const first = await stream(hostA, a.adminToken);
      const seen = await publish(b, { type: 'detection', camera_id: 8, data: { count: 1 } });
      await received(first, seen.id);
      first.close();
      const missed = [
        await publish(b, { type: 'detection', camera_id: 8, data: { count: 2 } }),
        await publish(b, { type: 'camera.online', camera_id: 8, data: {} }),
      ];
      const again = await stream(hostA, a.adminToken, { 'last-event-id': String(seen.id) });
      const live = await publish(b, { type: 'camera.offline', camera_id: 8, data: {} });
      await received(again, live.id);
      assert.deepEqual(ids(again.messages.items), [...missed.map((e) => e.id), live.id]);
    });

    it("an event published while node A's listening connection is down reaches A's clients after all", async () => {
      const client = await stream(hostA, a.adminToken);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${LISTENER_NAME} and datname = current_database()`.execute(
        b.container.database.db,
      );
      // The listener's loss turns A's result cache off: from then on, B's notification cannot reach A.
      const { resultCache } = a.container.database;
      await eventually(() => resultCache.key('select 1', []) === null, {
        what: 'A losing its listener',
        intervalMs: 10,
      });
      const unheard = await publish(b, { type: 'camera.offline', camera_id: 9, data: {} });
      await received(client, unheard.id);
      assert.deepEqual(ids(client.messages.items), [unheard.id]);
    });

    it('an event whose commit is slow reaches clients before every later id (ids commit in order)', async () => {
      const client = await stream(hostA, a.adminToken);
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let inserted!: (event: BusEvent) => void;
      const drawn = new Promise<BusEvent>((resolve) => (inserted = resolve));
      // Node A's insert, held open after drawing its id as a slow commit would be.
      const slowInsert = a.container.database.db.transaction().execute(async (trx) => {
        const [event] = await new EventStore(trx).insertInIdOrder(
          [
            {
              type: 'camera.online',
              camera_id: 5,
              source: 'held-open',
              severity: null,
              timestamp: new Date().toISOString(),
              data: {},
            },
          ],
          EVENTS_CHANNEL,
        );
        inserted(event!);
        await committing;
      });
      const slow = await drawn;
      const later = publish(b, { type: 'camera.offline', camera_id: 5, data: {} });
      // B's insert now either waits for A's to commit (ordered) or has committed a bigger id before it.
      let settled = false;
      const settle = () => (settled = true);
      later.then(settle, settle);
      await eventually(
        async () =>
          settled ||
          (
            await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and query like '%pg_advisory_xact_lock%'`.execute(a.container.database.db)
          ).rows[0]!.n > 0,
        { what: "B's insert waiting or done", intervalMs: 10 },
      );
      commit();
      await slowInsert;
      const last = await publish(a, { type: 'camera.online', camera_id: 5, data: {} });
      await received(client, last.id);
      assert.deepEqual(ids(client.messages.items), [slow.id, (await later).id, last.id]);
    });

    it('both nodes publishing at once: a client on each receives all events, strictly increasing, none missing', async () => {
      const clientA = await stream(hostA, a.adminToken);
      const clientB = await stream(hostB, b.adminToken);
      const storedIds = async (afterId: number) =>
        (
          await a.container.database.db
            .selectFrom('events')
            .select('id')
            .where('id', '>', afterId)
            .orderBy('id')
            .execute()
        ).map((row) => row.id);
      const floor = (await storedIds(0)).at(-1) ?? 0;
      // A few callers per node, each publishing one event after the other (like cameras): many small commits
      // from both nodes interleave, which is where ids could commit out of order. Some publishes of a node queue
      // up behind its statement under way and go in one batch.
      const callers = (node: TestApp) =>
        Array.from({ length: CALLERS }, async (_, caller) => {
          const events: BusEvent[] = [];
          for (let i = 0; i < PER_NODE / CALLERS; i++) {
            events.push(await publish(node, { type: 'detection', camera_id: caller, data: { i } }));
          }
          return events;
        });
      const published = (await Promise.all([...callers(a), ...callers(b)])).flat();
      const stored = await storedIds(floor);
      // Every publish stored, with the id it was given (batches map ids to events in order).
      const byId = [...published].sort((x, y) => x.id - y.id);
      assert.deepEqual(
        stored,
        byId.map((e) => e.id),
      );
      for (const client of [clientA, clientB]) {
        await received(client, stored.at(-1)!);
        assertIncreasing(ids(client.messages.items));
        // An event of the test before may still reach a client that connected as it was being relayed: only
        // this test's events (after the floor) are compared.
        assert.deepEqual(
          client.messages.items.map((m) => m.data as BusEvent).filter((event) => event.id > floor),
          byId,
        );
      }
    });

    it('an event the database refuses fails its own publish only, not those stored with it', async () => {
      const client = await stream(hostA, a.adminToken);
      const [first, refused, last] = await Promise.allSettled([
        publish(a, { type: 'detection', camera_id: 3, data: { n: 1 } }),
        a.container.events.publish({ type: 'detection', source: 'x'.repeat(101), camera_id: 3, data: {} }),
        publish(a, { type: 'detection', camera_id: 3, data: { n: 3 } }),
      ]);
      assert.equal(refused.status, 'rejected');
      assert.ok(first.status === 'fulfilled' && last.status === 'fulfilled');
      await received(client, last.value.id);
      assert.deepEqual(
        client.messages.items.map((m) => m.data as BusEvent),
        [first.value, last.value],
      );
    });

    it('a failed publish that nobody awaits does not become an unhandled rejection', async () => {
      void a.container.events.publish({ type: 'no.such.type' as 'detection', source: 'node-a', data: {} });
      // An unhandled rejection would fail this test (node:test reports it).
      await a.container.events.idle();
    });

    it("node A's internal listeners hear A's own events only, each once", async () => {
      const own = await a.container.database.db
        .selectFrom('events')
        .select('id')
        .where('source', '=', 'node-a')
        .orderBy('id')
        .execute();
      assert.ok(own.length > PER_NODE);
      const heard = heardOnA.filter((e) => e.source === 'node-a' || e.source === 'node-b');
      assert.deepEqual(
        heard.map((e) => e.id),
        own.map((row) => row.id),
      );
    });
  });
}
