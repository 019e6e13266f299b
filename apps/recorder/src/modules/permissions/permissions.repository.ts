import type { Db } from '../../platform/db/database.js';

export interface GrantRow {
  camera_id: number;
  user_id: number;
  can_view: boolean;
  can_manage: boolean;
  username: string | null;
}

/** Per-camera grants to users other than the owner. */
export class PermissionsRepository {
  constructor(private readonly db: Db) {}

  listForCamera(cameraId: number): Promise<GrantRow[]> {
    return this.db
      .selectFrom('camera_permissions as p')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.camera_id', 'p.user_id', 'p.can_view', 'p.can_manage', 'u.username'])
      .where('p.camera_id', '=', cameraId)
      .orderBy('u.username_key')
      .orderBy('p.user_id')
      .execute();
  }

  /** The user's rights on each camera that is not in the bin: owned ones (every right) and grants. */
  async listForUser(
    userId: number,
  ): Promise<{ camera_id: number; can_view: boolean; can_manage: boolean; is_owner: boolean }[]> {
    const [owned, granted] = await Promise.all([
      this.db
        .selectFrom('cameras')
        .select('id')
        .where('owner_id', '=', userId)
        .where('deleted_at', 'is', null)
        .execute(),
      this.db
        .selectFrom('camera_permissions as p')
        .innerJoin('cameras as c', 'c.id', 'p.camera_id')
        .select(['p.camera_id', 'p.can_view', 'p.can_manage'])
        .where('p.user_id', '=', userId)
        .where('c.deleted_at', 'is', null)
        .execute(),
    ]);
    return [
      ...owned.map(({ id }) => ({ camera_id: id, can_view: true, can_manage: true, is_owner: true })),
      ...granted.map((row) => ({
        camera_id: row.camera_id,
        can_view: Boolean(row.can_view),
        can_manage: Boolean(row.can_manage),
        is_owner: false,
      })),
    ].sort((a, b) => a.camera_id - b.camera_id);
  }

  async upsert(grant: Omit<GrantRow, 'username'>): Promise<void> {
    await this.db
      .insertInto('camera_permissions')
      .values({ ...grant, created_at: new Date().toISOString() })
      .onConflict((oc) =>
        oc
          .columns(['camera_id', 'user_id'])
          .doUpdateSet({ can_view: grant.can_view, can_manage: grant.can_manage }),
      )
      .execute();
  }

  async delete(cameraId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('camera_permissions')
      .where('camera_id', '=', cameraId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
