// The upload outbox: one row per closed chunk (unique by recording path, so a chunk is queued once), claimed with
// a conditional update on a lease like the notification outbox, kept afterwards as the record of the upload.
import type { Selectable } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import { claimRow, isDue, nextDueAt, pendingCount } from '../../../platform/queue/outbox.js';
import type { CloudUploadsTable } from '../../../platform/db/schema.js';

export type UploadRow = Selectable<CloudUploadsTable>;

export interface UploadStats {
  pending: number;
  uploaded: number;
  failed: number;
  last_error: string | null;
  last_success_at: string | null;
}

export class CloudUploadsRepository {
  constructor(
    private readonly db: Db,
    /** this node: it queues and uploads the chunks on its own disk */
    private readonly nodeId: string,
  ) {}

  async enqueue(
    row: Pick<UploadRow, 'camera_id' | 'recording_path' | 'object_key' | 'size_bytes'>,
    now: string,
  ): Promise<void> {
    await this.db
      .insertInto('cloud_uploads')
      .values({
        ...row,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        locked_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        uploaded_at: null,
        node_id: this.nodeId,
      })
      .onConflict((oc) => oc.column('recording_path').doNothing())
      .execute();
  }

  due(now: string, limit: number): Promise<UploadRow[]> {
    return this.db
      .selectFrom('cloud_uploads')
      .selectAll()
      .where(isDue(now))
      .where('node_id', '=', this.nodeId)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  claim(id: number, now: string, until: string): Promise<boolean> {
    return claimRow(this.db, 'cloud_uploads', id, now, until);
  }

  async succeeded(id: number, at: string): Promise<void> {
    await this.db
      .updateTable('cloud_uploads')
      .set((eb) => ({
        status: 'uploaded',
        attempts: eb('attempts', '+', 1),
        next_attempt_at: null,
        locked_until: null,
        updated_at: at,
        uploaded_at: at,
      }))
      .where('id', '=', id)
      .execute();
  }

  async failed(id: number, error: string, nextAttemptAt: string | null, at: string): Promise<void> {
    await this.db
      .updateTable('cloud_uploads')
      .set((eb) => ({
        status: nextAttemptAt ? 'pending' : 'failed',
        attempts: eb('attempts', '+', 1),
        next_attempt_at: nextAttemptAt,
        locked_until: null,
        last_error: error,
        updated_at: at,
      }))
      .where('id', '=', id)
      .execute();
  }

  /** Gives a claimed row back untouched (cloud recording was switched off meanwhile). */
  async release(id: number): Promise<void> {
    await this.db.updateTable('cloud_uploads').set({ locked_until: null }).where('id', '=', id).execute();
  }

  pendingCount(): Promise<number> {
    return pendingCount(this.db, 'cloud_uploads');
  }

  async nextDue(): Promise<string | null> {
    return nextDueAt(this.db, 'cloud_uploads');
  }

  async stats(): Promise<UploadStats> {
    const counts = await this.db
      .selectFrom('cloud_uploads')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('status')
      .execute();
    const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
    const lastError = await this.db
      .selectFrom('cloud_uploads')
      .select('last_error')
      .where('last_error', 'is not', null)
      .orderBy('updated_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const lastSuccess = await this.db
      .selectFrom('cloud_uploads')
      .select((eb) => eb.fn.max<string | null>('uploaded_at').as('at'))
      .executeTakeFirst();
    return {
      pending: count('pending'),
      uploaded: count('uploaded'),
      failed: count('failed'),
      last_error: lastError?.last_error ?? null,
      last_success_at: lastSuccess?.at ?? null,
    };
  }
}
