import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tfjs } from '../runtimes/tfjs.js';
import { placePicture } from './letterbox.js';
import { bilinearPlanes, PAD_GREY, placePixels, toTensor } from './preprocess.js';

describe('detector input pixels', () => {
  it('places the picture and pads grey 114 around it', async () => {
    // 8×4 red picture into a 6×6 input: scale 0.75 → 6×3, 3 rows of padding: 1 above, 2 below.
    const rgb = new Uint8Array(8 * 4 * 3);
    for (let i = 0; i < 8 * 4; i++) rgb.set([200, 100, 50], i * 3);
    const p = placePicture({ width: 8, height: 4 }, { width: 6, height: 6 }, 'letterbox', 'center');
    assert.deepEqual([p.width, p.height, p.left, p.top], [6, 3, 0, 1]);
    const px = await placePixels(rgb, { width: 8, height: 4 }, p);
    assert.equal(px.length, 6 * 6 * 3);
    const at = (x: number, y: number) => [...px.subarray((y * 6 + x) * 3, (y * 6 + x) * 3 + 3)];
    assert.deepEqual(at(0, 0), [PAD_GREY, PAD_GREY, PAD_GREY]);
    for (const y of [1, 2, 3]) assert.deepEqual(at(3, y), [200, 100, 50]);
    for (const y of [4, 5]) assert.deepEqual(at(5, y), [PAD_GREY, PAD_GREY, PAD_GREY]);
  });

  it('writes NCHW planes in the model channel order and value scale', () => {
    const rgb = Uint8Array.from([255, 0, 51, 0, 102, 0]); // two pixels
    assert.deepEqual([...toTensor(rgb, 2, 1, 'rgb', '0-1')], [1, 0, 0, 0.4, 0.2, 0].map(Math.fround));
    assert.deepEqual([...toTensor(rgb, 2, 1, 'bgr', '0-255')], [51, 0, 0, 102, 255, 0]);
    const t = toTensor(rgb, 2, 1, 'rgb', { mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5] });
    assert.deepEqual(
      [...t].map((v) => Math.round(v * 100) / 100),
      [1, -1, -1, -0.2, -0.6, -1],
    );
  });
});

describe('bilinear planes', () => {
  it("resize as tfjs's resizeBilinear does, into planes", async () => {
    const tf = await tfjs();
    const [w, h, ow, oh] = [7, 5, 16, 11];
    const rgb = Uint8Array.from({ length: w * h * 3 }, (_, i) => (i * 97) % 256);
    const expected = tf.image
      .resizeBilinear(tf.tensor3d(Float32Array.from(rgb), [h, w, 3]), [oh, ow])
      .dataSync() as Float32Array;
    const got = bilinearPlanes(rgb, w, h, ow, oh);
    let worst = 0;
    for (let p = 0; p < ow * oh; p++)
      for (let k = 0; k < 3; k++)
        worst = Math.max(worst, Math.abs(expected[p * 3 + k]! - got[k * ow * oh + p]!));
    assert.ok(worst < 1e-3, `largest difference ${worst}`);
  });
});
