import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  averagePrecision,
  calibrate,
  fitPlatt,
  iou,
  matchClass,
  positives,
  rawFor,
  scoreClass,
  type Box,
  type MatchedDetection,
  type ScoredFrame,
} from './metrics.js';

const person = (box: Box, score: number) => ({ label: 'person', box, score });
const outcomes = (m: MatchedDetection[]) => m.map((d) => d.outcome);

describe('detection scoring (VOC)', () => {
  it('measures overlap as intersection over union', () => {
    assert.equal(iou([0, 0, 10, 10], [0, 0, 10, 10]), 1);
    assert.equal(iou([0, 0, 10, 10], [5, 0, 15, 10]), 50 / 150);
    assert.equal(iou([0, 0, 10, 10], [10, 0, 20, 10]), 0);
  });

  it('matches best first: a second box on a taken person, a miss and a poor fit are false, difficult ones count for nothing', () => {
    const frames: ScoredFrame[] = [
      {
        id: 'a',
        classes: ['person'],
        truths: [
          { label: 'person', box: [0, 0, 10, 20] },
          { label: 'person', box: [50, 0, 60, 20], difficult: true },
        ],
        detections: [
          person([1, 0, 10, 20], 0.6), // a duplicate of the next, lower
          person([0, 0, 10, 20], 0.9),
          person([50, 0, 60, 20], 0.8), // the difficult one
          person([100, 0, 110, 20], 0.7), // nothing there
          person([5, 0, 15, 20], 0.5), // IoU 1/3 with the first
        ],
      },
      // dog is not labelled here: its detections are not scored at all
      {
        id: 'b',
        classes: ['person'],
        truths: [],
        detections: [{ label: 'dog', box: [0, 0, 5, 5], score: 0.9 }],
      },
    ];
    const m = matchClass(frames, 'person');
    assert.deepEqual(
      m.map((d) => d.score),
      [0.9, 0.8, 0.7, 0.6, 0.5],
    );
    assert.deepEqual(outcomes(m), ['tp', 'ignored', 'fp', 'fp', 'fp']);
    assert.equal(positives(frames, 'person'), 1);
    assert.deepEqual(matchClass(frames, 'dog'), []);
  });

  it('takes a detection of an unlabelled class in a frame as neither right nor wrong', () => {
    const frames: ScoredFrame[] = [
      {
        id: 'a',
        classes: ['person', 'dog'],
        truths: [],
        detections: [{ label: 'dog', box: [0, 0, 5, 5], score: 0.9 }],
      },
      {
        id: 'b',
        classes: ['person'],
        truths: [],
        detections: [{ label: 'dog', box: [0, 0, 5, 5], score: 0.8 }],
      },
    ];
    assert.deepEqual(outcomes(matchClass(frames, 'dog')), ['fp']);
  });

  it('computes all-point interpolated AP, and precision / recall / AP above a threshold', () => {
    const frame: ScoredFrame = {
      id: 'a',
      classes: ['person'],
      truths: [
        { label: 'person', box: [0, 0, 10, 20] },
        { label: 'person', box: [20, 0, 30, 20] },
        { label: 'person', box: [40, 0, 50, 20] },
      ],
      detections: [
        person([0, 0, 10, 20], 0.9),
        person([100, 0, 110, 20], 0.8),
        person([20, 0, 30, 20], 0.7),
        person([40, 0, 50, 20], 0.6),
      ],
    };
    const m = matchClass([frame], 'person');
    // recall 1/3 1/3 2/3 1, precision 1 1/2 2/3 3/4; the envelope is 1 3/4 3/4 3/4.
    assert.ok(Math.abs(averagePrecision(m, 3) - (1 / 3 + 0.75 / 3 + 0.75 / 3)) < 1e-12);
    const above = scoreClass(m, 3, 0.75);
    assert.deepEqual([above.tp, above.fp, above.precision, above.recall], [1, 1, 0.5, 1 / 3]);
    assert.ok(Math.abs(above.ap - 1 / 3) < 1e-12);
    assert.equal(scoreClass(m, 3, 0.95).precision, 1); // nothing reported, nothing wrong
    assert.equal(scoreClass(m, 3, 0.95).f1, 0);
  });
});

describe('Platt scaling', () => {
  it('recovers the logistic map that generated right and wrong detections', () => {
    const truth = { a: 12, b: -6 };
    const samples: { score: number; right: boolean }[] = [];
    // Deterministic: at each score, the share of right ones follows the true map over 1000 samples.
    for (let s = 0.05; s < 1; s += 0.05) {
      const right = Math.round(calibrate(truth, s) * 1000);
      for (let i = 0; i < 1000; i++) samples.push({ score: s, right: i < right });
    }
    const fit = fitPlatt(samples);
    assert.ok(Math.abs(fit.a - truth.a) < 0.3, `a = ${fit.a}`);
    assert.ok(Math.abs(fit.b - truth.b) < 0.15, `b = ${fit.b}`);
    assert.ok(Math.abs(rawFor(fit, 0.8) - 0.5 - Math.log(4) / 12) < 0.01);
    assert.ok(Math.abs(calibrate(fit, rawFor(fit, 0.8)) - 0.8) < 1e-12);
  });

  it('stays finite when right and wrong are perfectly separated, and refuses one-sided data', () => {
    const fit = fitPlatt([
      { score: 0.2, right: false },
      { score: 0.3, right: false },
      { score: 0.6, right: true },
      { score: 0.7, right: true },
    ]);
    assert.ok(Number.isFinite(fit.a) && Number.isFinite(fit.b) && fit.a > 0);
    // Platt's targets for 2 right and 2 wrong are 3/4 and 1/4: no certainty from four examples.
    assert.ok(calibrate(fit, 0.7) > 0.6 && calibrate(fit, 0.7) < 0.9, `p(0.7) = ${calibrate(fit, 0.7)}`);
    assert.ok(calibrate(fit, 0.2) > 0.1 && calibrate(fit, 0.2) < 0.4, `p(0.2) = ${calibrate(fit, 0.2)}`);
    assert.throws(() => fitPlatt([{ score: 0.5, right: true }]), /both right and wrong/);
  });
});
