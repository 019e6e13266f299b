// The durable job queue. Claiming is one UPDATE over a sub-select of due rows — on PostgreSQL with
// FOR UPDATE SKIP LOCKED, so several workers (and nodes) pull different jobs without waiting on each other; on
// SQLite the single writer serializes it. A claim writes a fresh lease token; every later write of the worker is
// conditional on that token, so a job that was cancelled or taken over meanwhile is never overwritten.
import type { Selectable } from 'kysely';
import type { Db, DialectName } from '../../../platform/db/database.js';
import type { CloudJobsTable } from '../../../platform/db/schema.js';
import type { CloudResultRow } from '../../../platform/db/schema.js';
import type { JobStatus } from './cloud-jobs.schemas.js';

export type JobRow = Selectable<CloudJobsTable>;

export class CloudJobsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  async insert(row: JobRow): Promise<void> {
    await this.db.insertInto('cloud_jobs').values(row).execute();
  }

  find(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('cloud_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(
    userId: number,
    status: JobStatus | undefined,
    skip: number,
    limit: number,
  ): Promise<{ rows: JobRow[]; total: number }> {
    let query = this.db.selectFrom('cloud_jobs').where('user_id', '=', userId);
    if (status) query = query.where('status', '=', status);
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(skip)
      .limit(limit)
      .execute();
    const count = await query
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  }

  /** Takes up to `limit` due jobs: queued ones whose time has come, and running ones whose lease ran out. */
  claim(limit: number, now: string, leaseUntil: string, token: string): Promise<JobRow[]> {
    return this.db
      .updateTable('cloud_jobs')
      .set((eb) => ({
        status: 'running',
        started_at: now,
        locked_until: leaseUntil,
        lease_token: token,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('cloud_jobs')
          .select('id')
          .where((w) =>
            w.or([
              w.and([w('status', '=', 'queued'), w('next_attempt_at', '<=', now)]),
              w.and([w('status', '=', 'running'), w('locked_until', '<', now)]),
            ]),
          )
          .orderBy('next_attempt_at')
          .orderBy('created_at')
          .limit(limit)
          .$if(this.dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
      )
      .returningAll()
      .execute();
  }

  /** Extends the leases this worker holds. */
  async renew(ids: string[], token: string, until: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('cloud_jobs')
      .set({ locked_until: until })
      .where('id', 'in', ids)
      .where('lease_token', '=', token)
      .where('status', '=', 'running')
      .execute();
  }

  /**
   * Stores the result and finishes the job in one transaction, only while this worker still holds the job; a
   * job cancelled or taken over meanwhile keeps no result. False when the job was no longer ours.
   */
  async finish(
    id: string,
    token: string,
    status: 'succeeded' | 'failed',
    result: CloudResultRow | null,
    error: string | null,
    at: string,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('cloud_jobs')
        .set({
          status,
          result_id: result?.id ?? null,
          error_message: error,
          completed_at: at,
          locked_until: null,
          lease_token: null,
          next_attempt_at: null,
        })
        .where('id', '=', id)
        .where('lease_token', '=', token)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      if (result) await tx.insertInto('cloud_results').values(result).execute();
      return true;
    });
  }

  /** Back to the queue (a retryable failure, or a graceful shutdown) while this worker still holds the job. */
  async requeue(
    id: string,
    token: string,
    nextAttemptAt: string,
    error: string | null,
    undoAttempt: boolean,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('cloud_jobs')
      .set((eb) => ({
        status: 'queued',
        next_attempt_at: nextAttemptAt,
        error_message: error,
        locked_until: null,
        lease_token: null,
        attempts: undoAttempt ? eb('attempts', '-', 1) : eb.ref('attempts'),
      }))
      .where('id', '=', id)
      .where('lease_token', '=', token)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Cancels a queued or running job; undefined when it had already finished. */
  async cancel(id: string, at: string): Promise<JobRow | undefined> {
    return this.db
      .updateTable('cloud_jobs')
      .set({
        status: 'cancelled',
        completed_at: at,
        locked_until: null,
        lease_token: null,
        next_attempt_at: null,
      })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .returningAll()
      .executeTakeFirst();
  }

  /** Jobs queued or running. */
  async unfinishedCount(): Promise<number> {
    const row = await this.db
      .selectFrom('cloud_jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** When the next queued job is due or a running lease runs out, if any. */
  async nextDue(): Promise<string | null> {
    const queued = await this.db
      .selectFrom('cloud_jobs')
      .select((eb) => eb.fn.min<string | null>('next_attempt_at').as('next'))
      .where('status', '=', 'queued')
      .executeTakeFirst();
    const running = await this.db
      .selectFrom('cloud_jobs')
      .select((eb) => eb.fn.min<string | null>('locked_until').as('next'))
      .where('status', '=', 'running')
      .executeTakeFirst();
    const times = [queued?.next, running?.next].filter((t): t is string => typeof t === 'string');
    return times.length > 0 ? times.sort()[0]! : null;
  }
}
