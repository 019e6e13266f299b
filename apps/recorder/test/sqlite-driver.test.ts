// The SQLite bridge: row objects, and the result cache of queries marked `cacheable`, which must never answer
// with data the database no longer holds.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { CompiledRead } from '../src/platform/db/compiled-read.js';
import { cacheable } from '../src/platform/db/result-cache.js';
import { wrapSqlite } from '../src/platform/db/sqlite-driver.js';

interface Tables {
  items: { id: Generated<number>; name: string; active: boolean; note: string | null };
  others: { id: Generated<number>; value: string };
}

describe('SQLite driver', () => {
  let dir: string;
  let file: string;
  let raw: SqliteDatabase.Database;
  let db: Kysely<Tables>;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nvr-sqlite-driver-'));
    file = join(dir, 'test.sqlite');
    raw = new SqliteDatabase(file);
    raw.pragma('journal_mode = WAL');
    raw.exec(
      'create table items (id integer primary key, name text not null, active boolean not null, note text)',
    );
    raw.exec('create table others (id integer primary key, value text not null)');
    db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: wrapSqlite(raw) }) });
    await db
      .insertInto('items')
      .values([
        { name: 'a', active: true, note: null },
        { name: 'b', active: false, note: 'x' },
      ])
      .execute();
  });
  after(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const list = () => db.selectFrom('items').selectAll().orderBy('id').modifyEnd(cacheable).execute();
  const names = async () => (await list()).map((row) => `${row.name}:${String(row.active)}`);

  it('builds rows in column order with booleans and nulls, the last of repeated names winning', async () => {
    const rows = await list();
    assert.deepEqual(rows, [
      { id: 1, name: 'a', active: true, note: null },
      { id: 2, name: 'b', active: false, note: 'x' },
    ]);
    assert.deepEqual(Object.keys(rows[0]!), ['id', 'name', 'active', 'note']);
    const { rows: repeated } = await sql<{ v: number }>`select 1 as v, 2 as v`.execute(db);
    assert.deepEqual(repeated, [{ v: 2 }]);
    const { rows: proto } = await sql<Record<string, unknown>>`select 1 as "__proto__", 2 as b`.execute(db);
    assert.deepEqual(Object.entries(proto[0]!), [
      ['__proto__', 1],
      ['b', 2],
    ]);
    assert.equal(Object.getPrototypeOf(proto[0]), Object.prototype);
  });

  it('a cached result follows inserts, updates and deletes of this connection at once', async () => {
    assert.deepEqual(await names(), ['a:true', 'b:false']);
    await db.insertInto('items').values({ name: 'c', active: true, note: null }).execute();
    assert.deepEqual(await names(), ['a:true', 'b:false', 'c:true']);
    await db.updateTable('items').set({ active: false }).where('name', '=', 'a').execute();
    assert.deepEqual(await names(), ['a:false', 'b:false', 'c:true']);
    await db.deleteFrom('items').where('name', '=', 'c').returning('id').execute();
    assert.deepEqual(await names(), ['a:false', 'b:false']);
  });

  it('a rolled-back transaction leaves no trace in cached results', async () => {
    const before = await names();
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('items').set({ name: 'changed' }).execute();
        const inside = await trx.selectFrom('items').selectAll().orderBy('id').modifyEnd(cacheable).execute();
        assert.ok(inside.every((row) => row.name === 'changed'));
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.deepEqual(await names(), before);
  });

  /** Whether the listing is answered from the cache: two reads hand out the same (frozen) row object. */
  const cached = async () => (await list())[0] === (await list())[0];

  it('writes to another table keep the cached result; a delete anywhere may cascade and drops it', async () => {
    assert.ok(await cached());
    const first = (await list())[0];
    await db.insertInto('others').values({ value: 'x' }).execute();
    await db.updateTable('others').set({ value: 'y' }).execute();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('others').values({ value: 'z' }).execute();
    });
    assert.equal((await list())[0], first, 'still the cached row');
    await db.deleteFrom('others').where('value', '=', 'z').execute();
    assert.notEqual((await list())[0], first);
    assert.ok(await cached());
  });

  it('a rolled-back transaction that wrote the table drops what was read inside it', async () => {
    const before = await names();
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('others').values({ value: 'unrelated' }).execute();
        await trx.insertInto('items').values({ name: 'ghost', active: true, note: null }).execute();
        // read (and cached) inside the transaction, before the rollback undoes the insert
        const inside = await trx.selectFrom('items').selectAll().orderBy('id').modifyEnd(cacheable).execute();
        assert.ok(inside.some((row) => row.name === 'ghost'));
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.deepEqual(await names(), before);
  });

  it('a cached result follows commits of another connection', async () => {
    const before = await names();
    const other = new SqliteDatabase(file);
    try {
      other.prepare("insert into items (name, active) values ('other', 1)").run();
    } finally {
      other.close();
    }
    assert.deepEqual(await names(), [...before, 'other:true']);
  });

  it('callers cannot change the cache: cached rows are frozen and every answer is its own array', async () => {
    const first = await list();
    assert.throws(() => {
      first[0]!.name = 'mutated';
    }, TypeError);
    first.pop();
    const second = await list();
    assert.equal(second[0]!.name, 'a');
    assert.equal(second.length, first.length + 1);
  });

  it('a CompiledRead runs its query compiled once with the values of each call', async () => {
    const page = new CompiledRead<{ name: string }, Tables>(2, (dbOf, skip, limit) =>
      dbOf
        .selectFrom('items')
        .select('name')
        .where('name', 'in', ['a', 'b'])
        .orderBy('id')
        .offset(skip)
        .limit(limit),
    );
    const run = (skip: number, limit: number) => page.run(db, skip, limit);
    assert.deepEqual(await run(0, 1), [{ name: 'a' }]);
    assert.deepEqual(await run(1, 5), [{ name: 'b' }]);
    assert.deepEqual(await run(0, 5), [{ name: 'a' }, { name: 'b' }]);
    const unused = new CompiledRead<unknown, Tables>(2, (dbOf, skip) =>
      dbOf.selectFrom('items').selectAll().offset(skip),
    );
    await assert.rejects(unused.run(db, 0, 1), /argument 1 is not used/);
  });

  it('parameters are part of the key', async () => {
    const byName = (name: string) =>
      db.selectFrom('items').select('name').where('name', '=', name).modifyEnd(cacheable).execute();
    assert.deepEqual(await byName('a'), [{ name: 'a' }]);
    assert.deepEqual(await byName('b'), [{ name: 'b' }]);
    assert.deepEqual(await byName('zz'), []);
  });
});
