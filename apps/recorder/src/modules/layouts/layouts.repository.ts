import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { LayoutsTable } from '../../platform/db/schema.js';

export type LayoutRow = Selectable<LayoutsTable>;

/** Layouts are always read and written for one user: every query is keyed by (user_id, layout_id). */
export class LayoutsRepository {
  constructor(private readonly db: Db) {}

  find(userId: number, layoutId: string): Promise<LayoutRow | undefined> {
    return this.db
      .selectFrom('layouts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('layout_id', '=', layoutId)
      .executeTakeFirst();
  }

  async list(userId: number, skip: number, limit: number): Promise<{ rows: LayoutRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('layouts')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('layout_id')
        .offset(skip)
        .limit(limit)
        .execute(),
      this.count(userId),
    ]);
    return { rows, total };
  }

  async count(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('layouts')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** False when the user already has a layout with this id. */
  async insert(row: LayoutRow): Promise<boolean> {
    const result = await this.db
      .insertInto('layouts')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'layout_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async update(
    userId: number,
    layoutId: string,
    patch: Omit<LayoutRow, 'user_id' | 'layout_id' | 'created_at'>,
  ): Promise<LayoutRow | undefined> {
    return this.db
      .updateTable('layouts')
      .set(patch)
      .where('user_id', '=', userId)
      .where('layout_id', '=', layoutId)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(userId: number, layoutId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('layouts')
      .where('user_id', '=', userId)
      .where('layout_id', '=', layoutId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
