// Two recorders on one PostgreSQL database: a configuration change made through one reaches the other as a
// relayed internal event (modules/cluster/change-relay.ts), in order, once; the node where it was made does not
// hear it back; a change too big for a notification, or a listening connection that was down, makes the other
// node re-read everything. What the relayed events make a node's pipelines do is tested with real cameras in
// cluster.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { LISTENER_NAME } from '../src/platform/db/pg-changes.js';
import type { EventOrigin } from '../src/platform/events/internal-events.js';
import type { RecorderEvents } from '../src/modules/recorder-events.js';
import { RELAYED_EVENTS } from '../src/modules/cluster/change-relay.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createTestDatabase, POSTGRES_SKIP_REASON, type TestDatabase } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';

type Heard = { event: keyof RecorderEvents; payload: unknown; relayed: boolean };

/** Every relayed-kind event a node's modules are handed, with its origin; waits for one that matches. */
function hear(node: TestApp) {
  const heard: Heard[] = [];
  const waiting = new Set<() => void>();
  for (const event of RELAYED_EVENTS) {
    node.container.internalEvents.on(event, (payload: unknown, { relayed }: EventOrigin) => {
      heard.push({ event, payload, relayed });
      for (const wake of [...waiting]) wake();
    });
  }
  const waitFor = (what: string, match: (entry: Heard) => boolean, timeoutMs = 10_000) =>
    new Promise<Heard>((resolve, reject) => {
      const check = () => {
        const found = heard.find(match);
        if (!found) return false;
        clearTimeout(timer);
        waiting.delete(wake);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        waiting.delete(wake);
        reject(
          new Error(`timed out waiting for ${what}; heard ${JSON.stringify(heard.map((h) => h.event))}`),
        );
      }, timeoutMs);
      if (!check()) waiting.add(wake);
    });
  return { heard, waitFor };
}

describe('configuration changes between recorders', { skip: POSTGRES_SKIP_REASON ?? false }, () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let onA: ReturnType<typeof hear>;
  let onB: ReturnType<typeof hear>;

  before(async () => {
    database = await createTestDatabase('postgres');
    a = await createTestApp({ database });
    b = await createTestApp({ database });
    onA = hear(a);
    onB = hear(b);
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  const api = (
    node: TestApp,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    node.request({ method, url: `/api/v1${url}`, token: node.adminToken, ...(payload ? { payload } : {}) });
  /** the camera an event is about */
  const cameraOf = ({ payload }: Heard) =>
    (payload as { cameraId?: number }).cameraId ?? (payload as { camera?: { id: number } }).camera?.id;

  it('a change made through node A reaches node B relayed, in order, and is not heard back on A', async () => {
    const created = await api(a, 'POST', '/cameras', {
      name: 'relayed',
      ip_address: '127.0.0.1',
      rtsp_url: 'rtsp://127.0.0.1:8554/relayed',
    });
    assert.equal(created.statusCode, 201, created.body);
    const cameraId = created.json().id as number;
    const configured = await api(a, 'PATCH', `/camera-config/${cameraId}`, { recording_enabled: true });
    assert.equal(configured.statusCode, 200, configured.body);
    const motion = await api(a, 'PUT', `/cameras/${cameraId}/motion`, { enabled: true });
    assert.equal(motion.statusCode, 200, motion.body);

    await onB.waitFor('the motion settings on B', (h) => h.event === 'motion-settings.changed');
    // What A's modules heard of the camera (its own changes, and perhaps the RTSPS probe's), B heard in the same
    // order, relayed; A heard nothing relayed.
    const madeOnA = onA.heard.filter((h) => cameraOf(h) === cameraId);
    assert.ok(
      madeOnA.every((h) => !h.relayed),
      JSON.stringify(madeOnA),
    );
    const onBForCamera = () => onB.heard.filter((h) => cameraOf(h) === cameraId);
    await eventually(() => (onBForCamera().length >= madeOnA.length ? true : undefined), {
      what: 'every change on B',
    });
    assert.deepEqual(
      onBForCamera()
        .slice(0, madeOnA.length)
        .map((h) => [h.event, h.relayed]),
      madeOnA.map((h) => [h.event, true]),
    );
    const kinds = madeOnA.map((h) => h.event);
    assert.equal(kinds[0], 'camera.changed');
    assert.ok(
      kinds.includes('camera-config.changed') && kinds.includes('motion-settings.changed'),
      kinds.join(),
    );
    assert.equal((onBForCamera()[0]!.payload as RecorderEvents['camera.changed']).kind, 'created');
  });

  it('an adapter registered through node A is in node B’s registry, and goes when A removes it', async () => {
    const onB = (name: string) => b.container.adapterRegistry.get(name)?.url;
    const registered = await api(a, 'POST', '/adapters', { name: 'relayed', url: 'http://127.0.0.1:9/' });
    assert.equal(registered.statusCode, 201, registered.body);
    // B's registry follows in the background of the relayed event (it reads the database): no event says when.
    await eventually(() => onB('relayed'), { what: 'the adapter in B’s registry' });
    const removed = await api(a, 'DELETE', '/adapters/relayed');
    assert.equal(removed.statusCode, 204, removed.body);
    await eventually(() => (onB('relayed') === undefined ? true : undefined), {
      what: 'the adapter gone on B',
    });
  });

  it('a change too big for a notification makes node B re-read every camera', async () => {
    const before = onB.heard.length;
    // 2,000 four-byte characters: the camera alone is more than a notification can carry.
    const created = await api(a, 'POST', '/cameras', {
      name: 'verbose',
      ip_address: '127.0.0.1',
      rtsp_url: 'rtsp://127.0.0.1:8554/verbose',
      description: '📹'.repeat(2000),
    });
    assert.equal(created.statusCode, 201, created.body);
    const cameraId = created.json().id as number;
    const resync = await onB.waitFor('a re-read on B', (h) => h.event === 'backup.restored');
    assert.ok(resync.relayed);
    assert.ok((resync.payload as { cameraIds: number[] }).cameraIds.includes(cameraId));
    // Not the camera itself (and what B's modules emitted in reaction, the TLS material, counts as relayed too).
    const after = onB.heard.slice(before);
    assert.ok(!after.some((h) => h.event === 'camera.changed'), JSON.stringify(after.map((h) => h.event)));
    assert.ok(after.every((h) => h.relayed));
  });

  it('node B re-reads every camera once its listening connection is back (it may have missed changes)', async () => {
    const before = onB.heard.length;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${LISTENER_NAME} and datname = current_database()`.execute(
      a.container.database.db,
    );
    const resync = await onB.waitFor(
      'a re-read on B',
      (h) => onB.heard.indexOf(h) >= before && h.event === 'backup.restored',
    );
    assert.ok(resync.relayed);
  });
});
