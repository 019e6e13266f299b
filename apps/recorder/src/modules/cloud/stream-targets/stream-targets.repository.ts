import type { Selectable } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import type { StreamTargetsTable } from '../../../platform/db/schema.js';

export type StreamTargetRow = Selectable<StreamTargetsTable>;

export class StreamTargetsRepository {
  constructor(private readonly db: Db) {}

  find(targetId: string): Promise<StreamTargetRow | undefined> {
    return this.db
      .selectFrom('stream_targets')
      .selectAll()
      .where('target_id', '=', targetId)
      .executeTakeFirst();
  }

  all(): Promise<StreamTargetRow[]> {
    return this.db
      .selectFrom('stream_targets')
      .selectAll()
      .orderBy('created_at')
      .orderBy('target_id')
      .execute();
  }

  forCamera(cameraId: number): Promise<StreamTargetRow[]> {
    return this.db.selectFrom('stream_targets').selectAll().where('camera_id', '=', cameraId).execute();
  }

  async upsert(row: StreamTargetRow): Promise<void> {
    const { target_id: _id, created_at: _created, ...changes } = row;
    await this.db
      .insertInto('stream_targets')
      .values(row)
      .onConflict((oc) => oc.column('target_id').doUpdateSet(changes))
      .execute();
  }

  async setEnabled(targetId: string, enabled: boolean, at: string): Promise<void> {
    await this.db
      .updateTable('stream_targets')
      .set({ enabled, updated_at: at })
      .where('target_id', '=', targetId)
      .execute();
  }

  async delete(targetId: string): Promise<void> {
    await this.db.deleteFrom('stream_targets').where('target_id', '=', targetId).execute();
  }
}
