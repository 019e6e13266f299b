import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { CameraConfigsTable } from '../../platform/db/schema.js';

export type CameraConfigRow = Selectable<CameraConfigsTable>;
export type NewCameraConfigRow = Omit<Insertable<CameraConfigsTable>, 'id'>;
export type CameraConfigPatch = Updateable<Omit<CameraConfigsTable, 'id' | 'camera_id'>>;

export class CameraConfigRepository {
  constructor(private readonly db: Db) {}

  findByCamera(cameraId: number): Promise<CameraConfigRow | undefined> {
    return this.db
      .selectFrom('camera_configs')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .executeTakeFirst();
  }

  insert(row: NewCameraConfigRow): Promise<CameraConfigRow> {
    return this.db.insertInto('camera_configs').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(cameraId: number, patch: CameraConfigPatch): Promise<CameraConfigRow | undefined> {
    return this.db
      .updateTable('camera_configs')
      .set(patch)
      .where('camera_id', '=', cameraId)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(cameraId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('camera_configs')
      .where('camera_id', '=', cameraId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
