import type { PortableMigration } from './helpers.js';
import { notNull, withIdColumn } from './helpers.js';

export const ai: PortableMigration = {
  async up(db, dialect) {
    const float = dialect === 'postgres' ? 'double precision' : 'real';

    // AI model records (SEED.md AIModelResponse). A hard-deleted camera leaves its models unassigned (API.md §4).
    await withIdColumn(db.schema.createTable('ai_models'), dialect)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('model_name', 'varchar(100)', notNull)
      .addColumn('task', 'varchar(64)', notNull)
      .addColumn('enabled', 'boolean', notNull)
      .addColumn('source_type', 'varchar(16)', notNull)
      .addColumn('inference_interval', 'integer')
      .addColumn('assigned_camera_id', 'integer', (col) => col.references('cameras.id').onDelete('set null'))
      /** JSON object text */
      .addColumn('config', 'text')
      .addColumn('recording_path', 'text')
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('ai_models_camera').on('ai_models').column('assigned_camera_id').execute();

    // Detection results; they go with their model, and with their camera on hard delete.
    await withIdColumn(db.schema.createTable('ai_detection_results'), dialect)
      .addColumn('model_id', 'integer', (col) => col.notNull().references('ai_models.id').onDelete('cascade'))
      .addColumn('camera_id', 'integer', (col) => col.references('cameras.id').onDelete('cascade'))
      .addColumn('task', 'varchar(64)', notNull)
      .addColumn('label', 'varchar(200)')
      .addColumn('caption', 'text')
      .addColumn('annotated_image_uri', 'text')
      .addColumn('confidence', float)
      .addColumn('count', 'integer')
      .addColumn('bbox_x', 'integer')
      .addColumn('bbox_y', 'integer')
      .addColumn('bbox_width', 'integer')
      .addColumn('bbox_height', 'integer')
      .addColumn('latency_ms', 'integer')
      .addColumn('executed_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('ai_detection_results_model')
      .on('ai_detection_results')
      .columns(['model_id', 'id'])
      .execute();
    await db.schema
      .createIndex('ai_detection_results_camera')
      .on('ai_detection_results')
      .columns(['camera_id', 'id'])
      .execute();

    // Adapters registered through the API (ADAPTER_URLS ones live in the configuration only).
    await withIdColumn(db.schema.createTable('ai_adapters'), dialect)
      .addColumn('name', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('url', 'varchar(500)', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .execute();

    // Recording-mode analysis: every chunk a model has analysed, so each is analysed exactly once.
    await db.schema
      .createTable('ai_recording_files')
      .addColumn('model_id', 'integer', (col) => col.notNull().references('ai_models.id').onDelete('cascade'))
      .addColumn('path', 'varchar(1000)', notNull)
      .addColumn('frames', 'integer', notNull)
      .addColumn('analysed_at', 'varchar(32)', notNull)
      .addPrimaryKeyConstraint('ai_recording_files_pk', ['model_id', 'path'])
      .execute();
  },
};
