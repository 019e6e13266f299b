// The SQL every durable outbox shares (notification deliveries, cloud uploads): rows with `status`,
// `next_attempt_at` and a `locked_until` lease. A row is due when it is pending, its time has come and no live
// worker holds it; a worker claims one row at a time with a conditional update, so two workers (or nodes)
// never attempt the same row.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export type OutboxTable = 'alert_deliveries' | 'cloud_uploads';

const free = (now: string) => sql<boolean>`(locked_until is null or locked_until < ${now})`;

/** A row a worker may attempt now: pending, its time has come, and no live worker holds it. */
export const isDue = (now: string) =>
  sql<boolean>`(status = 'pending' and next_attempt_at <= ${now} and ${free(now)})`;

/** When the next pending row is due (or a lease runs out), if any. */
export async function nextDueAt(db: Db, table: OutboxTable): Promise<string | null> {
  const row = await db
    .selectFrom(table)
    .select(
      sql<
        string | null
      >`min(case when locked_until is not null and locked_until > next_attempt_at then locked_until else next_attempt_at end)`.as(
        'next',
      ),
    )
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.next ?? null;
}

/** Takes the lease on one row; false when another worker got there first. */
/** How many rows are still pending (waiting, or being attempted under a lease): the outbox's depth. */
export async function pendingCount(db: Db, table: OutboxTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function claimRow(
  db: Db,
  table: OutboxTable,
  id: number,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ locked_until: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where(free(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
