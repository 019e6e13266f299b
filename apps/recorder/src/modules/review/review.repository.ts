import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { CameraReviewSettingsTable, Database, ReviewItemsTable } from '../../platform/db/schema.js';

export type ReviewItemRow = Selectable<ReviewItemsTable>;
export type ReviewSettingsRow = CameraReviewSettingsTable;
export type NewReviewItem = Omit<ReviewItemRow, 'id'>;

export interface ReviewFilter {
  cameraId?: number | undefined;
  label?: string | undefined;
  zone?: string | undefined;
  /** a person recognised in the item (ASCII letters in either case) */
  name?: string | undefined;
  severity?: string | undefined;
  reviewed?: boolean | undefined;
  /** items overlapping [fromMs, toMs] */
  fromMs?: number | undefined;
  toMs?: number | undefined;
  ids?: readonly number[] | undefined;
  /** null = every camera (superuser) */
  visibleCameraIds: readonly number[] | null;
}

type Eb = ExpressionBuilder<Database, 'review_items'>;

/** `"value"` inside a JSON array of strings, as a LIKE pattern (wildcards escaped). */
function jsonMember(value: string): string {
  return `%${JSON.stringify(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function where(eb: Eb, filter: ReviewFilter): Expression<SqlBool> {
  const ands: Expression<SqlBool>[] = [];
  if (filter.cameraId !== undefined) ands.push(eb('camera_id', '=', filter.cameraId));
  if (filter.label !== undefined)
    ands.push(sql<SqlBool>`${sql.ref('labels')} like ${jsonMember(filter.label.toLowerCase())} escape '\\'`);
  if (filter.zone !== undefined)
    ands.push(sql<SqlBool>`${sql.ref('zones')} like ${jsonMember(filter.zone)} escape '\\'`);
  // lower() on both sides: SQLite's LIKE ignores ASCII case and PostgreSQL's does not; this is the same on both.
  if (filter.name !== undefined)
    ands.push(sql<SqlBool>`lower(${sql.ref('names')}) like lower(${jsonMember(filter.name)}) escape '\\'`);
  if (filter.severity !== undefined) ands.push(eb('severity', '=', filter.severity));
  if (filter.reviewed !== undefined) ands.push(eb('reviewed', '=', filter.reviewed));
  if (filter.toMs !== undefined) ands.push(eb('start_ms', '<=', filter.toMs));
  if (filter.fromMs !== undefined)
    ands.push(eb.or([eb('end_ms', 'is', null), eb('end_ms', '>=', filter.fromMs)]));
  if (filter.ids !== undefined) ands.push(eb('id', 'in', filter.ids));
  if (filter.visibleCameraIds !== null)
    ands.push(
      filter.visibleCameraIds.length === 0 ? eb.lit(false) : eb('camera_id', 'in', filter.visibleCameraIds),
    );
  return eb.and(ands);
}

/** Incidents merged into one stretch of a timeline. */
export interface IncidentRangeRow {
  startMs: number;
  endMs: number;
  /** incidents merged into it */
  count: number;
  /** of them, those that were alerts */
  alerts: number;
}

export class ReviewRepository {
  constructor(private readonly db: Db) {}

  async insert(item: NewReviewItem): Promise<ReviewItemRow> {
    return this.db.insertInto('review_items').values(item).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Partial<NewReviewItem>): Promise<ReviewItemRow | undefined> {
    return this.db
      .updateTable('review_items')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  find(id: number): Promise<ReviewItemRow | undefined> {
    return this.db.selectFrom('review_items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(
    filter: ReviewFilter,
    page: { skip: number; limit: number },
  ): Promise<{ rows: ReviewItemRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('review_items')
        .selectAll()
        .where((eb) => where(eb, filter))
        .orderBy('start_ms', 'desc')
        .orderBy('id', 'desc')
        .offset(page.skip)
        .limit(page.limit)
        .execute(),
      this.db
        .selectFrom('review_items')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where((eb) => where(eb, filter))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Marks the matching items; answers which they were. */
  markReviewed(
    filter: ReviewFilter,
    reviewed: boolean,
    at: string,
  ): Promise<{ id: number; camera_id: number }[]> {
    return this.db
      .updateTable('review_items')
      .set({ reviewed, reviewed_at: reviewed ? at : null, updated_at: at })
      .where((eb) => where(eb, filter))
      .returning(['id', 'camera_id'])
      .execute();
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('review_items').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Items still open (the process stopped before they closed). */
  open(): Promise<ReviewItemRow[]> {
    return this.db.selectFrom('review_items').selectAll().where('end_ms', 'is', null).execute();
  }

  /** Items whose clip is still to be built. */
  pendingClips(cameraId?: number): Promise<ReviewItemRow[]> {
    let query = this.db
      .selectFrom('review_items')
      .selectAll()
      .where('clip_status', '=', 'pending')
      .where('end_ms', 'is not', null);
    if (cameraId !== undefined) query = query.where('camera_id', '=', cameraId);
    return query.execute();
  }

  /** The spans of footage review items keep: [clip_from_ms, clip_to_ms] of each camera's items. */
  keptSpans(): Promise<
    { camera_id: number; clip_from_ms: number; clip_to_ms: number | null; end_ms: number | null }[]
  > {
    return this.db
      .selectFrom('review_items')
      .select(['camera_id', 'clip_from_ms', 'clip_to_ms', 'end_ms'])
      .execute();
  }

  /** Items of the camera that ended before `beforeMs` (past their retention). */
  /** Items that ended before `beforeMs`: of one camera, or of every camera but the ones excluded. */
  /** Ended items of the cameras given whose files are on `nodeId` (or on no node of the cluster any more). */
  endedBefore(
    beforeMs: number,
    limit: number,
    cameras: { only: number } | { except: readonly number[] },
    nodeId: string,
  ): Promise<ReviewItemRow[]> {
    let query = this.db
      .selectFrom('review_items')
      .selectAll()
      .where('end_ms', '<', beforeMs)
      .where((eb) =>
        eb.or([
          eb('node_id', '=', nodeId),
          eb('node_id', 'is', null),
          // The cluster's membership (modules/cluster): only asked here, to find the items no node holds.
          eb('node_id', 'not in', eb.selectFrom('nodes').select('nodes.id')),
        ]),
      );
    if ('only' in cameras) query = query.where('camera_id', '=', cameras.only);
    else if (cameras.except.length > 0) query = query.where('camera_id', 'not in', cameras.except);
    return query.orderBy('end_ms').limit(limit).execute();
  }

  findSettings(cameraId: number): Promise<ReviewSettingsRow | undefined> {
    return this.db
      .selectFrom('camera_review_settings')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .executeTakeFirst();
  }

  allSettings(): Promise<ReviewSettingsRow[]> {
    return this.db.selectFrom('camera_review_settings').selectAll().execute();
  }

  async saveSettings(row: ReviewSettingsRow): Promise<void> {
    const { camera_id: _key, ...values } = row;
    await this.db
      .insertInto('camera_review_settings')
      .values(row)
      .onConflict((conflict) => conflict.column('camera_id').doUpdateSet(values))
      .execute();
  }

  /**
   * The camera's incidents overlapping [fromMs, toMs] merged into ranges for the recordings timeline: each one
   * starting less than `gapMs` after the latest end before it joins that range (gaps and islands, in SQL, so a
   * busy day is a few hundred rows, not one per incident); one still open reaches `openEndMs`. Oldest first.
   */
  async ranges(
    cameraId: number,
    fromMs: number,
    toMs: number,
    gapMs: number,
    openEndMs: number,
  ): Promise<IncidentRangeRow[]> {
    const { rows } = await sql<{
      start_ms: number | string;
      end_ms: number | string;
      count: number | string;
      alerts: number | string;
    }>`
      WITH items AS (
        SELECT id, start_ms, COALESCE(end_ms, cast(${openEndMs} as bigint)) AS end_ms, severity
        FROM review_items
        WHERE camera_id = ${cameraId} AND start_ms <= ${toMs}
          AND (end_ms IS NULL OR end_ms >= ${fromMs})
      ),
      ordered AS (
        SELECT id, start_ms, end_ms, severity,
          MAX(end_ms) OVER (ORDER BY start_ms, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS latest_end
        FROM items
      ),
      numbered AS (
        SELECT start_ms, end_ms, severity,
          SUM(CASE WHEN start_ms - latest_end < ${gapMs} THEN 0 ELSE 1 END)
            OVER (ORDER BY start_ms, id ROWS UNBOUNDED PRECEDING) AS stretch
        FROM ordered
      )
      SELECT MIN(start_ms) AS start_ms, MAX(end_ms) AS end_ms, COUNT(*) AS count,
        SUM(CASE WHEN severity = 'alert' THEN 1 ELSE 0 END) AS alerts
      FROM numbered GROUP BY stretch ORDER BY MIN(start_ms)
    `.execute(this.db);
    // PostgreSQL answers bigint and count as strings.
    return rows.map((row) => ({
      startMs: Number(row.start_ms),
      endMs: Number(row.end_ms),
      count: Number(row.count),
      alerts: Number(row.alerts),
    }));
  }
}
