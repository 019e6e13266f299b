// Fast tests (node:test) of where a day's timeline opens.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fittedView } from './fit.js';
import { HOUR, MINUTE, ZOOM_LEVELS } from './time.js';

const DAY = { startMs: Date.parse('2026-11-28T00:00:00Z'), endMs: Date.parse('2026-11-29T00:00:00Z') };
const at = (hours: number) => DAY.startMs + hours * HOUR;
const label = (zoom: number) => ZOOM_LEVELS[zoom]!.label;
const LEVELS = ZOOM_LEVELS.map((level) => level.span);

describe('the view a day opens with', () => {
  it('holds twenty minutes of footage in the 30-minute view, centred on it', () => {
    const view = fittedView([{ startMs: at(14), endMs: at(14) + 20 * MINUTE }], DAY, LEVELS);
    assert.equal(label(view.zoom), '30 minutes');
    assert.equal(view.centerMs, at(14) + 10 * MINUTE);
  });

  it('leaves a margin: 30 s of footage opens on 5 minutes, three hours on 6 hours', () => {
    assert.equal(
      label(fittedView([{ startMs: at(9), endMs: at(9) + 30_000 }], DAY, LEVELS).zoom),
      '5 minutes',
    );
    const spread = fittedView(
      [
        { startMs: at(8), endMs: at(9) },
        { startMs: at(10), endMs: at(11) },
      ],
      DAY,
      LEVELS,
    );
    assert.equal(label(spread.zoom), '6 hours');
    assert.equal(spread.centerMs, at(9.5));
  });

  it('opens a day recorded throughout on its last hour of footage', () => {
    const view = fittedView([{ startMs: at(-2), endMs: at(20) }], DAY, LEVELS);
    assert.equal(label(view.zoom), '1 hour');
    assert.equal(view.centerMs, at(19.5));
  });

  it('shows the whole day when footage is spread thin over it, or when there is none', () => {
    const thin = fittedView(
      [
        { startMs: at(1), endMs: at(2) },
        { startMs: at(22), endMs: at(23) },
      ],
      DAY,
      LEVELS,
    );
    assert.equal(label(thin.zoom), '24 hours');
    assert.deepEqual(fittedView([], DAY, LEVELS), { zoom: 0, centerMs: at(12) });
    // Footage of another day only: none.
    assert.equal(fittedView([{ startMs: at(-5), endMs: at(-4) }], DAY, LEVELS).zoom, 0);
  });
});
