import type { PortableMigration } from './helpers.js';
import { notNull, withIdColumn } from './helpers.js';

export const cameras: PortableMigration = {
  async up(db, dialect) {
    await withIdColumn(db.schema.createTable('cameras'), dialect)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('ip_address', 'varchar(45)', notNull)
      .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
      .addColumn('is_active', 'boolean', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)')
      .addColumn('deleted_at', 'varchar(32)')
      /** is_active before binning, restored with the camera */
      .addColumn('active_before_bin', 'boolean')
      .addColumn('port', 'integer', notNull)
      .addColumn('status', 'varchar(20)')
      .addColumn('description', 'text')
      .addColumn('location', 'varchar(200)')
      .addColumn('display_aspect_ratio', 'varchar(16)')
      .addColumn('firmware_version', 'varchar(100)')
      .addColumn('hardware_id', 'varchar(100)')
      .addColumn('serial_number', 'varchar(100)')
      .addColumn('model', 'varchar(100)')
      .addColumn('manufacturer', 'varchar(100)')
      .addColumn('vlan', 'varchar(50)')
      .addColumn('username', 'varchar(50)')
      .addColumn('password_sealed', 'text')
      .addColumn('rtsp_url', 'varchar(500)')
      .addColumn('substream_url', 'varchar(500)')
      .execute();
    await db.schema.createIndex('cameras_owner').on('cameras').columns(['owner_id', 'deleted_at']).execute();

    await withIdColumn(db.schema.createTable('camera_configs'), dialect)
      .addColumn('camera_id', 'integer', (col) =>
        col.notNull().unique().references('cameras.id').onDelete('cascade'),
      )
      .addColumn('auto_restart', 'boolean', notNull)
      .addColumn('max_restart_attempts', 'integer', notNull)
      .addColumn('proxy_enabled', 'boolean', notNull)
      .addColumn('recording_enabled', 'boolean', notNull)
      .addColumn('recording_path', 'text')
      .addColumn('recording_segment_seconds', 'integer', notNull)
      .addColumn('rtmp_publisher', 'boolean', notNull)
      .addColumn('webrtc_publisher', 'boolean', notNull)
      .addColumn('rtsp_transport', 'varchar(8)')
      .addColumn('source_url', 'text')
      .addColumn('extra_options', 'text')
      .addColumn('stream_protocol', 'varchar(16)', notNull)
      .addColumn('transport_security', 'varchar(32)', notNull)
      .addColumn('transport_security_operator_set', 'boolean', notNull)
      .addColumn('transport_security_probe_result', 'varchar(16)', notNull)
      .addColumn('transport_security_probed_at', 'varchar(32)')
      .addColumn('last_provisioned_at', 'varchar(32)')
      .addColumn('last_stream_start', 'varchar(32)')
      .addColumn('stream_active', 'boolean', notNull)
      .addColumn('stream_failures', 'integer', notNull)
      .execute();

    await db.schema
      .createTable('camera_permissions')
      .addColumn('camera_id', 'integer', (col) => col.notNull().references('cameras.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('can_view', 'boolean', notNull)
      .addColumn('can_manage', 'boolean', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .addPrimaryKeyConstraint('camera_permissions_pk', ['camera_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('camera_permissions_user')
      .on('camera_permissions')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('camera_assignments')
      .addColumn('camera_id', 'integer', (col) => col.notNull().references('cameras.id').onDelete('cascade'))
      .addColumn('skill', 'varchar(64)', notNull)
      /** JSON array of strings, or null when the skill is not narrowed */
      .addColumn('labels', 'text')
      .addColumn('position', 'integer', notNull)
      .addPrimaryKeyConstraint('camera_assignments_pk', ['camera_id', 'skill'])
      .execute();
    await db.schema
      .createIndex('camera_assignments_skill')
      .on('camera_assignments')
      .column('skill')
      .execute();

    await db.schema
      .createTable('skill_consumers')
      .addColumn('camera_id', 'integer', (col) => col.notNull().references('cameras.id').onDelete('cascade'))
      .addColumn('skill', 'varchar(64)', notNull)
      .addColumn('consumer', 'varchar(100)', notNull)
      /** JSON object text, or null */
      .addColumn('params', 'text')
      .addColumn('declared_at', 'varchar(32)', notNull)
      .addPrimaryKeyConstraint('skill_consumers_pk', ['camera_id', 'skill', 'consumer'])
      .execute();
  },
};
