import type { Db } from '../../platform/db/database.js';
import type { CameraMotionTable } from '../../platform/db/schema.js';

export type MotionRow = CameraMotionTable;

export class MotionRepository {
  constructor(private readonly db: Db) {}

  find(cameraId: number): Promise<MotionRow | undefined> {
    return this.db
      .selectFrom('camera_motion')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .executeTakeFirst();
  }

  /** The cameras with motion detection switched on. */
  async enabledCameraIds(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('camera_motion')
      .select('camera_id')
      .where('enabled', '=', true)
      .execute();
    return rows.map((row) => row.camera_id);
  }

  async save(row: MotionRow): Promise<void> {
    const { camera_id: _key, ...values } = row;
    await this.db
      .insertInto('camera_motion')
      .values(row)
      .onConflict((conflict) => conflict.column('camera_id').doUpdateSet(values))
      .execute();
  }
}
