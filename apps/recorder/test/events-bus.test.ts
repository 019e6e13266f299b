import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { EventBus } from '../src/platform/events/event-bus.js';
import { EventStore } from '../src/platform/events/event-store.js';
import type { BusEvent, EventType } from '../src/platform/events/event-types.js';
import { createTestDatabase, testDialects, type TestDatabase } from './helpers/database.js';

const quiet = { warn: () => undefined, error: () => undefined };

for (const dialect of testDialects()) {
  describe(`event bus on ${dialect}`, () => {
    let database: TestDatabase;
    let handle: DatabaseHandle;
    let bus: EventBus;
    before(async () => {
      database = await createTestDatabase(dialect);
      handle = openDatabase(database.config);
      await migrateToLatest(handle);
      bus = new EventBus(new EventStore(handle.db), { subscriberCapacity: 3 }, quiet);
    });
    after(async () => {
      await bus.close();
      await handle.close();
      await database.drop();
    });

    it('stores every event with an increasing id and fans it out to listeners and subscribers', async () => {
      const seen: BusEvent[] = [];
      const stop = bus.listen((event) => void seen.push(event));
      const subscription = bus.subscribe(() => true);
      const published = await Promise.all([
        bus.publish({ type: 'camera.offline', camera_id: 1, source: 'recorder', data: { reason: 'eof' } }),
        bus.publish({ type: 'camera.online', camera_id: 1, source: 'recorder', data: {} }),
      ]);
      assert.ok(published[1].id > published[0].id);
      assert.deepEqual(
        seen.map((e) => e.type),
        ['camera.offline', 'camera.online'],
      );
      assert.deepEqual(await subscription.next(0), { kind: 'event', event: published[0] });
      assert.deepEqual(await subscription.next(0), { kind: 'event', event: published[1] });
      assert.equal(await subscription.next(0), 'idle');
      const replay = await bus.replay({ cameraIds: [1], includeSystem: false, afterId: 0, limit: 10 });
      assert.deepEqual(replay, published);
      assert.match(published[0].timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      stop();
      subscription.close();
    });

    it('a slow subscriber loses its oldest events, then hears how many, and never holds up publish', async () => {
      const slow = bus.subscribe((event) => event.camera_id === 2);
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await bus.publish({ type: 'detection', camera_id: 2, source: 'ai', data: { i } })).id);
      }
      assert.equal(slow.pending, 3);
      assert.deepEqual(await slow.next(0), { kind: 'lagged', dropped: 2 });
      const rest = [];
      for (let i = 0; i < 3; i++) {
        const item = await slow.next(0);
        assert.ok(item && item !== 'idle' && item.kind === 'event');
        rest.push(item.event.id);
      }
      assert.deepEqual(rest, ids.slice(2));
      slow.close();
      assert.equal(await slow.next(0), null);
    });

    it('a waiting reader wakes on the next event', async () => {
      const subscription = bus.subscribe((event) => event.camera_id === 3);
      const waiting = subscription.next(60_000);
      const event = await bus.publish({
        type: 'recording.started',
        camera_id: 3,
        source: 'recorder',
        data: {},
      });
      assert.deepEqual(await waiting, { kind: 'event', event });
      subscription.close();
    });

    it('scopes queries by camera and system events, and by type', async () => {
      await bus.publish({ type: 'adapter.unavailable', source: 'orchestrator', data: { adapter: 'a' } });
      const system = await bus.latest({ cameraIds: [], includeSystem: true, limit: 50 });
      assert.ok(system.events.every((e) => e.camera_id === null));
      assert.equal(system.events[0]!.type, 'adapter.unavailable');
      const none = await bus.latest({ cameraIds: [], includeSystem: false, limit: 50 });
      assert.equal(none.total, 0);
      const typed = await bus.latest({
        cameraIds: null,
        includeSystem: true,
        types: ['detection'],
        limit: 2,
      });
      assert.equal(typed.total, 5);
      assert.equal(typed.events.length, 2);
      assert.ok(typed.events[0]!.id > typed.events[1]!.id);
    });

    it('refuses unknown types; a failed fire-and-forget publish is logged, not thrown', async () => {
      await assert.rejects(
        bus.publish({ type: 'nope' as EventType, source: 'x', data: {} }),
        /unknown event type/,
      );
      const errors: unknown[] = [];
      const broken = new EventBus(
        {
          insert: () => Promise.reject(new Error('disk full')),
        } as unknown as EventStore,
        {},
        { warn: () => undefined, error: (o) => void errors.push(o) },
      );
      void broken.publish({ type: 'camera.online', camera_id: 1, source: 'recorder', data: {} });
      await broken.idle();
      assert.equal(errors.length, 1);
      // the next publish still runs after a failed one
      await assert.rejects(broken.publish({ type: 'camera.online', source: 'r', data: {} }), /disk full/);
    });

    it('prunes events older than the retention', async () => {
      const shortLived = new EventBus(new EventStore(handle.db), { retentionMs: 1000 }, quiet);
      const before = await shortLived.latest({ cameraIds: null, includeSystem: true, limit: 1 });
      assert.ok(before.total > 0);
      assert.equal(await shortLived.prune(Date.now() + 2000), before.total);
      assert.equal((await shortLived.latest({ cameraIds: null, includeSystem: true, limit: 1 })).total, 0);
    });
  });
}
