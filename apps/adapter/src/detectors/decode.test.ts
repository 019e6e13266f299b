import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeOutput, resolveLayout, yoloxGrid, yoloxRows } from './decode.js';
import { suppressPerClass } from './nms.js';

const square = { width: 640, height: 640 };
const f32 = (values: number[]) => Float32Array.from(values);

describe('detector output decoding', () => {
  it('infers the layout from the output shape and the labels', () => {
    assert.equal(resolveLayout([1, 84, 8400], 80, square, undefined), 'yolov8');
    assert.equal(resolveLayout([1, 25200, 85], 80, square, undefined), 'yolov5');
    assert.equal(resolveLayout([1, 300, 6], 80, square, undefined), 'nms');
    assert.equal(resolveLayout([1, 8400, 85], 80, square, 'yolox', true), 'yolox');
  });

  it('says why a shape fits nothing, and when it fits two', () => {
    assert.throws(
      () => resolveLayout([1, 84, 8400], 3, square, undefined),
      /\[1, 84, 8400\] fits no layout with the 3 labels.*would mean 80 labels/,
    );
    assert.throws(
      () => resolveLayout([1, 300, 6], 1, square, undefined),
      /fits yolov5 and nms: set "layout"/,
    );
    assert.throws(() => resolveLayout([84, 8400], 80, square, undefined), /not \[1, rows, columns\]/);
    assert.throws(() => resolveLayout([1, 84, 8400], 3, square, 'yolov8'), /has 80 classes, labels.txt 3/);
    assert.throws(
      () => resolveLayout([1, 100, 85], 80, square, 'yolox'),
      /needs 8400 rows for a 640×640 input/,
    );
  });

  it('decodes yolov8 columns: centre, size, best class', () => {
    // 2 anchors, 2 classes: [cx, cy, w, h, c0, c1] per anchor, stored class by class.
    const out = { dims: [1, 6, 2], data: f32([100, 10, 50, 10, 20, 4, 40, 4, 0.2, 0.05, 0.7, 0.01]) };
    assert.deepEqual(decodeOutput('yolov8', out, 2, square, 0.1), [
      { box: [90, 30, 110, 70], score: Math.fround(0.7), classIndex: 1 },
    ]);
  });

  it('decodes yolov5 rows with objectness × class', () => {
    const out = { dims: [1, 2, 7], data: f32([50, 60, 20, 10, 0.5, 0.2, 0.8, 0, 0, 1, 1, 0.05, 1, 1]) };
    const [c] = decodeOutput('yolov5', out, 2, square, 0.1);
    assert.deepEqual(c!.box, [40, 55, 60, 65]);
    assert.equal(c!.classIndex, 1);
    assert.ok(Math.abs(c!.score - 0.4) < 1e-6);
  });

  it('decodes raw YOLOX on its stride 8, 16 and 32 grids', () => {
    const input = { width: 64, height: 32 };
    assert.equal(yoloxRows(input), 8 * 4 + 4 * 2 + 2 * 1);
    const grid = yoloxGrid(input);
    // The stride 16 grid starts after the 32 cells of stride 8; its second row's first cell is (0, 1).
    assert.deepEqual([grid.x[32 + 4], grid.y[32 + 4], grid.stride[32 + 4]], [0, 1, 16]);
    const data = new Float32Array(42 * 6);
    data.set([0.5, 0.25, Math.log(2), 0, 0.9, 1], (32 + 4 + 1) * 6); // cell (1, 1) of stride 16
    const [c] = decodeOutput('yolox', { dims: [1, 42, 6], data }, 1, input, 0.1);
    // centre ((1 + 0.5) × 16, (1 + 0.25) × 16) = (24, 20), size 32 × 16
    assert.deepEqual(
      c!.box.map((v) => Math.round(v * 1000) / 1000),
      [8, 12, 40, 28],
    );
    // decoded: true reads the same numbers as boxes already in pixels
    const [d] = decodeOutput('yolox', { dims: [1, 42, 6], data }, 1, input, 0.1, true);
    assert.deepEqual(
      d!.box.map((v) => Math.round(v * 1000) / 1000),
      [0.153, 0.25, 0.847, 0.25],
    );
  });

  it('keeps end-to-end rows as they are, dropping padding and unknown classes', () => {
    const out = {
      dims: [1, 3, 6],
      data: f32([1, 2, 3, 4, 0.9, 0, 0, 0, 0, 0, 0, 0, 5, 5, 9, 9, 0.8, 7]),
    };
    assert.deepEqual(decodeOutput('nms', out, 2, square, 0.1), [
      { box: [1, 2, 3, 4], score: Math.fround(0.9), classIndex: 0 },
    ]);
  });

  it('suppresses duplicates per class, best first', () => {
    const kept = suppressPerClass(
      [
        { box: [0, 0, 100, 100], score: 0.8, classIndex: 0 },
        { box: [2, 2, 102, 102], score: 0.9, classIndex: 0 },
        { box: [2, 2, 102, 102], score: 0.7, classIndex: 1 },
        { box: [300, 300, 400, 400], score: 0.6, classIndex: 0 },
      ],
      0.45,
    );
    assert.deepEqual(
      kept.map((k) => [k.score, k.classIndex]),
      [
        [0.9, 0],
        [0.7, 1],
        [0.6, 0],
      ],
    );
    assert.equal(suppressPerClass(kept, 0.45, 1).length, 1);
  });
});
