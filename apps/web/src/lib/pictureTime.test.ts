// Fast tests (node:test, type-checked with apps/web/test) of the picture-time arithmetic of live players.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RecorderClock, wallClockAt } from './pictureTime.js';

const T = 1_800_000_000_000;

describe('wallClockAt', () => {
  const fragments = [
    { start: 10, duration: 2, programDateTime: T },
    { start: 12, duration: 1.5, programDateTime: T + 2_040 }, // the recorder's stamp, not start + duration
    { start: 13.5, duration: 1, programDateTime: null },
  ];

  it("is the fragment's program date-time plus how far into the fragment the picture is", () => {
    assert.equal(wallClockAt(fragments, 10), T);
    assert.equal(wallClockAt(fragments, 11.5), T + 1_500);
    assert.equal(wallClockAt(fragments, 12), T + 2_040);
    assert.equal(wallClockAt(fragments, 13.25), T + 2_040 + 1_250);
  });

  it('is null outside the fragments and in a fragment without a date', () => {
    assert.equal(wallClockAt(fragments, 9), null);
    assert.equal(wallClockAt(fragments, 14), null);
    assert.equal(wallClockAt(fragments, 20), null);
    assert.equal(wallClockAt([], 1), null);
  });
});

describe('RecorderClock', () => {
  it('takes the clocks to agree until a message has come', () => {
    assert.equal(new RecorderClock().toRecorder(T), T);
  });

  it('is the smallest arrival − sent difference: the offset plus the shortest delay', () => {
    const clock = new RecorderClock();
    // The browser runs 5 s ahead; messages take 80, 3 and 400 ms.
    clock.observe(T, T + 5_080);
    clock.observe(T + 1_000, T + 6_003);
    clock.observe(T + 2_000, T + 7_400);
    assert.equal(clock.offset, 5_003);
    assert.equal(clock.toRecorder(T + 10_000), T + 4_997);
  });

  it('follows a clock that was set back (only recent messages count) and ignores nonsense', () => {
    const clock = new RecorderClock();
    clock.observe(T, T - 60_000);
    for (let index = 0; index < 64; index++) clock.observe(T + index, T + index + 10);
    assert.equal(clock.offset, 10);
    clock.observe(Number.NaN, T);
    assert.equal(clock.offset, 10);
  });
});
