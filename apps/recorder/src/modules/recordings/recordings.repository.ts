import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db, DialectName } from '../../platform/db/database.js';
import type { Transaction } from 'kysely';
import { appendLinks } from '../../platform/db/evidence-chain.js';
import { underLease, type LeaseFence } from '../../platform/db/lease-fence.js';
import type { Database, RecordingsTable } from '../../platform/db/schema.js';

export type RecordingRow = Selectable<RecordingsTable>;
export type NewRecordingRow = Omit<Insertable<RecordingsTable>, 'id'>;

/** Why chunks were deleted, as their chain links say: the reason and who (platform/db/evidence-chain.ts). */
export interface DeletionCause {
  reason: 'retention_age' | 'retention_space' | 'user' | 'missing';
  actor: string;
}

/** Chunks merged into one stretch of footage (see RecordingsRepository.spans). */
export interface RecordedSpanRow {
  startMs: number;
  endMs: number;
  chunks: number;
}

/**
 * The index of MP4 chunks, and the small `settings` key/value store the recording settings use. The index is
 * shared by every node of a cluster; what concerns the files on this node's disk (reconcile, retention, the
 * volume check) reads only the rows of `nodeId`.
 */
export class RecordingsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    /** this node: the chunks it indexes are on its disk */
    private readonly nodeId: string,
  ) {}

  /**
   * Idempotent on `path`: indexing the same file twice (e.g. after a crash) keeps one row. The chunk's link
   * (its SHA-256, hex) joins the camera's evidence chain in the same transaction, once.
   */
  async insert(row: NewRecordingRow, sha256: string): Promise<void> {
    await this.db.transaction().execute((trx) => this.#insertLinked(trx, row, sha256));
  }

  /**
   * Indexes a chunk of a live recording only while its camera's lease still carries the recording's fence; false
   * when another node has taken the camera since (the row is refused, and so is its link).
   */
  async insertFenced(row: NewRecordingRow, sha256: string, fence: LeaseFence): Promise<boolean> {
    const written = await underLease(this.db, this.dialect, row.camera_id, fence, async (trx) => {
      await this.#insertLinked(trx, row, sha256);
      return true;
    });
    return written === true;
  }

  async #insertLinked(trx: Transaction<Database>, row: NewRecordingRow, sha256: string): Promise<void> {
    const node = row.node_id ?? this.nodeId;
    const inserted = await trx
      .insertInto('recordings')
      .values({ ...row, node_id: node })
      .onConflict((oc) => oc.column('path').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await appendLinks(trx, this.dialect, [
      {
        camera_id: row.camera_id,
        kind: 'chunk',
        path: row.path,
        start_ms: row.start_ms,
        end_ms: row.end_ms,
        size_bytes: row.size_bytes,
        sha256,
        reason: null,
        actor: 'system',
        node_id: node,
        at_ms: Date.now(),
      },
    ]);
  }

  /** Removes rows and records each removal as a link of its camera's chain, in one transaction. */
  async #deleteLinked(trx: Transaction<Database>, rows: RecordingRow[], why: DeletionCause): Promise<void> {
    if (rows.length === 0) return;
    await trx
      .deleteFrom('recordings')
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    const hashes = await trx
      .selectFrom('evidence_links')
      .select(['camera_id', 'path', 'sha256'])
      .where('kind', '=', 'chunk')
      .where(
        'path',
        'in',
        rows.map((row) => row.path),
      )
      .execute();
    const hashOf = new Map(hashes.map((link) => [`${link.camera_id}/${link.path}`, link.sha256]));
    await appendLinks(
      trx,
      this.dialect,
      rows.map((row) => ({
        camera_id: row.camera_id,
        kind: 'deleted' as const,
        path: row.path,
        start_ms: row.start_ms,
        end_ms: row.end_ms,
        size_bytes: row.size_bytes,
        // a chunk indexed before the chain existed has no hash to repeat
        sha256: hashOf.get(`${row.camera_id}/${row.path}`) ?? '',
        reason: why.reason,
        actor: why.actor,
        node_id: row.node_id,
        at_ms: Date.now(),
      })),
    );
  }

  /** Chunks that overlap [startMs, endMs], oldest first. */
  overlapping(cameraId: number, startMs: number, endMs: number): Promise<RecordingRow[]> {
    return this.db
      .selectFrom('recordings')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .where('start_ms', '<=', endMs)
      .where('end_ms', '>=', startMs)
      .orderBy('start_ms')
      .execute();
  }

  /**
   * The recorded spans of [startMs, endMs]: chunks that overlap it, with every chunk that starts less than `gapMs`
   * after the latest end before it merged into one span (gaps and islands, in SQL so that a week of chunks never
   * leaves the database one by one). Oldest first.
   */
  async spans(cameraId: number, startMs: number, endMs: number, gapMs: number): Promise<RecordedSpanRow[]> {
    // `latest_end` is the latest end of all earlier chunks (not just the previous one), so a chunk that lies
    // inside a longer one never opens a span. The first chunk has none: NULL compares as not merged.
    const { rows } = await sql<{
      start_ms: number | string;
      end_ms: number | string;
      chunks: number | string;
    }>`
      WITH ordered AS (
        SELECT id, start_ms, end_ms,
          MAX(end_ms) OVER (ORDER BY start_ms, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS latest_end
        FROM recordings
        WHERE camera_id = ${cameraId} AND start_ms <= ${endMs} AND end_ms >= ${startMs}
      ),
      numbered AS (
        SELECT start_ms, end_ms,
          SUM(CASE WHEN start_ms - latest_end < ${gapMs} THEN 0 ELSE 1 END)
            OVER (ORDER BY start_ms, id ROWS UNBOUNDED PRECEDING) AS span
        FROM ordered
      )
      SELECT MIN(start_ms) AS start_ms, MAX(end_ms) AS end_ms, COUNT(*) AS chunks
      FROM numbered GROUP BY span ORDER BY MIN(start_ms)
    `.execute(this.db);
    // PostgreSQL answers bigint and count as strings.
    return rows.map((row) => ({
      startMs: Number(row.start_ms),
      endMs: Number(row.end_ms),
      chunks: Number(row.chunks),
    }));
  }

  find(cameraId: number, id: number): Promise<RecordingRow | undefined> {
    return this.db
      .selectFrom('recordings')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async delete(id: number, why: DeletionCause): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('recordings').selectAll().where('id', '=', id).execute();
      await this.#deleteLinked(trx, rows, why);
    });
  }

  /** Removes this node's rows of these files, each recorded in its camera's chain with the cause. */
  async deleteByPaths(paths: string[], why: DeletionCause): Promise<void> {
    for (let i = 0; i < paths.length; i += 500) {
      await this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('recordings')
          .selectAll()
          .where('node_id', '=', this.nodeId)
          .where('path', 'in', paths.slice(i, i + 500))
          .orderBy('start_ms')
          .execute();
        await this.#deleteLinked(trx, rows, why);
      });
    }
  }

  /** The files this node's rows point at. */
  async allPaths(): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('recordings')
      .select('path')
      .where('node_id', '=', this.nodeId)
      .execute();
    return new Set(rows.map((row) => row.path));
  }

  /** The bytes of every chunk on this node's disk together (what the recordings take on their volume). */
  async totalBytes(): Promise<number> {
    const row = await this.db
      .selectFrom('recordings')
      .select((eb) => eb.fn.sum<number | string | null>('size_bytes').as('total'))
      .where('node_id', '=', this.nodeId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** Paths of the newest chunks on this node's disk, of all cameras. */
  async newestPaths(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('recordings')
      .select('path')
      .where('node_id', '=', this.nodeId)
      .orderBy('start_ms', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.path);
  }

  async newestEnd(cameraId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('recordings')
      .select((eb) => eb.fn.max('end_ms').as('end_ms'))
      .where('camera_id', '=', cameraId)
      .executeTakeFirst();
    return row?.end_ms === null || row?.end_ms === undefined ? null : Number(row.end_ms);
  }

  /**
   * Retention: this node's oldest chunks (ending before `before`), after the chunk `after` in (start_ms, id) order
   * when given. Each node deletes only what is on its own disk, so every chunk is deleted once.
   */
  oldest(limit: number, before?: number, after?: { start_ms: number; id: number }): Promise<RecordingRow[]> {
    let query = this.db.selectFrom('recordings').selectAll().where('node_id', '=', this.nodeId);
    if (before !== undefined) query = query.where('end_ms', '<', before);
    if (after !== undefined)
      query = query.where((eb) =>
        eb.or([
          eb('start_ms', '>', after.start_ms),
          eb.and([eb('start_ms', '=', after.start_ms), eb('id', '>', after.id)]),
        ]),
      );
    return query.orderBy('start_ms').orderBy('id').limit(limit).execute();
  }

  async getSetting<T>(key: string): Promise<T | undefined> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async putSetting(key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    const now = new Date().toISOString();
    await this.db
      .insertInto('settings')
      .values({ key, value: text, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now }))
      .execute();
  }
}
