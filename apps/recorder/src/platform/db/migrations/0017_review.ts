import type { PortableMigration } from './helpers.js';
import { notNull, withIdColumn } from './helpers.js';

/** Issue #19: review items (incidents built from tracked objects) and each camera's review settings. */
export const review: PortableMigration = {
  async up(db, dialect) {
    await withIdColumn(db.schema.createTable('review_items'), dialect)
      .addColumn('camera_id', 'integer', (col) => col.notNull().references('cameras.id').onDelete('cascade'))
      /** ms since epoch: the first and last picture with a moving object */
      .addColumn('start_ms', 'bigint', notNull)
      .addColumn('end_ms', 'bigint')
      /** the footage the item keeps and its clip covers: start − pre-roll to end + post-roll */
      .addColumn('clip_from_ms', 'bigint', notNull)
      .addColumn('clip_to_ms', 'bigint')
      /** alert (an alert was raised for it) or detection */
      .addColumn('severity', 'varchar(16)', notNull)
      /** JSON arrays */
      .addColumn('labels', 'text', notNull)
      .addColumn('zones', 'text', notNull)
      .addColumn('track_ids', 'text', notNull)
      /** JSON: the snapshot's boxes, normalised, with their labels */
      .addColumn('boxes', 'text', notNull)
      .addColumn('has_snapshot', 'boolean', notNull)
      /** pending, ready, unavailable (no footage), failed */
      .addColumn('clip_status', 'varchar(16)', notNull)
      .addColumn('reviewed', 'boolean', notNull)
      .addColumn('reviewed_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('review_items_camera_start')
      .on('review_items')
      .columns(['camera_id', 'start_ms'])
      .execute();
    await db.schema
      .createTable('camera_review_settings')
      .addColumn('camera_id', 'integer', (col) =>
        col.primaryKey().references('cameras.id').onDelete('cascade'),
      )
      .addColumn('pre_roll_seconds', 'integer', notNull)
      .addColumn('post_roll_seconds', 'integer', notNull)
      .addColumn('retention_days', 'integer', notNull)
      /** this camera's continuous retention; null follows the recording settings' retention_days */
      .addColumn('continuous_retention_days', 'integer')
      .addColumn('updated_at', 'varchar(32)', notNull)
      .execute();
  },
};
