import type { PortableMigration } from './helpers.js';
import { notNull, withIdColumn } from './helpers.js';

export const foundation: PortableMigration = {
  async up(db, dialect) {
    await withIdColumn(db.schema.createTable('users'), dialect)
      .addColumn('username', 'varchar(50)', notNull)
      .addColumn('username_key', 'varchar(50)', (col) => col.notNull().unique())
      .addColumn('email', 'varchar(255)')
      .addColumn('password_hash', 'text', notNull)
      .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('is_superuser', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)')
      .addColumn('last_login_at', 'varchar(32)')
      .execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('jti', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('family_id', 'varchar(64)', notNull)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'varchar(32)', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('revoked_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
    await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

    await db.schema
      .createTable('login_throttle')
      .addColumn('username_key', 'varchar(255)', (col) => col.primaryKey())
      .addColumn('failures', 'integer', notNull)
      .addColumn('locked_until', 'varchar(32)')
      .addColumn('updated_at', 'varchar(32)', notNull)
      .execute();

    await withIdColumn(db.schema.createTable('audit_logs'), dialect)
      .addColumn('timestamp', 'varchar(32)', notNull)
      .addColumn('action', 'varchar(100)', notNull)
      .addColumn('entity_type', 'varchar(50)')
      .addColumn('entity_id', 'varchar(100)')
      .addColumn('user_id', 'integer')
      .addColumn('username', 'varchar(50)')
      .addColumn('ip', 'varchar(64)')
      .addColumn('user_agent', 'varchar(500)')
      .addColumn('details', 'text')
      .execute();
    await db.schema.createIndex('audit_logs_timestamp').on('audit_logs').column('timestamp').execute();
    await db.schema.createIndex('audit_logs_action').on('audit_logs').column('action').execute();
    await db.schema
      .createIndex('audit_logs_entity')
      .on('audit_logs')
      .columns(['entity_type', 'entity_id'])
      .execute();
  },
};
