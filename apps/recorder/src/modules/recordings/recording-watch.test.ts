// Fast tests of the recording watch with fakes (no database, no ffmpeg): who it tries again, when it speaks, and
// that it speaks once per episode.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { InternalEvents } from '../../platform/events/internal-events.js';
import type { RecorderEvents } from '../recorder-events.js';
import type { NotRecording } from './recording-engine.js';
import { RecordingWatch } from './recording-watch.js';

function setup() {
  let now = 1_000_000;
  const recording = new Set<number>();
  const notRecording = new Map<number, NotRecording>();
  const holders = new Map<number, string>();
  const synced: number[] = [];
  const warnings: Record<string, unknown>[] = [];
  const uncovered: RecorderEvents['recording.uncovered'][] = [];
  const events = new InternalEvents<RecorderEvents>(() => undefined);
  events.on('recording.uncovered', (report) => void uncovered.push(report));
  const log = {
    warn: (fields: Record<string, unknown>) => void warnings.push(fields),
    info: () => undefined,
  } as unknown as FastifyBaseLogger;
  let room: string | null = 'this recorder node runs as many cameras as its NODE_CAPACITY (1) allows';
  const watch = new RecordingWatch(
    {
      recordingWanted: async () => [
        { id: 1, name: 'Porch' },
        { id: 2, name: 'Gate' },
      ],
    },
    {
      isRecording: (id) => recording.has(id),
      sync: async (id) => void synced.push(id),
      whyNotRecording: (id) => notRecording.get(id) ?? null,
    },
    { nodeId: 'me', holders: async () => holders, roomRefusal: async () => room },
    events,
    log,
    { intervalMs: 1000, graceMs: 20_000 },
    () => now,
  );
  return {
    watch,
    recording,
    notRecording,
    holders,
    synced,
    warnings,
    uncovered,
    advance: (ms: number) => (now += ms),
    setRoom: (value: string | null) => (room = value),
  };
}

describe('recording watch', () => {
  it('tries an unrecorded camera again at once, and speaks only after the grace, once', async () => {
    const s = setup();
    s.recording.add(1);
    await s.watch.check();
    assert.deepEqual(s.synced, [2], 'the recorded camera is left alone');
    assert.equal(s.uncovered.length, 0, 'not before the grace');
    s.advance(20_000);
    await s.watch.check();
    assert.equal(s.uncovered.length, 1);
    assert.deepEqual(s.uncovered[0], {
      cameraId: 2,
      name: 'Gate',
      reason:
        'no recorder node holds it: this recorder node runs as many cameras as its NODE_CAPACITY (1) allows',
      seconds: 20,
    });
    assert.equal(s.warnings.length, 1);
    s.advance(60_000);
    await s.watch.check();
    assert.equal(s.uncovered.length, 1, 'once per episode');
  });

  it('a camera another node holds is that node’s to watch; one held here but unreadable says why', async () => {
    const s = setup();
    s.holders.set(1, 'other-node');
    s.holders.set(2, 'me');
    s.notRecording.set(2, { cause: 'source', message: 'No stream URL' });
    await s.watch.check();
    s.advance(30_000);
    await s.watch.check();
    assert.deepEqual(s.synced, [2, 2]);
    assert.equal(s.uncovered.length, 1);
    assert.equal(s.uncovered[0]!.reason, 'the node that holds it cannot read it: No stream URL');
  });

  it('the volume keeps its own alert; a camera recorded again starts a new episode', async () => {
    const s = setup();
    s.notRecording.set(1, { cause: 'volume', message: 'the recordings volume is unavailable' });
    s.recording.add(2);
    s.advance(1);
    await s.watch.check();
    s.advance(30_000);
    await s.watch.check();
    assert.equal(s.uncovered.length, 0, 'the recordings volume has its own alert');

    s.notRecording.clear();
    s.recording.delete(2);
    s.recording.add(1);
    await s.watch.check();
    s.advance(30_000);
    await s.watch.check();
    assert.equal(s.uncovered.length, 1);
    s.recording.add(2);
    await s.watch.check();
    s.recording.delete(2);
    await s.watch.check();
    s.advance(30_000);
    await s.watch.check();
    assert.equal(s.uncovered.length, 2, 'after it was recorded again, a new silence is a new episode');
  });
});
