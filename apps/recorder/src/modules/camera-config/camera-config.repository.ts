import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { CameraConfigRow, CameraConfigsTable } from '../../platform/db/schema.js';

export type { CameraConfigRow };
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

  /**
   * Stores a probe's outcome. `policy` (null: leave it) applies only while the policy is not operator-set, and
   * that is checked in the same UPDATE: an operator who sets the policy while the probe waits for its handshake
   * keeps it.
   */
  recordProbe(
    cameraId: number,
    probe: Pick<
      CameraConfigPatch,
      'transport_security_probe_result' | 'transport_security_probed_at' | 'transport_security_probe_port'
    >,
    policy: string | null,
  ): Promise<CameraConfigRow | undefined> {
    return this.db
      .updateTable('camera_configs')
      .set((eb) => ({
        ...probe,
        ...(policy === null
          ? {}
          : {
              transport_security: eb
                .case()
                .when('transport_security_operator_set', '=', false)
                .then(policy)
                .else(eb.ref('transport_security'))
                .end(),
            }),
      }))
      .where('camera_id', '=', cameraId)
      .returningAll()
      .executeTakeFirst();
  }

  /** The recording_path of every camera but this one that has one (binned cameras included). */
  async otherRecordingPaths(cameraId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('camera_configs')
      .select('recording_path')
      .where('camera_id', '!=', cameraId)
      .where('recording_path', 'is not', null)
      .execute();
    return rows.flatMap((row) => (row.recording_path ? [row.recording_path] : []));
  }

  async delete(cameraId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('camera_configs')
      .where('camera_id', '=', cameraId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
