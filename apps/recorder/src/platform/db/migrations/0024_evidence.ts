import type { PortableMigration } from './helpers.js';
import { notNull, withIdColumn } from './helpers.js';

/**
 * Issue #37: tamper-evident recordings. `evidence_links` is each camera's hash chain — one link per chunk indexed
 * (its SHA-256 and times) and per chunk deleted (what, why, by whom), each holding the hash of the one before;
 * (camera_id, seq) is unique, so two writers can never both extend a chain from the same link. No foreign key to
 * `cameras`: the chain of a camera purged from the bin stays, as evidence of what it recorded. `evidence_heads`
 * holds the chain heads signed with the installation's Ed25519 key, whose private half is kept in
 * `signing_keys` sealed with the master key (one row, id 1: every node of a cluster signs with the same key).
 */
export const evidence: PortableMigration = {
  async up(db, dialect) {
    await withIdColumn(db.schema.createTable('evidence_links'), dialect)
      .addColumn('camera_id', 'integer', notNull)
      .addColumn('seq', 'bigint', notNull)
      /** 'chunk' (indexed) or 'deleted' */
      .addColumn('kind', 'varchar(16)', notNull)
      /** the chunk's path under the recordings root */
      .addColumn('path', 'varchar(1000)', notNull)
      .addColumn('start_ms', 'bigint', notNull)
      .addColumn('end_ms', 'bigint', notNull)
      .addColumn('size_bytes', 'bigint', notNull)
      /** hex SHA-256 of the chunk's bytes (a deletion repeats the hash of what went) */
      .addColumn('sha256', 'varchar(64)', notNull)
      /** deletions: retention_age, retention_space, user, missing; null for a chunk */
      .addColumn('reason', 'varchar(32)')
      /** who: 'system', or 'user:<id>:<username>' */
      .addColumn('actor', 'varchar(200)', notNull)
      .addColumn('node_id', 'varchar(36)')
      .addColumn('at_ms', 'bigint', notNull)
      .addColumn('prev_hash', 'varchar(64)', notNull)
      .addColumn('hash', 'varchar(64)', notNull)
      .addUniqueConstraint('evidence_links_camera_seq', ['camera_id', 'seq'])
      .execute();
    await db.schema
      .createIndex('evidence_links_camera_path')
      .on('evidence_links')
      .columns(['camera_id', 'path'])
      .execute();
    await db.schema
      .createTable('evidence_heads')
      .addColumn('camera_id', 'integer', notNull)
      .addColumn('seq', 'bigint', notNull)
      .addColumn('hash', 'varchar(64)', notNull)
      .addColumn('signed_at_ms', 'bigint', notNull)
      /** base64 Ed25519 signature of the head statement (platform/crypto/evidence.ts) */
      .addColumn('signature', 'varchar(200)', notNull)
      .addColumn('key_fingerprint', 'varchar(80)', notNull)
      .addPrimaryKeyConstraint('evidence_heads_pk', ['camera_id', 'seq'])
      .execute();
    await db.schema
      .createTable('signing_keys')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      /** SPKI DER, base64 */
      .addColumn('public_key', 'text', notNull)
      /** PKCS#8 DER, base64, sealed with the master key */
      .addColumn('private_key_sealed', 'text', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .execute();
  },
};
