import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { AppsTable } from '../../platform/db/schema.js';

export type AppRow = Selectable<AppsTable>;

export class AppsRepository {
  constructor(private readonly db: Db) {}

  find(id: string): Promise<AppRow | undefined> {
    return this.db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByKeyHash(hash: string): Promise<AppRow | undefined> {
    return this.db.selectFrom('apps').selectAll().where('api_key_hash', '=', hash).executeTakeFirst();
  }

  async list(skip: number, limit: number): Promise<{ rows: AppRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db.selectFrom('apps').selectAll().orderBy('id').offset(skip).limit(limit).execute(),
      this.db
        .selectFrom('apps')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** False when an app with this id already exists. */
  async insert(row: AppRow): Promise<boolean> {
    const result = await this.db
      .insertInto('apps')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  update(id: string, patch: Updateable<Omit<AppsTable, 'id'>>): Promise<AppRow | undefined> {
    return this.db.updateTable('apps').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('apps').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  accountIdByUsername(username: string): Promise<number | null> {
    return accountIdByUsername(this.db, username);
  }
}

/** The id of the account named `username` (case-insensitive), if any: an app re-registered after a delete gets its old account back. */
export async function accountIdByUsername(db: Db, username: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}
