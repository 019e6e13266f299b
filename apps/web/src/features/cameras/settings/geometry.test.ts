// The polygon editor's pure geometry: pointer positions normalised to the picture, handles hit in screen pixels,
// points moved, nudged and removed inside the picture.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  hitPoint,
  movePoint,
  normalise,
  nudgePoint,
  polygonAt,
  removePoint,
  splitEdge,
  type Polygon,
} from './geometry.js';

const box = { left: 100, top: 50, width: 800, height: 450 };

describe('polygon geometry', () => {
  it('normalises a pointer position to the picture, held inside it, to four decimals', () => {
    assert.deepEqual(normalise(100, 50, box), [0, 0]);
    assert.deepEqual(normalise(900, 500, box), [1, 1]);
    assert.deepEqual(normalise(300, 140, box), [0.25, 0.2]);
    assert.deepEqual(normalise(50, 600, box), [0, 1], 'outside the picture: its edge');
    assert.deepEqual(normalise(101, 50, box), [0.0013, 0]);
  });

  it('hits the nearest point within the radius, measured in screen pixels', () => {
    const points: Polygon = [
      [0.1, 0.1],
      [0.5, 0.5],
      [0.51, 0.5],
    ];
    assert.equal(hitPoint(points, [0.1, 0.1], box, 8), 0);
    // 0.01 across is 8 px on an 800 px picture: just in; 0.02 down is 9 px on a 450 px one: out.
    assert.equal(hitPoint(points, [0.11, 0.1], box, 8), 0);
    assert.equal(hitPoint(points, [0.1, 0.12], box, 8), -1);
    assert.equal(hitPoint(points, [0.508, 0.5], box, 8), 2, 'the nearer of two close points');
    assert.equal(hitPoint([], [0.5, 0.5], box, 8), -1);
  });

  it('moves, nudges and removes points without touching the others or leaving the picture', () => {
    const square: Polygon = [
      [0.2, 0.2],
      [0.8, 0.2],
      [0.8, 0.8],
    ];
    assert.deepEqual(movePoint(square, 1, [0.9, 0.1]), [
      [0.2, 0.2],
      [0.9, 0.1],
      [0.8, 0.8],
    ]);
    assert.deepEqual(movePoint(square, 0, [-0.5, 1.5])[0], [0, 1]);
    assert.deepEqual(nudgePoint(square, 2, 0.01, -0.01)[2], [0.81, 0.79]);
    assert.deepEqual(nudgePoint(square, 2, 0.5, 0)[2], [1, 0.8]);
    assert.deepEqual(removePoint(square, 1), [
      [0.2, 0.2],
      [0.8, 0.8],
    ]);
    assert.deepEqual(square[1], [0.8, 0.2], 'the original is not changed');
    assert.deepEqual(splitEdge(square, 2), [
      [0.2, 0.2],
      [0.8, 0.2],
      [0.8, 0.8],
      [0.5, 0.5],
    ]);
  });

  it('finds the topmost polygon under a point', () => {
    const big: Polygon = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ];
    const triangle: Polygon = [
      [0.5, 0.1],
      [0.9, 0.9],
      [0.1, 0.9],
    ];
    assert.equal(polygonAt([big, triangle], [0.5, 0.5]), 1);
    assert.equal(polygonAt([big, triangle], [0.1, 0.2]), 0, 'outside the triangle, inside the square');
    assert.equal(polygonAt([triangle], [0.1, 0.2]), -1);
  });
});
