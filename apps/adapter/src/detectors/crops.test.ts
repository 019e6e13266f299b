import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cropFrame } from '../tasks/detections.js';
import { MAX_CROPS, planCrops } from './crops.js';

const HD = { width: 1920, height: 1080 };

describe('crops around moving regions', () => {
  it('looks at nothing when nothing moves', () => {
    assert.deepEqual(planCrops([], HD, 512), { kind: 'nothing' });
  });

  it('puts a square of 3/4 of the input size around a small region, padded, inside the picture', () => {
    // A distant person: 40×90 px at (1700, 100).
    const region = { x: 1700 / 1920, y: 100 / 1080, width: 40 / 1920, height: 90 / 1080 };
    assert.deepEqual(planCrops([region], HD, 512), {
      kind: 'crops',
      // 384 px centred on x 1720 → 1528..1912; y centred on 145 → -47, shifted to 0.
      crops: [{ left: 1528, top: 0, width: 384, height: 384 }],
    });
    // A region near the right edge: shifted inside.
    const edge = { x: 1900 / 1920, y: 500 / 1080, width: 10 / 1920, height: 40 / 1080 };
    const plan = planCrops([edge], HD, 512);
    assert.deepEqual(plan.kind === 'crops' && plan.crops[0], {
      left: 1536,
      top: 328,
      width: 384,
      height: 384,
    });
    // With the input as the smallest side, nothing is enlarged.
    assert.deepEqual(planCrops([region], HD, 512, 512), {
      kind: 'crops',
      crops: [{ left: 1408, top: 0, width: 512, height: 512 }],
    });
  });

  it('merges regions whose padded boxes overlap, and keeps apart those that do not', () => {
    const a = { x: 0.1, y: 0.5, width: 0.02, height: 0.1 };
    const b = { x: 0.13, y: 0.52, width: 0.02, height: 0.1 }; // padding makes it touch a
    const far = { x: 0.8, y: 0.5, width: 0.02, height: 0.1 };
    const plan = planCrops([a, b, far], HD, 512);
    assert.equal(plan.kind, 'crops');
    assert.equal(plan.kind === 'crops' && plan.crops.length, 2);
  });

  it('looks at the whole picture when crops would not help or would cost more', () => {
    // a picture no larger than the input: nothing to gain
    assert.deepEqual(
      planCrops([{ x: 0.5, y: 0.5, width: 0.1, height: 0.1 }], { width: 480, height: 320 }, 512),
      {
        kind: 'whole',
      },
    );
    // a region as tall as the picture
    assert.deepEqual(planCrops([{ x: 0.4, y: 0, width: 0.2, height: 0.9 }], HD, 512), { kind: 'whole' });
    // more separate regions than MAX_CROPS
    const many = Array.from({ length: MAX_CROPS + 1 }, (_, i) => ({
      x: i * 0.2,
      y: 0.1,
      width: 0.01,
      height: 0.01,
    }));
    assert.deepEqual(planCrops(many, { width: 3840, height: 2160 }, 512), { kind: 'whole' });
  });

  it('cuts a crop out of the full-size pixels, scaling it when the full-size decode was capped', () => {
    // a 4×2 picture decoded at 2×1 (half size): pixel values are their x index in the decoded copy
    const full = {
      data: Uint8Array.of(0, 0, 0, 1, 1, 1),
      width: 2,
      height: 1,
      original: { width: 4, height: 2 },
    };
    const crop = cropFrame(full, { left: 2, top: 0, width: 2, height: 2 });
    assert.deepEqual(crop, {
      data: Uint8Array.of(1, 1, 1),
      width: 1,
      height: 1,
      original: { width: 2, height: 2 },
    });
  });
});
