// The in-process change notifications between modules: handlers are removable, a failing handler (thrown or
// rejected) is logged without reaching the publisher or the others, and the recorder's modules register their
// reactions at construction and remove every one of them when it closes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InternalEvents } from '../src/platform/events/internal-events.js';
import type { RecorderEvents } from '../src/modules/recorder-events.js';
import { createTestApp } from './helpers/app.js';

describe('internal events', () => {
  it('calls every handler, isolates failures and removes handlers', async () => {
    const failures: string[] = [];
    let rejected!: () => void;
    const loggedRejection = new Promise<void>((resolve) => (rejected = resolve));
    const events = new InternalEvents<{ ping: { n: number } }>((event, error) => {
      failures.push(`${event}: ${(error as Error).message}`);
      if (failures.length === 4) rejected();
    });
    const seen: number[] = [];
    events.on('ping', () => {
      throw new Error('thrown');
    });
    events.on('ping', async () => {
      throw new Error('rejected');
    });
    const remove = events.on('ping', ({ n }) => seen.push(n));
    events.emit('ping', { n: 1 });
    remove();
    events.emit('ping', { n: 2 });
    await loggedRejection;
    assert.deepEqual(seen, [1]);
    // Two emits, each with one thrown and one rejected failure: all four logged, none reached emit().
    assert.deepEqual(failures.sort(), ['ping: rejected', 'ping: rejected', 'ping: thrown', 'ping: thrown']);
    assert.equal(events.handlerCount('ping'), 2);
  });

  it('the recorder registers its modules’ reactions and removes them all on close', async () => {
    const t = await createTestApp();
    const names: (keyof RecorderEvents)[] = [
      'camera.changed',
      'camera-config.changed',
      'ai-model.changed',
      'media-tls.changed',
      'cloud-settings.changed',
    ];
    const counts = Object.fromEntries(
      names.map((name) => [name, t.container.internalEvents.handlerCount(name)]),
    );
    // camera.changed: the RTSPS probe, live view, recording, detection and stream targets.
    assert.deepEqual(counts, {
      'camera.changed': 5,
      'camera-config.changed': 4,
      'ai-model.changed': 1,
      'media-tls.changed': 2,
      'cloud-settings.changed': 2,
    });
    await t.close();
    for (const name of names) assert.equal(t.container.internalEvents.handlerCount(name), 0, name);
  });
});
