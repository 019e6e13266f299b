import type { PortableMigration } from './helpers.js';
import { notNull, withIdColumn } from './helpers.js';

/** Cloud (API.md §12): provider credentials and models, inference results and jobs, settings, uploads, targets. */
export const cloud: PortableMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('cloud_credentials')
      .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider', 'varchar(50)', notNull)
      /** SecretBox output, purpose cloud.provider_token */
      .addColumn('token_sealed', 'text', notNull)
      /** JSON object text */
      .addColumn('account_info', 'text')
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('cloud_credentials_user')
      .on('cloud_credentials')
      .columns(['user_id', 'created_at'])
      .execute();

    await withIdColumn(db.schema.createTable('cloud_models'), dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('provider', 'varchar(50)', notNull)
      .addColumn('credential_id', 'varchar(36)', (col) => col.notNull().references('cloud_credentials.id'))
      .addColumn('model_id', 'varchar(500)', notNull)
      .addColumn('task', 'varchar(100)', notNull)
      /** JSON object text */
      .addColumn('config', 'text')
      .addColumn('enabled', 'boolean', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('cloud_models_user').on('cloud_models').columns(['user_id', 'id']).execute();
    await db.schema
      .createIndex('cloud_models_credential')
      .on('cloud_models')
      .column('credential_id')
      .execute();

    // Stored outcomes of synchronous inference and of jobs. A job has at most one result (unique job_id), so a
    // job re-run after a crash can never leave two.
    await db.schema
      .createTable('cloud_results')
      .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('model_id', 'integer')
      .addColumn('job_id', 'varchar(36)', (col) => col.unique())
      .addColumn('provider', 'varchar(50)', notNull)
      .addColumn('model_identifier', 'varchar(500)', notNull)
      .addColumn('task', 'varchar(100)', notNull)
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('result_json', 'text')
      .addColumn('error_message', 'text')
      .addColumn('latency_ms', 'integer')
      .addColumn('executed_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('cloud_results_user')
      .on('cloud_results')
      .columns(['user_id', 'executed_at'])
      .execute();

    // The durable job queue. Workers claim due rows (FOR UPDATE SKIP LOCKED on PostgreSQL) and hold a lease they
    // renew while the call runs; a lease that runs out (crash, restart) makes the job due again.
    await db.schema
      .createTable('cloud_jobs')
      .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('model_id', 'integer', notNull)
      .addColumn('provider', 'varchar(50)', notNull)
      .addColumn('task', 'varchar(100)', notNull)
      /** JSON text */
      .addColumn('inputs', 'text', notNull)
      .addColumn('parameters', 'text')
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('result_id', 'varchar(36)')
      .addColumn('error_message', 'text')
      .addColumn('attempts', 'integer', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('started_at', 'varchar(32)')
      .addColumn('completed_at', 'varchar(32)')
      .addColumn('next_attempt_at', 'varchar(32)')
      .addColumn('locked_until', 'varchar(32)')
      /** who holds the lease: a fresh token per claim */
      .addColumn('lease_token', 'varchar(36)')
      .execute();
    await db.schema
      .createIndex('cloud_jobs_due')
      .on('cloud_jobs')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('cloud_jobs_user')
      .on('cloud_jobs')
      .columns(['user_id', 'created_at'])
      .execute();

    // One row (id = 1). Secrets are SecretBox output.
    await db.schema
      .createTable('cloud_settings')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('recording_enabled', 'boolean', notNull)
      .addColumn('use_byok', 'boolean', notNull)
      .addColumn('access_key', 'varchar(256)')
      .addColumn('secret_key_sealed', 'text')
      .addColumn('bucket', 'varchar(255)')
      .addColumn('region', 'varchar(64)')
      .addColumn('server_url', 'text')
      .addColumn('storage_class', 'varchar(32)')
      .addColumn('streaming_enabled', 'boolean', notNull)
      .addColumn('streaming_protocol', 'varchar(16)', notNull)
      .addColumn('streaming_video_codec', 'varchar(16)', notNull)
      .addColumn('streaming_encryption', 'varchar(16)', notNull)
      .addColumn('streaming_server_url', 'text')
      .addColumn('streaming_auth_token_sealed', 'text')
      .addColumn('updated_at', 'varchar(32)')
      .execute();

    // The upload outbox: one row per closed chunk, kept afterwards as the record of what was uploaded.
    await withIdColumn(db.schema.createTable('cloud_uploads'), dialect)
      .addColumn('camera_id', 'integer', notNull)
      /** relative to the recordings root */
      .addColumn('recording_path', 'varchar(1000)', (col) => col.notNull().unique())
      .addColumn('object_key', 'varchar(1000)', notNull)
      .addColumn('size_bytes', 'bigint', notNull)
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('attempts', 'integer', notNull)
      .addColumn('next_attempt_at', 'varchar(32)')
      .addColumn('locked_until', 'varchar(32)')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)', notNull)
      .addColumn('uploaded_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('cloud_uploads_due')
      .on('cloud_uploads')
      .columns(['status', 'next_attempt_at'])
      .execute();

    await db.schema
      .createTable('stream_targets')
      .addColumn('target_id', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('camera_id', 'integer', (col) => col.notNull().references('cameras.id').onDelete('cascade'))
      .addColumn('enabled', 'boolean', notNull)
      .addColumn('protocol', 'varchar(8)', notNull)
      .addColumn('server_url', 'text', notNull)
      /** SecretBox output, purpose cloud.stream_key; null when no key */
      .addColumn('stream_key_sealed', 'text')
      .addColumn('use_tls', 'boolean', notNull)
      .addColumn('use_custom_ca', 'boolean', notNull)
      .addColumn('video_codec', 'varchar(16)', notNull)
      .addColumn('video_bitrate', 'varchar(16)')
      .addColumn('audio_codec', 'varchar(16)', notNull)
      .addColumn('audio_bitrate', 'varchar(16)')
      .addColumn('max_reconnect_attempts', 'integer', notNull)
      .addColumn('reconnect_delay_seconds', 'integer', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('stream_targets_camera').on('stream_targets').column('camera_id').execute();
  },
};
