// better-sqlite3 only binds numbers, strings, bigints, buffers and null, and returns booleans as 0/1.
// This wrapper is the one place that bridges that: booleans (and Dates) are converted on the way in, and
// columns declared BOOLEAN are converted back on the way out, so repositories see the same values as on
// PostgreSQL. It also caches prepared statements: Kysely prepares every query afresh, and preparing costs
// more than running a typical indexed lookup.
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type SqliteDatabase, type SqliteStatement } from 'kysely';

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
  return names.includes('__proto__') ? loopBuilder(names, booleans) : literalBuilder(names, booleans);
}

const toBoolean = (value: unknown): unknown => (value === null ? null : value !== 0 && value !== 0n);

/**
 * One object literal per statement, e.g. `(v) => ({"id": v[0], "is_active": b(v[1])})`: every row gets its
 * final shape at once, where adding the properties one by one made building the objects cost as much as
 * reading the rows (100 camera rows: ~160 µs by a loop, ~7 µs by a literal). Keys are JSON-quoted column
 * names and values are read by index, so nothing from the data enters the generated code; repeated names
 * keep the first position and the last value, as assignment in a loop does.
 */
function literalBuilder(names: string[], booleans: boolean[]): (values: unknown[]) => Row {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: ${booleans[i] ? `b(v[${i}])` : `v[${i}]`}`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from column names, see above
  const make = new Function('b', `return (v) => ({${fields.join(', ')}});`) as (
    boolean: typeof toBoolean,
  ) => (values: unknown[]) => Row;
  return make(toBoolean);
}

/** For a column named `__proto__`, which a literal would take as the prototype. */
function loopBuilder(names: string[], booleans: boolean[]): (values: unknown[]) => Row {
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
  toRow: ((values: unknown[]) => Row) | null;
  /** a read-only query that asked to be cached */
  cacheable: boolean;
}

interface CachedResult {
  writes: number;
  dataVersion: unknown;
  values: unknown[][];
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
        toRow: rowBuilder(statement),
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
  // makes, committed or not; `PRAGMA data_version` moves when another connection commits. Only the raw values
  // are kept: every hit builds fresh row objects, so a caller changing a row cannot change the cache.
  let writes = 0;
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  const results = new Map<string, CachedResult>();
  let cachedRows = 0;
  const remember = (key: string, entry: CachedResult) => {
    if (entry.values.length > RESULT_CACHE_ROWS / 4) return;
    const previous = results.get(key);
    if (previous) {
      results.delete(key);
      cachedRows -= previous.values.length;
    }
    while (results.size >= RESULT_CACHE_ENTRIES || cachedRows + entry.values.length > RESULT_CACHE_ROWS) {
      const [oldestKey, oldest] = results.entries().next().value!;
      results.delete(oldestKey);
      cachedRows -= oldest.values.length;
    }
    results.set(key, entry);
    cachedRows += entry.values.length;
  };
  const readCached = (prepared: Prepared, sql: string, parameters: unknown[]): unknown[][] => {
    const key = cacheKey(sql, parameters);
    if (key === null) return prepared.statement.all(...parameters) as unknown[][];
    const version: unknown = dataVersion.get();
    const hit = results.get(key);
    if (hit && hit.writes === writes && hit.dataVersion === version) {
      // most recently used last
      results.delete(key);
      results.set(key, hit);
      return hit.values;
    }
    const values = prepared.statement.all(...parameters) as unknown[][];
    remember(key, { writes, dataVersion: version, values });
    return values;
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
          if (prepared.cacheable) return readCached(prepared, sql, bound).map(toRow!);
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
          const ownRow = rowBuilder(own);
          for (const values of own.iterate(...bindable(parameters)) as IterableIterator<unknown[]>) {
            yield ownRow ? ownRow(values) : values;
          }
        },
      };
    },
  };
}
