import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import type { CloudModelsTable } from '../../../platform/db/schema.js';

export type CloudModelRow = Selectable<CloudModelsTable>;

export class CloudModelsRepository {
  constructor(private readonly db: Db) {}

  insert(row: Insertable<CloudModelsTable>): Promise<CloudModelRow> {
    return this.db.insertInto('cloud_models').values(row).returningAll().executeTakeFirstOrThrow();
  }

  find(id: number): Promise<CloudModelRow | undefined> {
    return this.db.selectFrom('cloud_models').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(userId: number, skip: number, limit: number): Promise<{ rows: CloudModelRow[]; total: number }> {
    const rows = await this.db
      .selectFrom('cloud_models')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .offset(skip)
      .limit(limit)
      .execute();
    const count = await this.db
      .selectFrom('cloud_models')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  }

  update(id: number, changes: Updateable<CloudModelsTable>): Promise<CloudModelRow> {
    return this.db
      .updateTable('cloud_models')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('cloud_models').where('id', '=', id).execute();
  }
}
