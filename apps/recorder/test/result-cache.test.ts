// The clock and table rules of the result cache both drivers share (the drivers' own tests cover when they move it).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResultCache, tablesChanged, tablesRead } from '../src/platform/db/result-cache.js';

describe('result cache', () => {
  it('keys tell apart parameters that bind differently, and refuse values JSON would blur', () => {
    const cache = new ResultCache();
    const keys = [[true], [1], ['true'], ['1'], [null], [[1, 2]], [[1], 2]].map((p) => cache.key('q', p));
    assert.equal(new Set(keys).size, keys.length);
    assert.equal(cache.key('q', [new Date(0)]), null);
    assert.equal(cache.key('q', [Buffer.from('x')]), null);
    assert.equal(cache.key('q', [[new Date(0)]]), null);
  });

  it('uses an entry only while no table it reads changed after its query started, and nothing while disabled', () => {
    const cache = new ResultCache();
    const key = cache.key('q', [1])!;
    const started = cache.clock;
    cache.bump(['items']); // a change while the query ran
    cache.set(key, started, ['items'], [{ v: 1 }]);
    assert.equal(cache.get(key), undefined);
    const rows = cache.set(key, cache.clock, ['items'], [{ v: 2 }]);
    assert.deepEqual(cache.get(key), [{ v: 2 }]);
    assert.ok(Object.isFrozen(rows[0]));
    cache.setEnabled(false);
    assert.equal(cache.get(key), undefined);
    assert.equal(cache.key('q', [1]), null);
    cache.setEnabled(true);
    assert.equal(cache.get(key), undefined, 'turning it back on starts afresh');
  });

  it('a change of another table keeps the entry; of a table it reads, or of every table, does not', () => {
    const cache = new ResultCache();
    const key = cache.key('q', [])!;
    cache.set(key, cache.clock, ['cameras', 'camera_configs'], [{ v: 1 }]);
    cache.bump(['recordings', 'audit_logs']);
    assert.deepEqual(cache.get(key), [{ v: 1 }]);
    cache.bump(['camera_configs']);
    assert.equal(cache.get(key), undefined);

    cache.set(key, cache.clock, ['cameras'], [{ v: 2 }]);
    cache.bump([]);
    assert.deepEqual(cache.get(key), [{ v: 2 }]);
    cache.bump('all');
    assert.equal(cache.get(key), undefined);
    // an entry read after the change is current again
    cache.set(key, cache.clock, ['cameras'], [{ v: 3 }]);
    assert.deepEqual(cache.get(key), [{ v: 3 }]);
  });

  it('reads every name in the text; writes change their target, deletes and unknown statements everything', () => {
    const reads = tablesRead(
      'select "cameras".*, (select count(*) from camera_permissions p) from "cameras" /* cacheable */',
    );
    for (const name of ['cameras', 'camera_permissions', 'p', 'select'])
      assert.ok(reads.includes(name), name);
    assert.equal(new Set(reads).size, reads.length);

    assert.deepEqual(tablesChanged('insert into "recordings" ("camera_id") values (?) returning *'), [
      'recordings',
    ]);
    assert.deepEqual(tablesChanged('update "camera_configs" set "deleted_at" = ?, "created_at" = ?'), [
      'camera_configs',
    ]);
    assert.deepEqual(tablesChanged('insert or ignore into skill_consumers values (?)'), ['skill_consumers']);
    assert.deepEqual(
      tablesChanged('insert into "layouts" ("id") values (?) on conflict ("id") do update set "name" = ?'),
      ['layouts', 'set'],
    );
    for (const text of [
      'delete from "cameras" where "id" = ?',
      'insert or replace into "settings" values (?)',
      'with gone as (delete from "events" returning id) insert into "audit_logs" select 1',
      'truncate "events"',
      'pragma foreign_keys = on',
      'create index x on y (z)',
      'vacuum',
    ]) {
      assert.equal(tablesChanged(text), 'all', text);
    }
  });
});
