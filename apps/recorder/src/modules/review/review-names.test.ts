import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_NAMES, NAMES_LEAD_MS, RecentNames, withNames } from './review-names.js';

describe('an incident’s names', () => {
  it('adds new names once each, in the order met, and says when nothing changed', () => {
    assert.deepEqual(withNames([], ['Ann', 'Bo', 'Ann']), ['Ann', 'Bo']);
    assert.deepEqual(withNames(['Ann'], ['Bo', 'Ann']), ['Ann', 'Bo']);
    assert.equal(withNames(['Ann', 'Bo'], ['Bo', 'Ann']), null);
    assert.equal(withNames(['Ann'], ['', '  ']), null, 'blank names are no names');
  });

  it('keeps at most MAX_NAMES, the first recognised', () => {
    const many = Array.from({ length: MAX_NAMES + 5 }, (_, i) => `P${i}`);
    const kept = withNames([], many)!;
    assert.equal(kept.length, MAX_NAMES);
    assert.deepEqual(kept.slice(0, 2), ['P0', 'P1']);
    assert.equal(withNames(kept, ['Late']), null);
    assert.equal(withNames([], ['x'.repeat(300)])![0]!.length, 100);
  });

  it('remembers a camera’s recent names for an incident that opens just after', () => {
    const recent = new RecentNames();
    recent.seen(1, ['Ann'], 1_000);
    recent.seen(2, ['Cy'], 1_000);
    recent.seen(1, ['Bo'], 5_000);
    assert.deepEqual(recent.since(1, 0), ['Ann', 'Bo']);
    assert.deepEqual(recent.since(1, 2_000), ['Bo']);
    assert.deepEqual(recent.since(3, 0), []);
    // Seen again: the newer time counts; names older than the lead are forgotten.
    recent.seen(1, ['Ann'], 6_000);
    assert.deepEqual(recent.since(1, 5_500), ['Ann']);
    recent.seen(1, ['Di'], 6_000 + NAMES_LEAD_MS + 1);
    assert.deepEqual(recent.since(1, 0), ['Di']);
    const crowd = Array.from({ length: MAX_NAMES + 3 }, (_, i) => `P${i}`);
    recent.seen(1, crowd, 100_000);
    assert.equal(recent.since(1, 0).length, MAX_NAMES);
    assert.equal(recent.since(1, 0).at(-1), crowd.at(-1));
  });
});
