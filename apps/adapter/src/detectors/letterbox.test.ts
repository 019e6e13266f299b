import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boxToPicture, placePicture } from './letterbox.js';

describe('detector input placement', () => {
  it('letterboxes a landscape picture into a square input, centred, to the pixel', () => {
    const p = placePicture({ width: 800, height: 450 }, { width: 640, height: 640 }, 'letterbox', 'center');
    assert.deepEqual(p, { inputWidth: 640, inputHeight: 640, width: 640, height: 360, left: 0, top: 140 });
    assert.deepEqual(boxToPicture([80, 180, 240, 340], p, { width: 800, height: 450 }), [100, 50, 300, 250]);
  });

  it('letterboxes a portrait picture with the bars left and right', () => {
    const p = placePicture({ width: 450, height: 800 }, { width: 640, height: 640 }, 'letterbox', 'center');
    assert.deepEqual([p.width, p.height, p.left, p.top], [360, 640, 140, 0]);
    assert.deepEqual(boxToPicture([180, 80, 340, 240], p, { width: 450, height: 800 }), [50, 100, 250, 300]);
  });

  it('leaves the odd pixel of padding on the bottom (non-square input)', () => {
    // 800×450 into 320×195: scale 0.4 → 320×180, 15 px of padding: 7 above, 8 below.
    const p = placePicture({ width: 800, height: 450 }, { width: 320, height: 195 }, 'letterbox', 'center');
    assert.deepEqual([p.width, p.height, p.left, p.top], [320, 180, 0, 7]);
    assert.deepEqual(boxToPicture([80, 47, 240, 167], p, { width: 800, height: 450 }), [200, 100, 600, 400]);
  });

  it('rounds the resized size as Ultralytics does (1000×563 → 640×360)', () => {
    const p = placePicture({ width: 1000, height: 563 }, { width: 640, height: 640 }, 'letterbox', 'center');
    // 563 × 0.64 = 360.32 → 360; padding 280 → 140 each side.
    assert.deepEqual([p.width, p.height, p.left, p.top], [640, 360, 0, 140]);
    // Mapping back uses the placed size: 360 rows stand for 563.
    const [, y1, , y2] = boxToPicture([0, 140, 10, 500], p, { width: 1000, height: 563 });
    assert.equal(y1, 0);
    assert.equal(y2, 563);
  });

  it('puts the picture top-left for YOLOX', () => {
    const p = placePicture({ width: 800, height: 450 }, { width: 64, height: 64 }, 'letterbox', 'top-left');
    assert.deepEqual([p.width, p.height, p.left, p.top], [64, 36, 0, 0]);
    assert.deepEqual(boxToPicture([8, 4, 24, 20], p, { width: 800, height: 450 }), [100, 50, 300, 250]);
  });

  it('stretches each axis on its own', () => {
    const p = placePicture({ width: 800, height: 450 }, { width: 640, height: 640 }, 'stretch', 'center');
    assert.deepEqual([p.width, p.height, p.left, p.top], [640, 640, 0, 0]);
    const box = boxToPicture([80, 180, 240, 340], p, { width: 800, height: 450 });
    assert.deepEqual(
      box.map((v) => Math.round(v)),
      [100, 127, 300, 239],
    );
  });

  it('maps through a smaller working copy back to the original picture', () => {
    // A 1920×1080 frame is decoded at 640×360; that copy fills a 640×640 letterbox at scale 1.
    const p = placePicture({ width: 640, height: 360 }, { width: 640, height: 640 }, 'letterbox', 'center');
    assert.deepEqual([p.width, p.height, p.top], [640, 360, 140]);
    assert.deepEqual(
      boxToPicture([80, 180, 240, 340], p, { width: 1920, height: 1080 }),
      [240, 120, 720, 600],
    );
  });
});
