// mapBounded: answers in the list's order, never more than `limit` calls under way, and a failure rejects it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mapBounded } from '../src/platform/bounded-map.js';

describe('mapBounded', () => {
  it('keeps the order and at most `limit` calls under way', async () => {
    let running = 0;
    let most = 0;
    const results = await mapBounded([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return n * 10;
    });
    assert.deepEqual(results, [50, 10, 40, 20, 30, 0, 60]);
    assert.equal(most, 3);
    assert.deepEqual(await mapBounded([], 3, async () => 1), []);
  });

  it('rejects with the first failure', async () => {
    await assert.rejects(
      mapBounded([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error('two');
        return n;
      }),
      /two/,
    );
  });
});
