// better-sqlite3 only binds numbers, strings, bigints, buffers and null, and returns booleans as 0/1.
// This wrapper is the one place that bridges that: booleans (and Dates) are converted on the way in, and
// columns declared BOOLEAN are converted back on the way out, so repositories see the same values as on
// PostgreSQL. It also caches prepared statements: Kysely prepares every query afresh, and preparing costs
// more than running a typical indexed lookup.
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { CACHEABLE_MARK, ResultCache } from './result-cache.js';
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

interface Prepared {
  statement: BetterSqlite3.Statement;
  toRow: RowBuilder | null;
  /** a read-only query that asked to be cached */
  cacheable: boolean;
}

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

  // The result cache (result-cache.ts) moves to a new generation before every statement of this connection that
  // is not a read-only query (writes, RETURNING writes, BEGIN/COMMIT/ROLLBACK, pragmas), so before any change
  // this process makes, committed or not, and whenever `PRAGMA data_version` shows another connection's commit.
  const results = new ResultCache();
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  let lastDataVersion: unknown = dataVersion.get();
  const readCached = (prepared: Prepared, sql: string, parameters: unknown[]): Row[] => {
    const read = () => (prepared.statement.all(...parameters) as unknown[][]).map(prepared.toRow!);
    const key = results.key(sql, parameters);
    if (key === null) return read();
    const version: unknown = dataVersion.get();
    if (version !== lastDataVersion) {
      lastDataVersion = version;
      results.bump();
    }
    return results.get(key) ?? results.set(key, results.generation, read());
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
          if (!(statement.reader && statement.readonly)) results.bump();
          const rows = statement.all(...bound) as unknown[][];
          return toRow ? rows.map(toRow) : rows;
        },
        run: (parameters) => {
          if (!(statement.reader && statement.readonly)) results.bump();
          return statement.run(...bindable(parameters));
        },
        *iterate(parameters) {
          if (!(statement.reader && statement.readonly)) results.bump();
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
