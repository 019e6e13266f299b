// The list's choice of incidents: toggling one, the chosen ones still shown, and "choose all shown".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allShownState, chosenShown, toggled, withAllShown } from './choice.js';

describe('the choice of incidents', () => {
  it('toggles one in and out, leaving the given set as it was', () => {
    const none = new Set<number>();
    const one = toggled(none, 7);
    assert.deepEqual([...one], [7]);
    assert.deepEqual([...none], []);
    assert.deepEqual([...toggled(one, 7)], []);
    assert.deepEqual([...toggled(one, 8)].sort(), [7, 8]);
  });

  it('counts only the chosen ones still shown, in the order shown', () => {
    const chosen = new Set([3, 9, 1]);
    assert.deepEqual(chosenShown(chosen, [1, 2, 3]), [1, 3]);
    assert.deepEqual(chosenShown(chosen, [4, 5]), []);
  });

  it('says whether none, some or all shown are chosen', () => {
    assert.equal(allShownState(new Set(), [1, 2]), 'none');
    assert.equal(allShownState(new Set([1, 5]), [1, 2]), 'some');
    assert.equal(allShownState(new Set([1, 2, 5]), [1, 2]), 'all');
    assert.equal(allShownState(new Set([5]), [1, 2]), 'none', 'one not shown does not count');
  });

  it('chooses or clears every shown one, leaving the others', () => {
    assert.deepEqual([...withAllShown(new Set([9]), [1, 2], true)].sort(), [1, 2, 9]);
    assert.deepEqual([...withAllShown(new Set([1, 2, 9]), [1, 2], false)], [9]);
  });
});
