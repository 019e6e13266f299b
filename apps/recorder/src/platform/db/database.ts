import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../../config.js';
import type { Database } from './schema.js';
import { ChangeListener, type Notifications } from './pg-changes.js';
import { preparingPool } from './pg-driver.js';
import { ResultCache } from './result-cache.js';
import { wrapSqlite } from './sqlite-driver.js';

export type Db = Kysely<Database>;
export type DialectName = DatabaseConfig['dialect'];

// PostgreSQL returns BIGINT (count(*), bigint columns) as strings; every such value here fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseHandle {
  readonly db: Db;
  readonly dialect: DialectName;
  /** the exact result cache of `cacheable` reads (result-cache.ts), for tests and diagnostics */
  readonly resultCache: ResultCache;
  /** PostgreSQL only: notifications on the recorder's listening connection (the event relay's wake-up) */
  readonly notifications?: Notifications;
  close(): Promise<void>;
}

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection the server ends (restart, failover, admin) is dropped by the pool and the next query
    // opens a new one; unhandled, pg would turn it into a process crash.
    pool.on('error', () => undefined);
    const cache = new ResultCache(false);
    const listener = new ChangeListener(config.url, cache);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool, cache) }) });
    const close = async () => {
      await listener.close();
      await db.destroy();
    };
    return { db, dialect: 'postgres', resultCache: cache, notifications: listener, close };
  }
  mkdirSync(dirname(config.file), { recursive: true });
  const sqlite = new SqliteDatabase(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own lower() folds only ASCII letters, so a camera search for "café" would miss "CAFÉ"; this one
  // folds like PostgreSQL's lower() does under a UTF-8 locale (~0.1 µs more per call).
  sqlite.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  const cache = new ResultCache();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: wrapSqlite(sqlite, cache) }) });
  return { db, dialect: 'sqlite', resultCache: cache, close: () => db.destroy() };
}
