// The exact result cache both drivers share: the rows of a read query marked `cacheable`, kept per SQL text and
// parameters, and used only while none of the tables the query reads has changed since it was read. "Changed"
// is a logical clock: the driver calls `bump(tables)` on every sign of a change (its own writes, another
// connection's commit), which stamps those tables (or all of them) with the next tick; an entry is stored with
// the tick read *before* its query ran, and is current while no table it reads carries a later stamp. A change
// that lands while the query runs therefore leaves the entry already outdated, and the cache never decides by
// time. Keeping stamps per table lets a recorder that indexes chunks every few seconds keep serving its camera
// listings from the cache.
import { sql } from 'kysely';
import type { Row } from './row-builder.js';

/**
 * Appended to a read query (`query.modifyEnd(cacheable)`) to let the driver answer it from the result of the same
 * statement with the same parameters, as long as nothing it reads has changed since. A comment, so the database
 * ignores it.
 */
export const CACHEABLE_MARK = '/* cacheable */';
export const cacheable = sql.raw(CACHEABLE_MARK);

/** The tables a statement may change: a list, or every table when that cannot be told from its text. */
export type Changes = readonly string[] | 'all';

/**
 * What a read depends on: every identifier in its text (table names among them; the others are never stamped).
 * Reading too many names only costs a lookup each, while missing a table whose name is written unquoted in a raw
 * fragment would serve stale rows, so nothing is filtered out.
 */
export function tablesRead(text: string): readonly string[] {
  return [...new Set(text.toLowerCase().match(/[a-z_][a-z0-9_]*/g))];
}

// `insert [or <conflict>] into X` and `update X` change X alone: no foreign key here cascades on update, and the
// schema has no triggers that write (PostgreSQL's only send NOTIFY). A delete may cascade to other tables and
// `insert or replace` deletes, so both change everything, as does any statement whose target is not found.
const WRITE_TARGET = /\b(?:insert(?:\s+or\s+\w+)?\s+into|update)\s+"?([A-Za-z_][A-Za-z0-9_]*)/gi;
const CHANGES_ALL = /\b(?:delete|replace|truncate|drop|alter|create)\b/i;

/** The tables a write statement (insert, update, delete, a CTE of them) may change. */
export function tablesChanged(text: string): Changes {
  if (CHANGES_ALL.test(text)) return 'all';
  const tables = [...text.matchAll(WRITE_TARGET)].map((match) => match[1]!.toLowerCase());
  return tables.length > 0 ? [...new Set(tables)] : 'all';
}

/**
 * What one connection's open transaction has written, for the driver to stamp again when it ends: a rollback
 * undoes those changes, so rows read (and cached) inside the transaction after a write must not be served.
 */
export class TransactionWrites {
  #tables = new Set<string>();
  #all = false;

  add(changes: Changes): void {
    if (changes === 'all') this.#all = true;
    else for (const table of changes) this.#tables.add(table);
  }

  get changes(): Changes {
    return this.#all ? 'all' : [...this.#tables];
  }

  clear(): void {
    this.#tables.clear();
    this.#all = false;
  }
}

/** Bounds: entries, and rows over all entries (a larger result is not kept). */
const MAX_ENTRIES = 64;
const MAX_ROWS = 10_000;

interface Entry {
  /** the clock when the query started */
  readAt: number;
  reads: readonly string[];
  /** frozen: every hit hands out the same row objects, so none can be changed by a caller */
  rows: Row[];
}

/** A value whose JSON text says exactly what was bound (not a Date or a Buffer). */
const isPlain = (value: unknown) =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

export class ResultCache {
  #clock = 0;
  /** when every table last changed (a change the driver could not attribute) */
  #allChangedAt = 0;
  #changedAt = new Map<string, number>();
  #entries = new Map<string, Entry>();
  #rows = 0;
  #enabled: boolean;

  constructor(enabled = true) {
    this.#enabled = enabled;
  }

  /** The current tick: read it before running a query, and give it to `set`. */
  get clock(): number {
    return this.#clock;
  }

  /** `tables` (default: every table) may have changed: no entry reading them that was read before now is used. */
  bump(tables: Changes = 'all'): void {
    const at = ++this.#clock;
    if (tables === 'all') this.#allChangedAt = at;
    else for (const table of tables) this.#changedAt.set(table, at);
  }

  /** Turns caching on or off (off: while the driver cannot see every change); either way, forgets the past. */
  setEnabled(enabled: boolean): void {
    this.#enabled = enabled;
    this.bump();
  }

  /** The key of a statement and its parameters, or null when it must not be cached. */
  key(sql: string, parameters: readonly unknown[]): string | null {
    if (!this.#enabled) return null;
    const plain = parameters.every(
      (value) => isPlain(value) || (Array.isArray(value) && value.every(isPlain)),
    );
    return plain ? `${sql}\u0000${JSON.stringify(parameters)}` : null;
  }

  #current(readAt: number, reads: readonly string[]): boolean {
    if (this.#allChangedAt > readAt) return false;
    for (const table of reads) if ((this.#changedAt.get(table) ?? 0) > readAt) return false;
    return true;
  }

  /** The rows of a current entry (in an array of the caller's own), or undefined. */
  get(key: string): Row[] | undefined {
    const hit = this.#entries.get(key);
    if (!hit || !this.#current(hit.readAt, hit.reads)) return undefined;
    // most recently used last
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit.rows.slice();
  }

  /**
   * Keeps `rows`, read by a query that started at tick `readAt` and reads `reads` (see `tablesRead`), and returns
   * them (frozen) in a fresh array.
   */
  set(key: string, readAt: number, reads: readonly string[], rows: Row[]): Row[] {
    for (const row of rows) Object.freeze(row);
    if (!this.#current(readAt, reads) || rows.length > MAX_ROWS / 4) return rows.slice();
    const previous = this.#entries.get(key);
    if (previous) {
      this.#entries.delete(key);
      this.#rows -= previous.rows.length;
    }
    while (this.#entries.size >= MAX_ENTRIES || this.#rows + rows.length > MAX_ROWS) {
      const [oldestKey, oldest] = this.#entries.entries().next().value!;
      this.#entries.delete(oldestKey);
      this.#rows -= oldest.rows.length;
    }
    this.#entries.set(key, { readAt, reads, rows });
    this.#rows += rows.length;
    return rows.slice();
  }
}
