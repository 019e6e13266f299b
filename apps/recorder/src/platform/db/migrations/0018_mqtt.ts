import type { PortableMigration } from './helpers.js';
import { notNull } from './helpers.js';

/**
 * Issue #21: the MQTT connection's stored settings (one row; the password sealed) and a per-camera switch for
 * live AI detection (on for every existing camera).
 */
export const mqtt: PortableMigration = {
  async up(db) {
    await db.schema
      .createTable('mqtt_settings')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('enabled', 'boolean', notNull)
      .addColumn('url', 'varchar(500)')
      .addColumn('username', 'varchar(200)')
      .addColumn('password_sealed', 'text')
      .addColumn('client_id', 'varchar(64)')
      .addColumn('topic_prefix', 'varchar(100)')
      .addColumn('discovery_prefix', 'varchar(100)')
      .addColumn('discovery_enabled', 'boolean', notNull)
      /** names this recorder in Home Assistant device identifiers (made once, kept) */
      .addColumn('recorder_id', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)')
      .execute();
    await db.schema
      .alterTable('camera_configs')
      .addColumn('detection_enabled', 'boolean', (col) => col.notNull().defaultTo(true))
      .execute();
  },
};
