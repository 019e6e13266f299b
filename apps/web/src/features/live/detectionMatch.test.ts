// Fast tests (node:test, type-checked with apps/web/test) of how live boxes are matched to the picture on screen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DetectionHistory,
  EARLY_MS,
  HOLD_MS,
  sameDetections,
  type TimedDetection,
} from './detectionMatch.js';

const T = 1_800_000_000_000;

function detection(frameTime: number, modelId: number | undefined = 1, label = 'person'): TimedDetection {
  return {
    modelId,
    frameTime,
    frame: { width: 640, height: 480 },
    boxes: [{ label, confidence: 0.9, bbox: [1, 2, 3, 4] }],
  };
}

describe('DetectionHistory', () => {
  it('draws a detection only once the picture on screen has reached its picture', () => {
    const history = new DetectionHistory();
    const future = detection(T + 2_000);
    history.add(future);
    assert.deepEqual(history.at(T), []);
    assert.deepEqual(history.at(T + 2_000 - EARLY_MS - 1), []);
    assert.deepEqual(history.at(T + 2_000 - EARLY_MS), [future]);
    assert.deepEqual(history.at(T + 2_000), [future]);
  });

  it('holds a detection on later pictures until the next one, and for HOLD_MS at most', () => {
    const history = new DetectionHistory();
    const first = detection(T);
    const second = detection(T + 1_000);
    history.add(first);
    history.add(second);
    assert.deepEqual(history.at(T + 500), [first]);
    assert.deepEqual(history.at(T + 1_000), [second]);
    assert.deepEqual(history.at(T + 1_000 + HOLD_MS), [second]);
    assert.deepEqual(history.at(T + 1_001 + HOLD_MS), []);
  });

  it('chooses per model, and puts a late detection in its place', () => {
    const history = new DetectionHistory();
    const a1 = detection(T, 1);
    const a3 = detection(T + 3_000, 1);
    const a2 = detection(T + 2_000, 1); // arrives after a3
    const b = detection(T + 1_000, 2, 'car');
    history.add(a1);
    history.add(a3);
    history.add(b);
    history.add(a2);
    assert.deepEqual(history.at(T + 2_100), [a2, b]);
    assert.deepEqual(history.at(T + 3_000), [a3, b]);
    assert.deepEqual(history.at(T + 500), [a1]);
  });

  it('forgets detections long older than the newest', () => {
    const history = new DetectionHistory();
    const old = detection(T);
    history.add(old);
    history.add(detection(T + 60_000));
    // The old one would fit a picture of its time, had it been kept.
    assert.deepEqual(history.at(T), []);
  });
});

describe('sameDetections', () => {
  it('compares the detections chosen, not their contents', () => {
    const a = detection(T);
    assert.equal(sameDetections([a], [a]), true);
    assert.equal(sameDetections([a], [detection(T)]), false);
    assert.equal(sameDetections([], [a]), false);
  });
});
