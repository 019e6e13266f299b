// Fast test of what the event log keeps of the facts told on the in-process bus.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { EventInput } from '../../platform/events/event-types.js';
import { InternalEvents } from '../../platform/events/internal-events.js';
import type { RecorderEvents } from '../recorder-events.js';
import { eventLogReactions } from './events.reactions.js';

it('stores each motion and zone fact once, with the fields the API promises', () => {
  const stored: EventInput[] = [];
  const internal = new InternalEvents<RecorderEvents>(() => undefined);
  const stop = eventLogReactions(internal, { publish: async (input) => void stored.push(input) as never });
  const box = { x: 0.1, y: 0.2, width: 0.3, height: 0.4, area: 0.05 };
  internal.emit('motion.changed', { cameraId: 3, active: true, at: 1000, boxes: [box] });
  internal.emit('zone.entered', { cameraId: 3, zone: 'Door', trackId: 't1', label: 'person', at: 1500 });
  internal.emit('zone.exited', {
    cameraId: 3,
    zone: 'Door',
    trackId: 't1',
    label: 'person',
    at: 4000,
    dwellMs: 2500,
  });
  internal.emit('motion.changed', { cameraId: 3, active: false, at: 9000, durationMs: 8000 });
  stop();
  internal.emit('motion.changed', { cameraId: 3, active: true, at: 9500, boxes: [] });

  assert.deepEqual(
    stored.map(({ type, camera_id, source, data }) => ({ type, camera_id, source, data })),
    [
      { type: 'motion.start', camera_id: 3, source: 'motion', data: { at: 1000, boxes: [box] } },
      {
        type: 'zone.enter',
        camera_id: 3,
        source: 'zones',
        data: { zone: 'Door', track_id: 't1', label: 'person', at: 1500 },
      },
      {
        type: 'zone.exit',
        camera_id: 3,
        source: 'zones',
        data: { zone: 'Door', track_id: 't1', label: 'person', at: 4000, dwell_ms: 2500 },
      },
      { type: 'motion.end', camera_id: 3, source: 'motion', data: { at: 9000, duration_ms: 8000 } },
    ],
  );
});
