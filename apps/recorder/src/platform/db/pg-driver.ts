// PostgreSQL through pg, with every data statement sent as a named prepared statement: the server parses and
// analyses a statement once per connection instead of on every request (for the short, hot queries of this API
// that was most of their cost — 0.5–0.7 ms of planning against well under that of execution). Names are derived
// from the SQL text, so the same text always reuses the same statement. DDL and anything else is sent as is.
// Rows of prepared statements are read as arrays and built by one generated literal per statement (see
// row-builder.ts): pg's own row objects get their properties one by one, which cost as much as parsing them.
import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import {
  CACHEABLE_MARK,
  TransactionWrites,
  tablesChanged,
  tablesRead,
  type Changes,
  type ResultCache,
} from './result-cache.js';
import { rowBuilder, type RowBuilder } from './row-builder.js';

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** statement names of recently seen SQL texts (hashing is cheap, but the hot set is small) */
const NAMES = new Map<string, string>();
const MAX_NAMES = 2000;

function statementName(text: string): string {
  let name = NAMES.get(text);
  if (name === undefined) {
    name = `k_${createHash('sha1').update(text).digest('base64url')}`;
    if (NAMES.size >= MAX_NAMES) NAMES.delete(NAMES.keys().next().value!);
    NAMES.set(text, name);
  }
  return name;
}

/** Row builders by statement name, with the column names they were made for. */
const BUILDERS = new Map<string, { names: string[]; build: RowBuilder }>();

function builderFor(name: string, fields: readonly pg.FieldDef[]): RowBuilder {
  const known = BUILDERS.get(name);
  // A statement keeps its columns, except `select *` after a migration changed the table: compare names.
  if (known?.names.length === fields.length && known.names.every((n, i) => n === fields[i]!.name)) {
    return known.build;
  }
  const names = fields.map((field) => field.name);
  const build = rowBuilder(names);
  if (!known && BUILDERS.size >= MAX_NAMES) BUILDERS.delete(BUILDERS.keys().next().value!);
  BUILDERS.set(name, { names, build });
  return build;
}

async function preparedQuery(client: pg.PoolClient, text: string, values: unknown[]) {
  const name = statementName(text);
  const result = await client.query<unknown[]>({ name, text, values, rowMode: 'array' });
  const build = builderFor(name, result.fields);
  return { command: result.command, rowCount: result.rowCount, rows: result.rows.map(build) };
}

const SELECT = /^\s*select\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|end|rollback(?!\s+to\b))\b/i;

/** The names each cacheable SQL text reads (tablesRead), worked out once per text. */
const READS = new Map<string, readonly string[]>();

function readsOf(text: string): readonly string[] {
  let reads = READS.get(text);
  if (reads === undefined) {
    reads = tablesRead(text);
    if (READS.size >= MAX_NAMES) READS.delete(READS.keys().next().value!);
    READS.set(text, reads);
  }
  return reads;
}

/**
 * A pool whose connections send data statements as named prepared statements and answer `cacheable` reads from
 * `cache` (result-cache.ts). Before every statement that is not a plain select, the tables it may change are
 * stamped in the cache, and again once it is committed (at once outside a transaction; at COMMIT/ROLLBACK inside
 * one, then with every table the transaction wrote), so this process reads its own writes; other processes'
 * commits stamp it through the ChangeListener (pg-changes.ts). Inside a transaction nothing is read from or kept
 * in the cache: such reads see uncommitted changes.
 */
export function preparingPool(pool: pg.Pool, cache: ResultCache): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let inTransaction = false;
      const written = new TransactionWrites();
      const changing = async <T>(changes: Changes, run: () => Promise<T>): Promise<T> => {
        cache.bump(changes);
        if (inTransaction) written.add(changes);
        try {
          return await run();
        } finally {
          if (!inTransaction) cache.bump(changes);
        }
      };
      const query = (sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown => {
        // A cursor (Kysely's stream(), used for selects): read as it comes, never cached.
        if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as pg.Submittable);
        const text = sqlOrCursor;
        const values = parameters as unknown[];
        if (BEGIN.test(text)) {
          inTransaction = true;
          return client.query(text, values);
        }
        if (END.test(text)) {
          const changes = written.changes;
          inTransaction = false;
          written.clear();
          return changing(changes, () => client.query(text, values));
        }
        if (!PREPARABLE.test(text)) return changing('all', () => client.query(text, values));
        if (!SELECT.test(text))
          return changing(tablesChanged(text), () => preparedQuery(client, text, values));
        const key = !inTransaction && text.endsWith(CACHEABLE_MARK) ? cache.key(text, values) : null;
        if (key === null) return preparedQuery(client, text, values);
        const hit = cache.get(key);
        if (hit) return Promise.resolve({ command: 'SELECT', rowCount: hit.length, rows: hit });
        const readAt = cache.clock;
        return preparedQuery(client, text, values).then((result) => ({
          ...result,
          rows: cache.set(key, readAt, readsOf(text), result.rows),
        }));
      };
      return { query: query as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
