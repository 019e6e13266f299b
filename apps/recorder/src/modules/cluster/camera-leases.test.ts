// Fast tests of how a node takes a camera's lease when a pipeline asks for it (CameraLeases.claim): every
// pipeline of a camera asks (recording, live view, AI, motion, stream targets, through SourceResolver), and the
// lease behind them is taken once — one database round for the first concurrent asks, none once held — and a
// camera another node holds is not asked for again until the next round. On a fake repository; the real
// database and several nodes are tested in test/cluster*.test.ts.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import type { RecorderEventBus } from '../recorder-events.js';
import { CameraLeases } from './camera-leases.js';
import type { ClusterRepository, HeldLease } from './cluster.repository.js';

const NODE = { id: 'node-a', name: 'a', url: 'http://a', version: 'test', capacity: 10 };

function fakeRepository(heldElsewhere: Set<number>) {
  const asked: number[] = [];
  let fence = 0;
  const row = { ...NODE, heartbeat_ms: 0, state: 'active' as const, started_at: '' };
  const repository = {
    register: async () => row,
    beat: async () => row,
    retake: async (): Promise<HeldLease[]> => [],
    releaseBinned: async (): Promise<number[]> => [],
    renew: async (): Promise<HeldLease[]> => [],
    existingCameras: async () => new Set<number>(),
    cameraCount: async () => 5,
    activeCapacity: async () => NODE.capacity,
    // The round itself takes nothing: only claims do, so the test sees each one.
    unheld: async (): Promise<number[]> => [],
    acquire: async (cameraId: number): Promise<HeldLease | undefined> => {
      asked.push(cameraId);
      await new Promise((resolve) => setImmediate(resolve));
      return heldElsewhere.has(cameraId) ? undefined : { cameraId, fence: ++fence };
    },
    release: async () => undefined,
  };
  return { repository: repository as unknown as ClusterRepository, asked };
}

describe('CameraLeases.claim', () => {
  let leases: CameraLeases;
  let asked: number[];
  const owned: { cameraId: number; owned: boolean }[] = [];
  const heldElsewhere = new Set<number>([9]);

  beforeEach(async () => {
    owned.length = 0;
    const fake = fakeRepository(heldElsewhere);
    asked = fake.asked;
    const events = {
      emit: (_name: string, payload: { cameraId: number; owned: boolean }) => owned.push(payload),
      emitAndWait: async () => undefined,
    } as unknown as RecorderEventBus;
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    leases = new CameraLeases(fake.repository, NODE, events, log as unknown as FastifyBaseLogger, {
      leaseMs: 60_000,
    });
    await leases.start();
  });
  afterEach(() => leases.stop());

  it('takes a camera once for every pipeline that asks at the same moment, and never again while held', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => leases.claim(7)));
    assert.deepEqual(answers, [true, true, true, true, true]);
    assert.deepEqual(asked, [7]);
    assert.deepEqual(owned, [{ cameraId: 7, owned: true }]);
    assert.equal(await leases.claim(7), true);
    assert.deepEqual(asked, [7], 'a held lease is answered without the database');
    assert.deepEqual(leases.fence(7), { nodeId: 'node-a', token: 1 });
  });

  it('does not ask again for a camera another node holds until the next round', async () => {
    assert.equal(await leases.claim(9), false);
    assert.equal(await leases.claim(9), false);
    assert.deepEqual(asked, [9]);
    assert.equal(leases.fence(9), null);
  });
});
