// Fast tests (node:test, type-checked with apps/web/test) of how timeline activity becomes bands.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectionBands, incidentBands, type FindingLike, type IncidentLike } from './bands.js';

const T0 = Date.parse('2026-11-28T12:00:00Z');
const result = (atMs: number, model = 'Yard people') =>
  ({ created_at: new Date(atMs).toISOString(), model_name: model }) satisfies FindingLike;

describe('timeline bands', () => {
  it('merges detections closer than the gap into one band, and counts them', () => {
    // One a second for an hour, then a pause, then two more: two bands, not 3,602 elements.
    const results = [
      ...Array.from({ length: 3600 }, (_, i) => result(T0 + i * 1000)),
      result(T0 + 3600_000 + 60_000),
      result(T0 + 3600_000 + 61_000, 'Gate cars'),
    ];
    const bands = detectionBands(results.reverse(), 100);
    assert.deepEqual(
      bands.map(({ startMs, endMs, text }) => ({ startMs, endMs, text })),
      [
        { startMs: T0, endMs: T0 + 3599_000, text: '3600 detections (Yard people)' },
        {
          startMs: T0 + 3660_000,
          endMs: T0 + 3661_000,
          text: '2 detections (Yard people, Gate cars)',
        },
      ],
    );
  });

  it('widens the gap with the zoom, so bands stay a few pixels apart', () => {
    const results = [result(T0), result(T0 + 30_000)];
    assert.equal(detectionBands(results, 1000).length, 2, '30 s apart at 1 s a pixel: two bands');
    assert.equal(detectionBands(results, 10_000).length, 1, '30 s apart at 10 s a pixel: one');
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
