import type { PortableMigration } from './helpers.js';
import { notNull } from './helpers.js';

/** Per-user window layouts, registered apps (with their hashed API keys) and the media-source TLS material. */
export const config: PortableMigration = {
  async up(db) {
    await db.schema
      .createTable('layouts')
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      /** the layout's own id (CustomWindowLayout.id), unique per user */
      .addColumn('layout_id', 'varchar(50)', notNull)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('description', 'text')
      .addColumn('enabled', 'boolean', notNull)
      .addColumn('grid_columns', 'integer', notNull)
      .addColumn('grid_rows', 'integer', notNull)
      /** JSON array of tiles */
      .addColumn('tiles', 'text', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)')
      .addPrimaryKeyConstraint('layouts_pk', ['user_id', 'layout_id'])
      .execute();

    await db.schema
      .createTable('apps')
      /** manifest.id */
      .addColumn('id', 'varchar(50)', (col) => col.primaryKey())
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('version', 'varchar(50)', notNull)
      .addColumn('url', 'text', notNull)
      .addColumn('sdk_version', 'varchar(50)')
      /** JSON object: the manifest as registered */
      .addColumn('manifest', 'text', notNull)
      /** JSON array: the rights the manifest asks for */
      .addColumn('permissions', 'text', notNull)
      .addColumn('enabled', 'boolean', notNull)
      /** the app's own account (created when a superuser first enables it) */
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      /** SHA-256 (hex) of the API key; the key itself is never stored */
      .addColumn('api_key_hash', 'varchar(64)', (col) => col.unique())
      .addColumn('api_key_created_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)')
      .execute();

    // One row (id = 1). The private key is SecretBox output.
    await db.schema
      .createTable('media_tls')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('cert_pem', 'text')
      .addColumn('key_sealed', 'text')
      .addColumn('ca_bundle_pem', 'text')
      .addColumn('updated_at', 'varchar(32)', notNull)
      .execute();
  },
};
