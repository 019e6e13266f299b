// The SQL of backup and restore. This module reads and writes other modules' tables directly — the one exception
// to "modules talk through services" — because a restore must replace all of them in a single transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db, DialectName } from '../../platform/db/database.js';
import type { BackupSection, Row } from './sections.js';

// Tables are named at run time from the section list.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type AnyTrx = Transaction<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BATCH = 100;
/** upserted by the restore's own steps: accounts and cameras are interleaved (names may swap between ids) */
const PEOPLE_AND_CAMERAS = new Set(['users', 'cameras']);

export class RestoreStepError extends Error {
  constructor(
    readonly section: string,
    readonly reason: unknown,
  ) {
    super(`restoring ${section} failed`);
  }
}

export class BackupRepository {
  readonly #db: AnyDb;

  constructor(
    db: Db,
    private readonly dialect: DialectName,
  ) {
    this.#db = db;
  }

  /** Every section's rows, read in one transaction (a consistent snapshot on PostgreSQL). */
  async exportAll(sections: readonly BackupSection[]): Promise<Record<string, Row[]>> {
    const read = async (db: AnyDb | AnyTrx) => {
      const out: Record<string, Row[]> = {};
      for (const section of sections) {
        let query = db.selectFrom(section.table).selectAll();
        for (const column of section.key) query = query.orderBy(column);
        out[section.name] = await query.execute();
      }
      return out;
    };
    if (this.dialect === 'postgres') {
      return this.#db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute((trx) => read(trx));
    }
    return this.#db.transaction().execute((trx) => read(trx));
  }

  async cameraIds(): Promise<number[]> {
    const rows = await this.#db.selectFrom('cameras').select('id').execute();
    return rows.map((r: { id: number }) => r.id);
  }

  /**
   * Makes the configuration tables equal to `data`, all or nothing. `commit: false` runs every step and rolls
   * back (the dry run proves the backup fits this database without changing it).
   */
  async restore(
    sections: readonly BackupSection[],
    data: Record<string, Row[]>,
    commit: boolean,
  ): Promise<void> {
    const rollback = new Error('dry run');
    try {
      await this.#db.transaction().execute(async (trx) => {
        await this.#restore(trx, sections, data);
        if (!commit) throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
  }

  async #restore(
    trx: AnyTrx,
    sections: readonly BackupSection[],
    data: Record<string, Row[]>,
  ): Promise<void> {
    let step = 'prepare';
    try {
      const replaced = sections.filter((s) => s.mode === 'replace');
      for (const section of [...replaced].reverse()) {
        step = section.name;
        await trx.deleteFrom(section.table).execute();
      }
      const userIds = (data.users ?? []).map((u) => u.id as number);
      const cameraIds = (data.cameras ?? []).map((c) => c.id as number);
      step = 'cameras';
      // Cameras not in the backup go (with their recording index; the files stay on disk).
      await notIn(trx.deleteFrom('cameras'), cameraIds).execute();
      step = 'users';
      // Accounts not in the backup step aside so a backup account may take their name, then go.
      await notIn(trx.updateTable('users').set({ username_key: sql`'~restore~' || id` }), userIds).execute();
      await this.#upsert(trx, 'users', data.users ?? []);
      step = 'cameras';
      await this.#upsert(trx, 'cameras', data.cameras ?? []);
      step = 'users';
      await notIn(trx.deleteFrom('users'), userIds).execute();
      // Other sections kept in place (their children are not configuration): missing rows go, the rest upserts.
      for (const section of sections.filter((s) => s.mode === 'upsert' && !PEOPLE_AND_CAMERAS.has(s.name))) {
        step = section.name;
        const rows = data[section.name] ?? [];
        await notIn(
          trx.deleteFrom(section.table),
          rows.map((row) => row.id as number),
        ).execute();
        await this.#upsert(trx, section.table, rows);
      }
      // Sessions end: after a restore everyone signs in again with the restored passwords.
      await trx.deleteFrom('refresh_tokens').execute();
      for (const section of replaced) {
        step = section.name;
        const rows = data[section.name] ?? [];
        for (let i = 0; i < rows.length; i += BATCH) {
          await trx
            .insertInto(section.table)
            .values(rows.slice(i, i + BATCH))
            .execute();
        }
      }
      if (this.dialect === 'postgres') {
        for (const section of sections.filter((s) => s.serial)) {
          step = section.name;
          await sql`select setval(pg_get_serial_sequence(${section.table}, 'id'), coalesce((select max(id) from ${sql.table(section.table)}), 0) + 1, false)`.execute(
            trx,
          );
        }
      }
    } catch (error) {
      throw new RestoreStepError(step, error);
    }
  }

  async #upsert(trx: AnyTrx, table: string, rows: Row[]): Promise<void> {
    for (const row of rows) {
      const { id: _id, ...rest } = row;
      await trx
        .insertInto(table)
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(rest))
        .execute();
    }
  }
}

/** `WHERE id NOT IN (...)`, where an empty list means every row. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function notIn<Q extends { where: (...args: any[]) => Q }>(query: Q, ids: number[]): Q {
  return ids.length === 0 ? query : query.where('id', 'not in', ids);
}
