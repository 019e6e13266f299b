import type { PortableMigration } from './helpers.js';
import { notNull } from './helpers.js';

/** Issue #19: per-camera motion detection settings (a camera without a row uses the defaults: off). */
export const motion: PortableMigration = {
  async up(db) {
    await db.schema
      .createTable('camera_motion')
      .addColumn('camera_id', 'integer', (col) =>
        col.primaryKey().references('cameras.id').onDelete('cascade'),
      )
      .addColumn('enabled', 'boolean', notNull)
      /** grey frames analysed per second */
      .addColumn('fps', 'real', notNull)
      .addColumn('threshold', 'integer', notNull)
      /** the smallest moving area, as a fraction of the picture */
      .addColumn('min_area', 'real', notNull)
      /** JSON array of polygons ([[x, y], …] in 0–1) where nothing counts */
      .addColumn('masks', 'text', notNull)
      .addColumn('updated_at', 'varchar(32)', notNull)
      .execute();
  },
};
