import type { PortableMigration } from './helpers.js';
import { notNull } from './helpers.js';

/**
 * Issue #22: several recorders on one database. `nodes` is who is running (heartbeat in database-clock ms);
 * `camera_leases` says which node runs a camera's pipelines, with the fencing token that every write of those
 * pipelines carries; `recordings.node_id` says which node's disk holds a chunk (null: written before clustering,
 * claimed by the first node that registers).
 */
export const cluster: PortableMigration = {
  async up(db) {
    await db.schema
      .createTable('nodes')
      .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
      .addColumn('name', 'varchar(200)', notNull)
      .addColumn('url', 'varchar(500)', notNull)
      .addColumn('version', 'varchar(50)', notNull)
      .addColumn('capacity', 'integer', notNull)
      .addColumn('state', 'varchar(16)', notNull)
      .addColumn('started_at', 'varchar(32)', notNull)
      .addColumn('heartbeat_ms', 'bigint', notNull)
      .execute();
    await db.schema
      .createTable('camera_leases')
      .addColumn('camera_id', 'integer', (col) =>
        col.primaryKey().references('cameras.id').onDelete('cascade'),
      )
      .addColumn('node_id', 'varchar(36)', notNull)
      .addColumn('fence', 'bigint', notNull)
      .addColumn('expires_ms', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('camera_leases_node').on('camera_leases').column('node_id').execute();
    // What the node running a camera reports of it (recording state, online …), for the other nodes' API.
    await db.schema
      .createTable('camera_runtime')
      .addColumn('camera_id', 'integer', (col) =>
        col.primaryKey().references('cameras.id').onDelete('cascade'),
      )
      .addColumn('node_id', 'varchar(36)', notNull)
      .addColumn('status', 'text', notNull)
      .addColumn('updated_at', 'varchar(32)', notNull)
      .execute();
    // One row: proof of the secrets every node must share, to refuse a node started with different ones.
    await db.schema
      .createTable('cluster_secrets')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('master_key_check', 'text', notNull)
      .addColumn('jwt_secret_check', 'text', notNull)
      .execute();
    await db.schema.alterTable('recordings').addColumn('node_id', 'varchar(36)').execute();
    // An upload reads its chunk from the disk of the node that recorded it: only that node takes the job.
    await db.schema.alterTable('cloud_uploads').addColumn('node_id', 'varchar(36)').execute();
    await db.schema
      .createIndex('recordings_node_start')
      .on('recordings')
      .columns(['node_id', 'start_ms'])
      .execute();
  },
};
