import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../src/platform/db/database.js';
import { MIGRATION_NAMES, migrateToLatest } from '../src/platform/db/migrate.js';
import { AuditRepository } from '../src/modules/audit/audit.repository.js';
import { AuthRepository } from '../src/modules/auth/auth.repository.js';
import { UsersRepository } from '../src/modules/users/users.repository.js';
import { createTestDatabase, testDialects } from './helpers/database.js';

for (const dialect of testDialects()) {
  describe(`database (${dialect})`, () => {
    it('applies every migration to an empty database, once', async () => {
      const testDb = await createTestDatabase(dialect);
      const handle = openDatabase(testDb.config);
      try {
        const applied = await migrateToLatest(handle);
        assert.deepEqual(applied, MIGRATION_NAMES);
        assert.deepEqual(await migrateToLatest(handle), [], 'nothing left to apply');
        const tables = (await handle.db.introspection.getTables()).map((t) => t.name);
        for (const table of ['users', 'refresh_tokens', 'login_throttle', 'audit_logs']) {
          assert.ok(tables.includes(table), `${table} exists`);
        }
      } finally {
        await handle.close();
        await testDb.drop();
      }
    });

    it('repositories round-trip booleans, nulls, counts and upserts identically', async () => {
      const testDb = await createTestDatabase(dialect);
      const handle = openDatabase(testDb.config);
      try {
        await migrateToLatest(handle);
        const users = new UsersRepository(handle.db);
        const row = await users.insert({
          username: 'Mixed.Case',
          username_key: 'mixed.case',
          email: null,
          password_hash: 'h',
          is_active: true,
          is_superuser: false,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: null,
          last_login_at: null,
        });
        assert.equal(typeof row.id, 'number');
        assert.strictEqual(row.is_active, true);
        assert.strictEqual(row.is_superuser, false);
        assert.strictEqual(row.email, null);
        assert.deepEqual(await users.findByUsername('MIXED.case'), row);
        const updated = await users.update(row.id, { is_superuser: true });
        assert.strictEqual(updated?.is_superuser, true);
        assert.strictEqual(await users.countActiveSuperusers(), 1);
        assert.strictEqual(await users.count(), 1);

        // Usernames are unique without regard to case.
        await assert.rejects(users.insert({ ...row, id: undefined } as never));

        const auth = new AuthRepository(handle.db);
        const attempt = {
          maxFailures: 2,
          now: '2026-01-01T00:00:00.000Z',
          lockUntil: '2026-01-01T00:05:00.000Z',
          staleBefore: '2025-12-31T23:00:00.000Z',
        };
        assert.deepEqual(await auth.countAttempt('x', '192.0.2.1', attempt), {
          failures: 1,
          locked_until: null,
        });
        assert.deepEqual(await auth.countAttempt('x', '192.0.2.1', attempt), {
          failures: 2,
          locked_until: attempt.lockUntil,
        });

        const audit = new AuditRepository(handle.db);
        for (let i = 0; i < 3; i++) {
          await audit.insert({
            timestamp: `2026-01-0${i + 1}T00:00:00.000Z`,
            action: 'a',
            entity_type: null,
            entity_id: null,
            user_id: null,
            username: null,
            ip: null,
            user_agent: null,
            details: null,
          });
        }
        const page = await audit.list({ skip: 0, limit: 2, since: '2026-01-02T00:00:00Z' });
        assert.equal(page.total, 2);
        assert.deepEqual(
          page.rows.map((r) => r.timestamp),
          ['2026-01-03T00:00:00.000Z', '2026-01-02T00:00:00.000Z'],
        );
      } finally {
        await handle.close();
        await testDb.drop();
      }
    });

    if (dialect === 'sqlite') {
      it('SQLite runs in WAL mode with foreign keys enforced', async () => {
        const testDb = await createTestDatabase(dialect);
        const handle = openDatabase(testDb.config);
        try {
          await migrateToLatest(handle);
          const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
          assert.equal(mode.rows[0]?.journal_mode, 'wal');
          await assert.rejects(
            handle.db
              .insertInto('refresh_tokens')
              .values({
                jti: 'j',
                family_id: 'f',
                user_id: 999,
                expires_at: 'x',
                created_at: 'x',
                revoked_at: null,
              })
              .execute(),
            /FOREIGN KEY/,
          );
        } finally {
          await handle.close();
          await testDb.drop();
        }
      });
    }
  });
}

for (const dialect of testDialects().filter((d) => d === 'postgres')) {
  describe('PostgreSQL statements', () => {
    it('sends data statements as named prepared statements, once per connection; DDL as is', async () => {
      const database = await createTestDatabase(dialect);
      const handle = openDatabase({ dialect: 'postgres', url: database.url });
      try {
        // One connection at a time: the session that prepared is the one asked.
        await handle.db.connection().execute(async (db) => {
          await sql`create table probe (id integer primary key, name text)`.execute(db);
          for (let i = 1; i <= 3; i++)
            await db
              .insertInto('probe' as never)
              .values({ id: i, name: `n${i}` })
              .execute();
          const query = db
            .selectFrom('probe' as never)
            .select('name' as never)
            .where('id' as never, '=', 2 as never);
          assert.deepEqual(await query.execute(), [{ name: 'n2' }]);
          assert.deepEqual(await query.execute(), [{ name: 'n2' }]);
          const prepared = await sql<{ name: string; statement: string }>`
            select name, statement from pg_prepared_statements`.execute(db);
          const texts = prepared.rows.map((r) => r.statement);
          assert.equal(texts.filter((t) => t === query.compile().sql).length, 1, 'the select, prepared once');
          assert.equal(
            texts.filter((t) => t.startsWith('insert into "probe"')).length,
            1,
            'three inserts, one statement',
          );
          assert.ok(!texts.some((t) => /create table/i.test(t)), 'DDL is not prepared');
          assert.ok(prepared.rows.every((r) => r.name.startsWith('k_')));
          // Rows come back as arrays and are built into objects as pg would: the last of repeated names
          // wins, in the first one's place; a column called __proto__ is a plain property.
          const odd = await sql<Record<string, unknown>>`
            select 1 as a, 'x' as b, 3 as a, 4 as "__proto__"`.execute(db);
          assert.deepEqual(Object.entries(odd.rows[0]!), [
            ['a', 3],
            ['b', 'x'],
            ['__proto__', 4],
          ]);
          assert.equal(Object.getPrototypeOf(odd.rows[0]), Object.prototype);
        });
      } finally {
        await handle.close();
        await database.drop();
      }
    });
  });
}
