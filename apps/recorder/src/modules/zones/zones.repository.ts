import type { Db } from '../../platform/db/database.js';
import type { CameraZonesTable } from '../../platform/db/schema.js';

export type ZonesRow = CameraZonesTable;

export class ZonesRepository {
  constructor(private readonly db: Db) {}

  find(cameraId: number): Promise<ZonesRow | undefined> {
    return this.db
      .selectFrom('camera_zones')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .executeTakeFirst();
  }

  async save(row: ZonesRow): Promise<void> {
    const { camera_id: _key, ...values } = row;
    await this.db
      .insertInto('camera_zones')
      .values(row)
      .onConflict((conflict) => conflict.column('camera_id').doUpdateSet(values))
      .execute();
  }
}
