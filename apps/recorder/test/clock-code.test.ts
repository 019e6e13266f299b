// The clock-code decoder that the playback tests, the web app tests and the latency benchmark read frames with:
// a clean frame decodes to its time, and what a torn, grey or blank picture looks like decodes to nothing.
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { describe, it } from 'node:test';
import {
  CLOCK_CODE_DECODER_SOURCE,
  CLOCK_CODE_HEIGHT,
  CLOCK_CODE_WIDTH,
  decodeClockCode,
  judgeClockedFrames,
} from './helpers/clock-code.js';

const BACKGROUND = 96;

/** The 48 bits rtsp_camera.py paints for `ms`: the time modulo 2^40, then the sum of its five bytes. */
function bitsOf(ms: number): number[] {
  const value = ms % 2 ** 40;
  let sum = 0;
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) sum += rest % 256;
  const word = value * 256 + (sum % 256);
  return Array.from({ length: 48 }, (_, i) => Math.floor(word / 2 ** (47 - i)) % 2);
}

/** A gray frame as the test camera paints it, each block filled with `levelOf(bit)`. */
function frameOf(bits: number[], levelOf = (bit: number): number => (bit ? 235 : 16)): Buffer {
  const frame = Buffer.alloc(CLOCK_CODE_WIDTH * CLOCK_CODE_HEIGHT, BACKGROUND);
  bits.forEach((bit, i) => {
    const x = 32 + (i % 24) * 24;
    const y = 24 + Math.floor(i / 24) * 24;
    for (let line = y; line < y + 24; line++)
      frame.fill(levelOf(bit), line * CLOCK_CODE_WIDTH + x, line * CLOCK_CODE_WIDTH + x + 24);
  });
  return frame;
}

describe('clock code', () => {
  const now = Date.UTC(2026, 10, 24, 12, 0, 0, 123);

  it('decodes a clean frame to the full unix time', () => {
    assert.equal(decodeClockCode(frameOf(bitsOf(now)), CLOCK_CODE_WIDTH, now + 400), now);
  });

  it('decodes a frame whose blocks are softened by compression but still clearly dark or bright', () => {
    assert.equal(
      decodeClockCode(
        frameOf(bitsOf(now), (bit) => (bit ? 200 : 50)),
        CLOCK_CODE_WIDTH,
        now,
      ),
      now,
    );
  });

  it('finds no code in mid-grey noise', () => {
    let seed = 7;
    const noise = Buffer.alloc(CLOCK_CODE_WIDTH * CLOCK_CODE_HEIGHT);
    for (let i = 0; i < noise.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      noise[i] = 64 + (seed % 128);
    }
    assert.equal(decodeClockCode(noise, CLOCK_CODE_WIDTH, now), null);
  });

  it('finds no code in an all-dark frame (whose checksum 0 matches its value 0)', () => {
    assert.equal(
      decodeClockCode(Buffer.alloc(CLOCK_CODE_WIDTH * CLOCK_CODE_HEIGHT, 16), CLOCK_CODE_WIDTH, now),
      null,
    );
  });

  it('finds no code in grey blocks even when a plain threshold would read a matching checksum', () => {
    // Bits that pass the checksum, painted just either side of mid-grey as a torn or pre-keyframe picture can be:
    // a reader that only splits at 128 decodes them (the false decode that once failed a playback test).
    const bits = bitsOf(now - 22 * 365 * 86_400_000);
    const grey = frameOf(bits, (bit) => (bit ? 140 : 116));
    assert.equal(decodeClockCode(grey, CLOCK_CODE_WIDTH, now, Infinity), null);
    // One grey block among clean ones is enough to reject the frame.
    const oneGrey = frameOf(bitsOf(now));
    oneGrey.fill(130, 36 * CLOCK_CODE_WIDTH + 44, 36 * CLOCK_CODE_WIDTH + 46);
    assert.equal(decodeClockCode(oneGrey, CLOCK_CODE_WIDTH, now), null);
  });

  it('finds no code in a clean frame stamped far from the reader’s clock', () => {
    const years = 22 * 365 * 86_400_000;
    assert.equal(decodeClockCode(frameOf(bitsOf(now - years)), CLOCK_CODE_WIDTH, now), null);
    assert.equal(decodeClockCode(frameOf(bitsOf(now - 11 * 60_000)), CLOCK_CODE_WIDTH, now), null);
  });

  it('is self-contained, so the browser runs the same decoder from its source', () => {
    const frame = frameOf(bitsOf(now));
    const decode = runInNewContext(`(${CLOCK_CODE_DECODER_SOURCE})`) as (
      luma: (x: number, y: number) => number,
      near: number,
      windowMs: number,
    ) => number | null;
    assert.equal(
      decode((x, y) => frame[y * CLOCK_CODE_WIDTH + x]!, now, 60_000),
      now,
    );
  });

  describe('judging what a viewer showed', () => {
    const since = now - 5000;
    const playing = Array.from({ length: 30 }, (_, i) => ({
      shownAt: now + i * 66 + 300,
      clock: now + i * 66,
    }));

    it('accepts frames of this run that advance, despite one stray frame', () => {
      assert.equal(judgeClockedFrames(playing, since), null);
      const stray = playing.with(3, { shownAt: playing[3]!.shownAt, clock: now - 22 * 365 * 86_400_000 });
      assert.equal(judgeClockedFrames(stray, since), null);
    });

    it('rejects too few frames, frames from before the run, and a picture that stands still', () => {
      assert.match(judgeClockedFrames(playing.slice(0, 2), since)!, /only 2 of 2/);
      assert.match(judgeClockedFrames(playing, now + 60_000)!, /only 0 of 30/);
      const still = playing.map((f) => ({ ...f, clock: now }));
      assert.match(judgeClockedFrames(still, since)!, /does not advance/);
    });
  });
});
