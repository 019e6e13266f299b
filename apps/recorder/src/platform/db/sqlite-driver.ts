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

function booleanColumns(statement: BetterSqlite3.Statement): string[] {
  if (!statement.reader) return [];
  return statement
    .columns()
    .filter((column) => column.type?.toLowerCase() === 'boolean')
    .map((column) => column.name);
}

function restoreBooleans(row: unknown, columns: readonly string[]): unknown {
  if (columns.length === 0 || row === null || typeof row !== 'object') return row;
  const record = row as Row;
  for (const name of columns) {
    const value = record[name];
    if (typeof value === 'number' || typeof value === 'bigint') record[name] = value !== 0 && value !== 0n;
  }
  return record;
}

const STATEMENT_CACHE_SIZE = 500;

interface Prepared {
  statement: BetterSqlite3.Statement;
  booleanColumns: string[];
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
      prepared = { statement, booleanColumns: booleanColumns(statement) };
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, prepared);
    return prepared;
  };
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const { statement, booleanColumns: columns } = prepare(sql);
      return {
        reader: statement.reader,
        all: (parameters) =>
          statement.all(...bindable(parameters)).map((row) => restoreBooleans(row, columns)),
        run: (parameters) => statement.run(...bindable(parameters)),
        *iterate(parameters) {
          // A streaming read keeps its statement busy, so it gets a statement of its own.
          const own = database.prepare(sql);
          for (const row of own.iterate(...bindable(parameters))) yield restoreBooleans(row, columns);
        },
      };
    },
  };
}
