// better-sqlite3 only binds numbers, strings, bigints, buffers and null, and returns booleans as 0/1.
// This wrapper is the one place that bridges that: booleans (and Dates) are converted on the way in, and
// columns declared BOOLEAN are converted back on the way out, so repositories see the same values as on
// PostgreSQL. It also caches prepared statements: Kysely prepares every query afresh, and preparing costs
// more than running a typical indexed lookup.
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import {
  CACHEABLE_MARK,
  ResultCache,
  TransactionWrites,
  tablesChanged,
  tablesRead,
  type Changes,
} from './result-cache.js';
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

const TRANSACTION_CONTROL = /^\s*(begin|commit|end|rollback|savepoint|release)\b/i;

interface Prepared {
  statement: BetterSqlite3.Statement;
  toRow: RowBuilder | null;
  /** a read-only query that asked to be cached, with the names it reads (see tablesRead) */
  reads: readonly string[] | null;
  /** what running it may change: nothing (a read-only query), tables, or everything */
  changes: Changes | null;
  /** BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE */
  control: boolean;
}

export function wrapSqlite(
  database: BetterSqlite3.Database,
  results: ResultCache = new ResultCache(),
): SqliteDatabase {
  const cache = new Map<string, Prepared>();
  const prepare = (sql: string): Prepared => {
    let prepared = cache.get(sql);
    if (prepared) {
      // Map keeps insertion order: re-inserting marks the entry as most recently used.
      cache.delete(sql);
    } else {
      const statement = database.prepare(sql);
      const readOnly = statement.reader && statement.readonly;
      const control = TRANSACTION_CONTROL.test(sql);
      prepared = {
        statement,
        toRow: statementRowBuilder(statement),
        reads: readOnly && sql.endsWith(CACHEABLE_MARK) ? tablesRead(sql) : null,
        changes: readOnly || control ? null : tablesChanged(sql),
        control,
      };
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, prepared);
    return prepared;
  };

  // The result cache (result-cache.ts) stamps the tables a statement of this connection may change before it
  // runs: a write's target table (everything for deletes, pragmas and DDL), and at COMMIT/ROLLBACK (and savepoint
  // ends) every table written since BEGIN, so rows read inside a transaction that rolls back are never served. A
  // commit of another connection, seen as a new `PRAGMA data_version`, stamps everything.
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  let lastDataVersion: unknown = dataVersion.get();
  const written = new TransactionWrites();
  const changing = ({ changes, control }: Prepared) => {
    if (control) {
      results.bump(written.changes);
      return;
    }
    if (changes === null) return;
    results.bump(changes);
    if (database.inTransaction) written.add(changes);
  };
  const afterControl = ({ control }: Prepared) => {
    if (control && !database.inTransaction) written.clear();
  };
  const readCached = (prepared: Prepared, sql: string, parameters: unknown[]): Row[] => {
    const read = () => (prepared.statement.all(...parameters) as unknown[][]).map(prepared.toRow!);
    const key = results.key(sql, parameters);
    if (key === null) return read();
    const version: unknown = dataVersion.get();
    if (version !== lastDataVersion) {
      lastDataVersion = version;
      results.bump();
    }
    return results.get(key) ?? results.set(key, results.clock, prepared.reads!, read());
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
          if (prepared.reads) return readCached(prepared, sql, bound);
          changing(prepared);
          const rows = statement.all(...bound) as unknown[][];
          afterControl(prepared);
          return toRow ? rows.map(toRow) : rows;
        },
        run: (parameters) => {
          changing(prepared);
          const result = statement.run(...bindable(parameters));
          afterControl(prepared);
          return result;
        },
        *iterate(parameters) {
          changing(prepared);
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
