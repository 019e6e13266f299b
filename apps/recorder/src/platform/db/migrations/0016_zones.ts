import type { PortableMigration } from './helpers.js';
import { notNull } from './helpers.js';

/**
 * Issue #19: the zones of a camera, kept as one JSON list per camera (they are always read and replaced whole,
 * like motion masks).
 */
export const zones: PortableMigration = {
  async up(db) {
    await db.schema
      .createTable('camera_zones')
      .addColumn('camera_id', 'integer', (col) =>
        col.primaryKey().references('cameras.id').onDelete('cascade'),
      )
      .addColumn('zones', 'text', notNull)
      .addColumn('updated_at', 'varchar(32)', notNull)
      .execute();
  },
};
