// The generation rules of the result cache both drivers share (the drivers' own tests cover when they move it).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResultCache } from '../src/platform/db/result-cache.js';

describe('result cache', () => {
  it('keys tell apart parameters that bind differently, and refuse values JSON would blur', () => {
    const cache = new ResultCache();
    const keys = [[true], [1], ['true'], ['1'], [null], [[1, 2]], [[1], 2]].map((p) => cache.key('q', p));
    assert.equal(new Set(keys).size, keys.length);
    assert.equal(cache.key('q', [new Date(0)]), null);
    assert.equal(cache.key('q', [Buffer.from('x')]), null);
    assert.equal(cache.key('q', [[new Date(0)]]), null);
  });

  it('uses an entry only in the generation its query started in, and nothing while disabled', () => {
    const cache = new ResultCache();
    const key = cache.key('q', [1])!;
    const started = cache.generation;
    cache.bump(); // a change while the query ran
    cache.set(key, started, [{ v: 1 }]);
    assert.equal(cache.get(key), undefined);
    const rows = cache.set(key, cache.generation, [{ v: 2 }]);
    assert.deepEqual(cache.get(key), [{ v: 2 }]);
    assert.ok(Object.isFrozen(rows[0]));
    cache.setEnabled(false);
    assert.equal(cache.get(key), undefined);
    assert.equal(cache.key('q', [1]), null);
    cache.setEnabled(true);
    assert.equal(cache.get(key), undefined, 'turning it back on starts afresh');
  });
});
