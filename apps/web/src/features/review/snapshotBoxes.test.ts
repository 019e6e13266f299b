// An incident's snapshot boxes: normalised boxes to the pixels of the picture shown, and in words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boxInWords, boxesInPixels, whereInPicture } from './snapshotBoxes.js';

const box = (x: number, y: number, width = 0.2, height = 0.2) => ({
  label: 'person',
  confidence: 0.876,
  x,
  y,
  width,
  height,
});

describe('snapshot boxes', () => {
  it('puts a normalised box on the pixels of the picture', () => {
    assert.deepEqual(boxesInPixels([box(0.1, 0.3, 0.2, 0.4)], 640, 360), [
      { label: 'person', confidence: 0.876, bbox: [64, 108, 192, 252] },
    ]);
    assert.deepEqual(boxesInPixels([], 640, 360), []);
  });

  it('says where a box lies by its centre, in thirds', () => {
    assert.equal(whereInPicture(box(0, 0)), 'top left');
    assert.equal(whereInPicture(box(0.4, 0.4)), 'centre');
    assert.equal(whereInPicture(box(0.8, 0.4)), 'right');
    assert.equal(whereInPicture(box(0.4, 0.8)), 'bottom');
    assert.equal(
      whereInPicture(box(0.6, 0.5, 0.4, 0.5)),
      'bottom right',
      'its centre counts, not its corner',
    );
  });

  it('says a box in words', () => {
    assert.equal(boxInWords(box(0, 0.4)), 'person, 88 % sure, left');
  });
});
