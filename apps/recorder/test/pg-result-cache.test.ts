// The result cache on PostgreSQL, with two recorders ("nodes") on one database: a node reads its own writes at
// once, another node's commits once their NOTIFY arrives, never a rolled-back change, and caches nothing while
// it cannot hear other nodes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { UsersRepository } from '../src/modules/users/users.repository.js';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { LISTENER_NAME } from '../src/platform/db/pg-changes.js';
import { createTestDatabase, testDialects, type TestDatabase } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';

for (const dialect of testDialects().filter((d) => d === 'postgres')) {
  describe(`result cache across nodes (${dialect})`, () => {
    let database: TestDatabase;
    let nodeA: DatabaseHandle;
    let nodeB: DatabaseHandle;
    let usersA: UsersRepository;
    let usersB: UsersRepository;
    let userId: number;

    before(async () => {
      database = await createTestDatabase(dialect);
      nodeA = openDatabase(database.config);
      await migrateToLatest(nodeA);
      nodeB = openDatabase(database.config);
      await migrateToLatest(nodeB);
      usersA = new UsersRepository(nodeA.db);
      usersB = new UsersRepository(nodeB.db);
      const user = await usersA.insert({
        username: 'cached',
        username_key: 'cached',
        email: 'first@example.com',
        password_hash: 'h',
        is_active: true,
        is_superuser: false,
        created_at: new Date().toISOString(),
        updated_at: null,
        last_login_at: null,
      });
      userId = user.id;
    });
    after(async () => {
      await nodeA.close();
      await nodeB.close();
      await database.drop();
    });

    const emailOn = async (users: UsersRepository) => (await users.list(0, 10)).rows[0]!.email;
    /** A's listing answered from its cache: two reads hand out the same (frozen) row object. */
    const cachedOnA = async () => {
      const [first, second] = [(await usersA.list(0, 10)).rows[0]!, (await usersA.list(0, 10)).rows[0]!];
      return first === second && Object.isFrozen(first);
    };

    it('answers repeated reads from the cache and its own writes at once', async () => {
      await eventually(cachedOnA, { what: 'node A caching', intervalMs: 20 });
      await usersA.update(userId, { email: 'own@example.com' });
      assert.equal(await emailOn(usersA), 'own@example.com');
    });

    it("shows another node's commit once its notification arrives, and never a rolled-back change", async () => {
      await eventually(cachedOnA, { what: 'node A caching', intervalMs: 20 });
      const before = await emailOn(usersA);
      await assert.rejects(
        nodeB.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({ email: 'rolled@example.com' })
            .where('id', '=', userId)
            .execute();
          throw new Error('roll back');
        }),
        /roll back/,
      );
      assert.equal(await emailOn(usersB), before);
      assert.equal(await emailOn(usersA), before);
      await usersB.update(userId, { email: 'from-b@example.com' });
      await eventually(async () => (await emailOn(usersA)) === 'from-b@example.com', {
        what: "node B's change on node A",
        intervalMs: 10,
      });
    });

    it("keeps A's cached rows through writes to tables they do not come from; a delete may cascade and drops them", async () => {
      await eventually(cachedOnA, { what: 'node A caching', intervalMs: 20 });
      const cachedRow = (await usersA.list(0, 10)).rows[0];
      const throttle = (key: string) => ({
        username_key: key,
        source: '192.0.2.1',
        failures: 1,
        locked_until: null,
        updated_at: new Date().toISOString(),
      });
      /** runs `write`, then waits until A has heard of it (its own write, or B's notification) */
      const heard = async (write: () => Promise<unknown>) => {
        const clock = nodeA.resultCache.clock;
        await write();
        await eventually(async () => nodeA.resultCache.clock > clock, {
          what: 'A hearing of it',
          intervalMs: 5,
        });
      };
      await heard(() => nodeB.db.insertInto('login_throttle').values(throttle('b-key')).execute());
      await heard(() => nodeA.db.insertInto('login_throttle').values(throttle('a-key')).execute());
      await heard(() => nodeB.db.updateTable('login_throttle').set({ failures: 2 }).execute());
      assert.equal((await usersA.list(0, 10)).rows[0], cachedRow, 'still the cached row');

      await heard(() => nodeB.db.deleteFrom('login_throttle').execute());
      await eventually(async () => (await usersA.list(0, 10)).rows[0] !== cachedRow, {
        what: "B's delete dropping A's cached rows",
        intervalMs: 5,
      });
    });

    it('reads inside a transaction see its changes, are not kept, and others see them at commit', async () => {
      await eventually(cachedOnA, { what: 'node A caching', intervalMs: 20 });
      const before = await emailOn(usersA);
      await nodeA.db.transaction().execute(async (trx) => {
        const inside = new UsersRepository(trx);
        await inside.update(userId, { email: 'inside@example.com' });
        assert.equal(await emailOn(inside), 'inside@example.com');
        assert.equal(await emailOn(usersA), before, 'other connections see the committed state');
      });
      assert.equal(await emailOn(usersA), 'inside@example.com');
    });

    it('caches nothing while its listening connection is down, and again once it is back', async () => {
      await eventually(cachedOnA, { what: 'node A caching', intervalMs: 20 });
      // Two listeners (A's and B's): end both, as a database restart would.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${LISTENER_NAME} and datname = current_database()`.execute(nodeB.db);
      await eventually(async () => !(await cachedOnA()), { what: 'caching off', intervalMs: 10 });
      await usersB.update(userId, { email: 'while-down@example.com' });
      assert.equal(await emailOn(usersA), 'while-down@example.com');
      await eventually(cachedOnA, { what: 'caching back after reconnecting', intervalMs: 50 });
      assert.equal(await emailOn(usersA), 'while-down@example.com');
    });
  });
}
