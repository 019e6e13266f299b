// The exact result cache both drivers share: the rows of a read query marked `cacheable`, kept per SQL text and
// parameters, and used only while the database has not changed since they were read. "Changed" is a generation
// number the driver moves (`bump`) on every sign of a change — its own writes, another connection's commit — so
// the cache never decides by time. An entry is stored with the generation read *before* its query ran: a change
// that lands while the query runs leaves the entry already outdated.
import { sql } from 'kysely';
import type { Row } from './row-builder.js';

/**
 * Appended to a read query (`query.modifyEnd(cacheable)`) to let the driver answer it from the result of the same
 * statement with the same parameters, as long as nothing has changed the database since. A comment, so the
 * database ignores it.
 */
export const CACHEABLE_MARK = '/* cacheable */';
export const cacheable = sql.raw(CACHEABLE_MARK);

/** Bounds: entries, and rows over all entries (a larger result is not kept). */
const MAX_ENTRIES = 64;
const MAX_ROWS = 10_000;

interface Entry {
  generation: number;
  /** frozen: every hit hands out the same row objects, so none can be changed by a caller */
  rows: Row[];
}

/** A value whose JSON text says exactly what was bound (not a Date or a Buffer). */
const isPlain = (value: unknown) =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

export class ResultCache {
  #generation = 0;
  #entries = new Map<string, Entry>();
  #rows = 0;
  #enabled: boolean;

  constructor(enabled = true) {
    this.#enabled = enabled;
  }

  get generation(): number {
    return this.#generation;
  }

  /** Something may have changed: no entry read before now is used again. */
  bump(): void {
    this.#generation++;
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

  /** The rows of a current entry (in an array of the caller's own), or undefined. */
  get(key: string): Row[] | undefined {
    const hit = this.#entries.get(key);
    if (hit?.generation !== this.#generation) return undefined;
    // most recently used last
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit.rows.slice();
  }

  /** Keeps `rows`, read by a query that started at `generation`, and returns them (frozen) in a fresh array. */
  set(key: string, generation: number, rows: Row[]): Row[] {
    for (const row of rows) Object.freeze(row);
    if (generation !== this.#generation || rows.length > MAX_ROWS / 4) return rows.slice();
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
    this.#entries.set(key, { generation, rows });
    this.#rows += rows.length;
    return rows.slice();
  }
}
