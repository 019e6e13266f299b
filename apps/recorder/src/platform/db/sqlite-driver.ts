// better-sqlite3 only binds numbers, strings, bigints, buffers and null, and returns booleans as 0/1.
// This wrapper is the one place that bridges that: booleans (and Dates) are converted on the way in, and
// columns declared BOOLEAN are converted back on the way out, so repositories see the same values as on
// PostgreSQL. It also caches prepared statements: Kysely prepares every query afresh, and preparing costs
// more than running a typical indexed lookup.
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { rowBuilder, type Row, type RowBuilder } from './row-builder.js';

function bindable(parameters: readonly unknown[]): unknown[] {
  return parameters.map((value) =>
    typeof value === 'boolean' ? (value ? 1 : 0) : value instanceof Date ? value.toISOString() : value,
  );
}

/**
 * Reading rows as arrays and building each object in column order is faster than better-sqlite3's own
 * objects, gives every row of a query the same shape, and converts BOOLEAN columns in the same pass.
 */
function statementRowBuilder(statement: BetterSqlite3.Statement): RowBuilder | null {
  if (!statement.reader) return null;
  const columns = statement.columns();
  statement.raw(true);
  return rowBuilder(
    columns.map((column) => column.name),
    columns.map((column) => column.type?.toLowerCase() === 'boolean'),
  );
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Appended to a read query (`query.modifyEnd(cacheable)`) to let the SQLite driver answer it from the result of
 * the same statement with the same parameters, as long as nothing has changed the database since. A comment,
 * so PostgreSQL ignores it (and caches nothing).
 */
export const CACHEABLE_MARK = '/* cacheable */';
export const cacheable = sql.raw(CACHEABLE_MARK);

/** Bounds of the result cache: entries, and rows over all entries (a larger result is not kept). */
const RESULT_CACHE_ENTRIES = 64;
const RESULT_CACHE_ROWS = 10_000;

interface Prepared {
  statement: BetterSqlite3.Statement;
  toRow: RowBuilder | null;
  /** a read-only query that asked to be cached */
  cacheable: boolean;
}

interface CachedResult {
  writes: number;
  dataVersion: unknown;
  /** frozen: every hit hands out the same row objects, so none can be changed by a caller */
  rows: Row[];
}

const cacheKey = (sql: string, parameters: unknown[]): string | null =>
  parameters.every((value) => value === null || typeof value === 'string' || typeof value === 'number')
    ? `${sql}\u0000${JSON.stringify(parameters)}`
    : null;

export function wrapSqlite(database: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, Prepared>();
  const prepare = (sql: string): Prepared => {
    let prepared = cache.get(sql);
    if (prepared) {
      // Map keeps insertion order: re-inserting marks the entry as most recently used.
      cache.delete(sql);
    } else {
      const statement = database.prepare(sql);
      prepared = {
        statement,
        toRow: statementRowBuilder(statement),
        cacheable: statement.reader && statement.readonly && sql.endsWith(CACHEABLE_MARK),
      };
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, prepared);
    return prepared;
  };

  // The result cache is exact, not timed: an entry is used only while the database is as it was when the
  // entry was read. `writes` counts every statement of this connection that is not a read-only query
  // (writes, RETURNING writes, BEGIN/COMMIT/ROLLBACK, pragmas), so it moves before any change this process
  // makes, committed or not; `PRAGMA data_version` moves when another connection commits. The cached rows are
  // frozen (a caller changing one gets a TypeError, ESM being strict) and each hit gets its own array.
  let writes = 0;
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  const results = new Map<string, CachedResult>();
  let cachedRows = 0;
  const remember = (key: string, entry: CachedResult) => {
    if (entry.rows.length > RESULT_CACHE_ROWS / 4) return;
    const previous = results.get(key);
    if (previous) {
      results.delete(key);
      cachedRows -= previous.rows.length;
    }
    while (results.size >= RESULT_CACHE_ENTRIES || cachedRows + entry.rows.length > RESULT_CACHE_ROWS) {
      const [oldestKey, oldest] = results.entries().next().value!;
      results.delete(oldestKey);
      cachedRows -= oldest.rows.length;
    }
    results.set(key, entry);
    cachedRows += entry.rows.length;
  };
  const readCached = (prepared: Prepared, sql: string, parameters: unknown[]): Row[] => {
    const read = () => (prepared.statement.all(...parameters) as unknown[][]).map(prepared.toRow!);
    const key = cacheKey(sql, parameters);
    if (key === null) return read();
    const version: unknown = dataVersion.get();
    const hit = results.get(key);
    if (hit && hit.writes === writes && hit.dataVersion === version) {
      // most recently used last
      results.delete(key);
      results.set(key, hit);
      return hit.rows.slice();
    }
    const rows = read();
    for (const row of rows) Object.freeze(row);
    remember(key, { writes, dataVersion: version, rows });
    return rows.slice();
  };

  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const prepared = prepare(sql);
      const { statement, toRow } = prepared;
      return {
        reader: statement.reader,
        all: (parameters) => {
          const bound = bindable(parameters);
          if (prepared.cacheable) return readCached(prepared, sql, bound);
          if (!(statement.reader && statement.readonly)) writes++;
          const rows = statement.all(...bound) as unknown[][];
          return toRow ? rows.map(toRow) : rows;
        },
        run: (parameters) => {
          if (!(statement.reader && statement.readonly)) writes++;
          return statement.run(...bindable(parameters));
        },
        *iterate(parameters) {
          if (!(statement.reader && statement.readonly)) writes++;
          // A streaming read keeps its statement busy, so it gets a statement of its own.
          const own = database.prepare(sql);
          const ownRow = statementRowBuilder(own);
          for (const values of own.iterate(...bindable(parameters)) as IterableIterator<unknown[]>) {
            yield ownRow ? ownRow(values) : values;
          }
        },
      };
    },
  };
}
