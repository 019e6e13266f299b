// PostgreSQL through pg, with every data statement sent as a named prepared statement: the server parses and
// analyses a statement once per connection instead of on every request (for the short, hot queries of this API
// that was most of their cost — 0.5–0.7 ms of planning against well under that of execution). Names are derived
// from the SQL text, so the same text always reuses the same statement. DDL and anything else is sent as is.
import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

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

export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = (sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown => {
        if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as pg.Submittable);
        const values = parameters as unknown[];
        if (!PREPARABLE.test(sqlOrCursor)) return client.query(sqlOrCursor, values);
        return client.query({ name: statementName(sqlOrCursor), text: sqlOrCursor, values });
      };
      return { query: query as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
