// Fast tests (node:test, type-checked with apps/web/test) of how timeline activity becomes bands.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activityBands, activityGapSeconds, incidentBands, type IncidentLike } from './bands.js';

const T0 = Date.parse('2026-11-28T12:00:00Z');
describe('timeline bands', () => {
  it('draws the recorder’s merged ranges as bands, counted', () => {
    const bands = activityBands(
      [
        { start_ms: T0, end_ms: T0 + 3599_000, count: 3600 },
        { start_ms: T0 + 3660_000, end_ms: T0 + 3660_000, count: 1 },
      ],
      'detection',
    );
    assert.deepEqual(
      bands.map(({ kind, startMs, endMs, text }) => ({ kind, startMs, endMs, text })),
      [
        { kind: 'detection', startMs: T0, endMs: T0 + 3599_000, text: '3600 detections' },
        { kind: 'detection', startMs: T0 + 3660_000, endMs: T0 + 3660_000, text: '1 detection' },
      ],
    );
    assert.equal(
      activityBands([{ start_ms: T0, end_ms: T0 + 5000, count: 2 }], 'motion')[0]!.text,
      '2 motions',
    );
  });

  it('draws incidents the recorder merged as one band a range, an alert band when one of them was an alert', () => {
    const bands = activityBands(
      [
        { start_ms: T0, end_ms: T0 + 60_000, count: 30, alerts: 3 },
        { start_ms: T0 + 600_000, end_ms: T0 + 601_000, count: 1, alerts: 0 },
      ],
      'incident',
    );
    assert.deepEqual(
      bands.map(({ kind, text }) => ({ kind, text })),
      [
        { kind: 'alert', text: '30 incidents, 3 with an alert' },
        { kind: 'incident', text: '1 incident' },
      ],
    );
  });

  it('asks for a gap of a few pixels, never under the kind’s minimum', () => {
    // 1 s a pixel (an hour over 3,600 px): the minimum — 10 s for detections, 2 s for motion.
    assert.equal(activityGapSeconds('detection', 1000), 10);
    assert.equal(activityGapSeconds('motion', 100), 2);
    // A day over 1,000 px: 86.4 s a pixel, 6 px of it.
    assert.equal(activityGapSeconds('detection', 86_400), 519);
    assert.equal(activityGapSeconds('motion', 86_400), 519);
  });

  it('draws incidents from first to last moving picture, an open one to now, alerts apart', () => {
    const item = (id: number, severity: 'alert' | 'detection', end: string | null, labels: string[]) =>
      ({
        id,
        severity,
        start_time: new Date(T0).toISOString(),
        end_time: end,
        labels,
      }) satisfies IncidentLike;
    const bands = incidentBands(
      [
        item(1, 'alert', new Date(T0 + 5000).toISOString(), ['person', 'car']),
        item(2, 'detection', null, []),
      ],
      T0 + 9000,
    );
    assert.deepEqual(
      bands.map(({ kind, startMs, endMs, text }) => ({ kind, startMs, endMs, text })),
      [
        { kind: 'alert', startMs: T0, endMs: T0 + 5000, text: 'person, car' },
        { kind: 'incident', startMs: T0, endMs: T0 + 9000, text: 'something moving' },
      ],
    );
  });
});
