import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeCenterNet } from './centernet-decode.js';

/** A 2-class 6×8 heatmap with scores planted at (class, x, y), and every cell 3 px from each box edge. */
function output(planted: [number, number, number, number][]) {
  const [classes, height, width] = [2, 6, 8];
  const heatmap = new Float32Array(classes * height * width).fill(0.01);
  for (const [c, x, y, score] of planted) heatmap[c * height * width + y * width + x] = score;
  const edges = new Float32Array(4 * height * width).fill(3);
  return { heatmap, edges, classes, height, width, stride: 4 };
}

describe('CenterNet decoding', () => {
  it('turns a peak into a box around its cell, in input pixels', () => {
    assert.deepEqual(decodeCenterNet(output([[1, 5, 2, 0.8]]), 0.3, 100), [
      { classIndex: 1, score: Math.fround(0.8), box: [17, 5, 23, 11] },
    ]);
  });

  it('keeps only the largest score of a 3×3 neighbourhood in a class, and peaks of other classes beside it', () => {
    const hits = decodeCenterNet(
      output([
        [0, 3, 3, 0.9],
        [0, 4, 3, 0.6], // beside a higher score: not a peak
        [0, 6, 3, 0.5], // two cells away: a peak of its own
        [1, 4, 3, 0.4], // the same cell in another class
      ]),
      0.3,
      100,
    );
    assert.deepEqual(
      hits.map((h) => [h.classIndex, h.score]),
      [
        [0, Math.fround(0.9)],
        [0, Math.fround(0.5)],
        [1, Math.fround(0.4)],
      ],
    );
  });

  it('finds peaks on the edges of the map, drops scores under the floor and keeps the best N', () => {
    const planted: [number, number, number, number][] = [
      [0, 0, 0, 0.7],
      [0, 7, 5, 0.65],
      [1, 0, 5, 0.2],
    ];
    assert.equal(decodeCenterNet(output(planted), 0.3, 100).length, 2);
    assert.deepEqual(
      decodeCenterNet(output(planted), 0.1, 1).map((h) => h.score),
      [Math.fround(0.7)],
    );
  });
});
