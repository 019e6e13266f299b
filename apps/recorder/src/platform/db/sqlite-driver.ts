// better-sqlite3 only binds numbers, strings, bigints, buffers and null, and returns booleans as 0/1.
// This wrapper is the one place that bridges that: booleans (and Dates) are converted on the way in, and
// columns declared BOOLEAN are converted back on the way out, so repositories see the same values as on
// PostgreSQL. It also caches prepared statements: Kysely prepares every query afresh, and preparing costs
// more than running a typical indexed lookup.
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type Row = Record<string, unknown>;

function bindable(parameters: readonly unknown[]): unknown[] {
  return parameters.map((value) =>
    typeof value === 'boolean' ? (value ? 1 : 0) : value instanceof Date ? value.toISOString() : value,
  );
}

/**
 * Reading rows as arrays and building each object in column order is faster than better-sqlite3's own
 * objects, gives every row of a query the same shape, and converts BOOLEAN columns in the same pass.
 */
function rowBuilder(statement: BetterSqlite3.Statement): ((values: unknown[]) => Row) | null {
  if (!statement.reader) return null;
  const columns = statement.columns();
  const names = columns.map((column) => column.name);
  const booleans = columns.map((column) => column.type?.toLowerCase() === 'boolean');
  statement.raw(true);
  return (values) => {
    const row: Row = {};
    for (let i = 0; i < names.length; i++) {
      const value = values[i];
      row[names[i]!] = booleans[i] && value !== null ? value !== 0 && value !== 0n : value;
    }
    return row;
  };
}

const STATEMENT_CACHE_SIZE = 500;

interface Prepared {
  statement: BetterSqlite3.Statement;
  toRow: ((values: unknown[]) => Row) | null;
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
      prepared = { statement, toRow: rowBuilder(statement) };
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, prepared);
    return prepared;
  };
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const { statement, toRow } = prepare(sql);
      return {
        reader: statement.reader,
        all: (parameters) => {
          const rows = statement.all(...bindable(parameters)) as unknown[][];
          return toRow ? rows.map(toRow) : rows;
        },
        run: (parameters) => statement.run(...bindable(parameters)),
        *iterate(parameters) {
          // A streaming read keeps its statement busy, so it gets a statement of its own.
          const own = database.prepare(sql);
          const ownRow = rowBuilder(own);
          for (const values of own.iterate(...bindable(parameters)) as IterableIterator<unknown[]>) {
            yield ownRow ? ownRow(values) : values;
          }
        },
      };
    },
  };
}
