import type { PortableMigration } from './helpers.js';
import { notNull, withIdColumn } from './helpers.js';

export const eventsAlerts: PortableMigration = {
  async up(db, dialect) {
    // The stored event log. No foreign key to cameras: events outlive a camera's hard delete until retention
    // prunes them, and readers only ever see events of cameras they can still view.
    await withIdColumn(db.schema.createTable('events'), dialect)
      .addColumn('type', 'varchar(64)', notNull)
      .addColumn('camera_id', 'integer')
      .addColumn('source', 'varchar(100)', notNull)
      .addColumn('severity', 'varchar(16)')
      .addColumn('timestamp', 'varchar(32)', notNull)
      /** JSON object */
      .addColumn('data', 'text', notNull)
      .execute();
    await db.schema.createIndex('events_timestamp').on('events').column('timestamp').execute();
    await db.schema.createIndex('events_camera').on('events').columns(['camera_id', 'id']).execute();
    await db.schema.createIndex('events_type').on('events').columns(['type', 'id']).execute();

    await withIdColumn(db.schema.createTable('alerts'), dialect)
      .addColumn('camera_id', 'integer')
      .addColumn('source_name', 'varchar(100)', notNull)
      .addColumn('severity', 'varchar(16)', notNull)
      /** info=0 … critical=4, so "at or above" is a plain comparison */
      .addColumn('severity_rank', 'integer', notNull)
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('message', 'text', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('acknowledged', 'boolean', notNull)
      .addColumn('acknowledged_at', 'varchar(32)')
      .addColumn('acknowledged_by', 'varchar(50)')
      .addColumn('acknowledged_by_id', 'integer')
      /** JSON object */
      .addColumn('data', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('alerts_open')
      .on('alerts')
      .columns(['acknowledged', 'camera_id', 'id'])
      .execute();
    await db.schema.createIndex('alerts_camera').on('alerts').columns(['camera_id', 'id']).execute();
    await db.schema.createIndex('alerts_created').on('alerts').column('created_at').execute();

    // One row (id = 1): the notification actions. Secrets are SecretBox output.
    await db.schema
      .createTable('alert_action_config')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('min_severity', 'varchar(16)', notNull)
      .addColumn('webhook_enabled', 'boolean', notNull)
      .addColumn('webhook_url', 'text')
      .addColumn('webhook_secret_sealed', 'text')
      /** JSON object of header name → value */
      .addColumn('webhook_headers', 'text')
      .addColumn('telephony_enabled', 'boolean', notNull)
      .addColumn('telephony_account_sid', 'varchar(64)')
      .addColumn('telephony_auth_token_sealed', 'text')
      .addColumn('telephony_from_number', 'varchar(32)')
      /** JSON array of phone numbers */
      .addColumn('telephony_to_numbers', 'text')
      .addColumn('telephony_base_url', 'text')
      .addColumn('updated_at', 'varchar(32)')
      .execute();

    // The durable outbox: one row per notification to send, kept afterwards as the delivery record.
    await withIdColumn(db.schema.createTable('alert_deliveries'), dialect)
      .addColumn('alert_id', 'integer', (col) => col.notNull().references('alerts.id').onDelete('cascade'))
      .addColumn('channel', 'varchar(16)', notNull)
      /** webhook URL (credentials masked) or phone number */
      .addColumn('target', 'text', notNull)
      /** what is sent: the webhook body, or the SMS text */
      .addColumn('payload', 'text', notNull)
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('attempts', 'integer', notNull)
      .addColumn('next_attempt_at', 'varchar(32)')
      /** a worker holds the row until then; an expired lease after a crash makes it due again */
      .addColumn('locked_until', 'varchar(32)')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)', notNull)
      .addColumn('delivered_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('alert_deliveries_due')
      .on('alert_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('alert_deliveries_alert')
      .on('alert_deliveries')
      .columns(['alert_id', 'id'])
      .execute();
  },
};
