// Fast tests of the zone watch with fakes (no database, no model): entries, exits and the alert rule, one
// tracked update at a time.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InternalEvents } from '../../platform/events/internal-events.js';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { RecorderEvents } from '../recorder-events.js';
import type { TrackedObject } from '../tracking/object-tracker.js';
import { ZONE_ALERT_DEFAULTS, type Zone } from './zones.schemas.js';
import { ZoneWatch } from './zone-watch.js';

/** The left half of the picture. */
const LEFT_HALF = {
  name: 'Left',
  polygon: [
    [0, 0],
    [0.5, 0],
    [0.5, 1],
    [0, 1],
  ],
  labels: ['person'],
  alert: { ...ZONE_ALERT_DEFAULTS, cooldown_seconds: 0 },
} as unknown as Zone;

function setup(zones: Zone[] = [LEFT_HALF]) {
  /** what the watch told the other modules, in order */
  const told: string[] = [];
  const raised: Parameters<AlertsService['raise']>[0][] = [];
  const internal = new InternalEvents<RecorderEvents>(() => undefined);
  internal.on('zone.entered', ({ zone, trackId, at }) => void told.push(`entered ${zone} ${trackId} ${at}`));
  internal.on('zone.exited', ({ zone, trackId, at, dwellMs }) =>
    told.push(`exited ${zone} ${trackId} ${at} after ${dwellMs}`),
  );
  const watch = new ZoneWatch({
    zones: { zonesOf: async () => zones },
    alerts: { raise: async (alert: (typeof raised)[number]) => void raised.push(alert) } as unknown as Pick<
      AlertsService,
      'raise'
    >,
    internal,
  });
  /** One update of model 1 on camera 1: each person standing at x (feet at the bottom of a box). */
  const update = (at: number, people: Record<string, number>) =>
    watch.tracked({
      cameraId: 1,
      modelId: 1,
      at,
      tracks: Object.entries(people).map(([id, x]) => person(id, x, at)),
      ended: [],
      picture: null,
    });
  return { told, raised, update };
}

const trackIds = (alerts: Parameters<AlertsService['raise']>[0][]) =>
  alerts.map((alert) => (alert.data as { track_id: string }).track_id);

function person(trackId: string, x: number, at: number): TrackedObject {
  const box = { x: x - 0.05, y: 0.4, width: 0.1, height: 0.4 };
  return {
    track_id: trackId,
    label: 'person',
    confidence: 0.9,
    box,
    first_seen: 0,
    last_seen: at,
    last_moved: at,
    stationary: false,
    best: { at, confidence: 0.9, box, result_id: null },
  };
}

describe('zone watch', () => {
  it('alerts a person once however often their feet cross the edge, and again only as a new track', async () => {
    const s = setup();
    await s.update(1000, { a: 0.45 });
    await s.update(2000, { a: 0.55 }); // out
    await s.update(3000, { a: 0.48 }); // in again
    await s.update(4000, { a: 0.52 });
    await s.update(5000, { a: 0.49 });
    assert.deepEqual(s.told, [
      'entered Left a 1000',
      'exited Left a 2000 after 1000',
      'entered Left a 3000',
      'exited Left a 4000 after 1000',
      'entered Left a 5000',
    ]);
    assert.deepEqual(trackIds(s.raised), ['a'], 'one alert for the person');

    // The track ends; the same person found again is a new track, and a new alert.
    await s.update(6000, {});
    await s.update(7000, { b: 0.3 });
    assert.deepEqual(trackIds(s.raised), ['a', 'b']);
  });

  it('alerts each of two people, the first in first', async () => {
    const s = setup();
    await s.update(1000, { a: 0.2 });
    await s.update(2000, { a: 0.2, b: 0.3 });
    await s.update(3000, { a: 0.2, b: 0.3 });
    assert.deepEqual(trackIds(s.raised), ['a', 'b']);
  });
});
