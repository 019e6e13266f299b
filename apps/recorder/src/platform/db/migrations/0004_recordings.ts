import type { PortableMigration } from './helpers.js';
import { notNull, withIdColumn } from './helpers.js';

export const recordings: PortableMigration = {
  async up(db, dialect) {
    await withIdColumn(db.schema.createTable('recordings'), dialect)
      .addColumn('camera_id', 'integer', (col) => col.notNull().references('cameras.id').onDelete('cascade'))
      /** Unix milliseconds: range queries and ordering on plain integers */
      .addColumn('start_ms', 'bigint', notNull)
      .addColumn('end_ms', 'bigint', notNull)
      .addColumn('duration_seconds', 'double precision', notNull)
      .addColumn('size_bytes', 'bigint', notNull)
      /** relative to the recordings root */
      .addColumn('path', 'varchar(1000)', (col) => col.notNull().unique())
      .addColumn('created_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('recordings_camera_time')
      .on('recordings')
      .columns(['camera_id', 'start_ms'])
      .execute();
    await db.schema.createIndex('recordings_start').on('recordings').column('start_ms').execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
      /** JSON text */
      .addColumn('value', 'text', notNull)
      .addColumn('updated_at', 'varchar(32)', notNull)
      .execute();
  },
};
