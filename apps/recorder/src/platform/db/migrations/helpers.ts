import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { DialectName } from '../database.js';

/** What the recorder hands to migrations besides the database. */
export interface MigrationContext {
  /** seals secrets that earlier versions stored in plaintext; absent where no such rows can exist (tests) */
  secretBox?: SecretBox;
}

/** A migration written once for both dialects; the dialect is passed in only for the few column types that differ. */
export interface PortableMigration {
  up(db: Kysely<unknown>, dialect: DialectName, context: MigrationContext): Promise<void>;
}

/** Auto-incrementing integer primary key: SERIAL on PostgreSQL, INTEGER PRIMARY KEY AUTOINCREMENT on SQLite. */
export function withIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
