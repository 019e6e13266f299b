import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PERSON_MIN_SCORE } from '../../tasks/thresholds.js';
import { calibrateForDeepStack, calibratedPersonScore, nativeMinConfidence } from './calibration.js';

describe('person scores for DeepStack clients', () => {
  it('maps the native threshold to at least 80 %, monotonically', () => {
    assert.ok(calibratedPersonScore(PERSON_MIN_SCORE) >= 0.79);
    let last = 0;
    for (let raw = 0; raw <= 1; raw += 0.05) {
      const p = calibratedPersonScore(raw);
      assert.ok(p >= last && p >= 0 && p <= 1);
      last = p;
    }
  });

  it('never sends a person under the native threshold, and leaves other classes raw', () => {
    const rock = { label: 'person', confidence: 0.42 };
    const walker = { label: 'person', confidence: 0.55 };
    const dog = { label: 'dog', confidence: 0.35 };
    const out = calibrateForDeepStack([rock, walker, dog], 0.3);
    assert.deepEqual(
      out.map((d) => d.label),
      ['person', 'dog'],
    );
    assert.ok(out[0]!.confidence > 0.9);
    assert.equal(out[1]!.confidence, 0.35);
  });

  it("applies the client's min_confidence to the calibrated score", () => {
    const walker = { label: 'person', confidence: 0.5 };
    const p = calibratedPersonScore(0.5);
    assert.equal(calibrateForDeepStack([walker], p + 0.01).length, 0);
    assert.equal(calibrateForDeepStack([walker], p - 0.01).length, 1);
    // the native call must fetch persons from the native threshold and other classes from the client's floor
    assert.equal(nativeMinConfidence(0.8), PERSON_MIN_SCORE);
    assert.equal(nativeMinConfidence(0.2), 0.2);
  });
});
