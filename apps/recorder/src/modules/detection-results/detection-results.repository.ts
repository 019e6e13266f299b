import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Db, DialectName } from '../../platform/db/database.js';
import { underLease, type LeaseFence } from '../../platform/db/lease-fence.js';
import type { AiDetectionResultsTable, Database } from '../../platform/db/schema.js';
import { epochMs } from '../../platform/db/time-sql.js';

export type DetectionResultRow = Selectable<AiDetectionResultsTable> & { model_name: string | null };
export type NewDetectionResultRow = Omit<AiDetectionResultsTable, 'id'>;

/** Findings merged into one stretch of activity (see DetectionResultsRepository.activity). */
export interface ActivityRangeRow {
  startMs: number;
  endMs: number;
  /** findings merged into it */
  count: number;
}

export interface DetectionResultFilter {
  modelId?: number | undefined;
  cameraId?: number | undefined;
  task?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  /** null = everything (superuser); else results of these cameras only (no camera-less results) */
  visibleCameraIds: readonly number[] | null;
}

type Eb = ExpressionBuilder<Database & { r: AiDetectionResultsTable }, 'r'>;
/** When the detection happened: executed_at, or when it was stored if the producer did not say. */
const happenedAt = (eb: Eb) => eb.fn.coalesce('r.executed_at', 'r.created_at');

export class DetectionResultsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  async insert(row: NewDetectionResultRow): Promise<DetectionResultRow> {
    const { id } = await this.db
      .insertInto('ai_detection_results')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.findById(id))!;
  }

  /** A live result, stored only while its camera's lease carries the fence it was analysed under. */
  async insertFenced(row: NewDetectionResultRow, fence: LeaseFence): Promise<DetectionResultRow | undefined> {
    const id = await underLease(this.db, this.dialect, row.camera_id!, fence, async (trx) => {
      const inserted = await trx
        .insertInto('ai_detection_results')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
    return id === undefined ? undefined : this.findById(id);
  }

  findById(id: number): Promise<DetectionResultRow | undefined> {
    return this.#select().where('r.id', '=', id).executeTakeFirst();
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('ai_detection_results').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async list(
    filter: DetectionResultFilter,
    page: { skip: number; limit: number },
  ): Promise<{ rows: DetectionResultRow[]; total: number }> {
    const where = (eb: Eb) => {
      const ands = [];
      if (filter.modelId !== undefined) ands.push(eb('r.model_id', '=', filter.modelId));
      if (filter.cameraId !== undefined) ands.push(eb('r.camera_id', '=', filter.cameraId));
      if (filter.task !== undefined) ands.push(eb('r.task', '=', filter.task));
      if (filter.since !== undefined) ands.push(eb(happenedAt(eb), '>=', filter.since));
      if (filter.until !== undefined) ands.push(eb(happenedAt(eb), '<=', filter.until));
      if (filter.visibleCameraIds !== null) {
        ands.push(
          filter.visibleCameraIds.length === 0
            ? eb.lit(false)
            : eb('r.camera_id', 'in', filter.visibleCameraIds),
        );
      }
      return eb.and(ands);
    };
    const [rows, count] = await Promise.all([
      this.#select()
        .where(where)
        .orderBy(happenedAt, 'desc')
        .orderBy('r.id', 'desc')
        .offset(page.skip)
        .limit(page.limit)
        .execute(),
      this.db
        .selectFrom('ai_detection_results as r')
        .where(where)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /**
   * A camera's findings (results that found something: a count above 0, or a label where there is no count) of
   * [fromMs, toMs] as stretches of activity: each finding less than `gapMs` after the one before it joins that
   * one's stretch (gaps and islands, in SQL, so a day of results per second never leaves the database row by
   * row). Oldest first.
   */
  async activity(cameraId: number, fromMs: number, toMs: number, gapMs: number): Promise<ActivityRangeRow[]> {
    const at = sql`coalesce(executed_at, created_at)`;
    const { rows } = await sql<{
      start_ms: number | string;
      end_ms: number | string;
      count: number | string;
    }>`
      WITH found AS (
        SELECT id, ${epochMs(this.dialect, at)} AS at_ms
        FROM ai_detection_results
        WHERE camera_id = ${cameraId}
          AND ${at} >= ${new Date(fromMs).toISOString()} AND ${at} <= ${new Date(toMs).toISOString()}
          AND ("count" > 0 OR ("count" IS NULL AND label IS NOT NULL))
      ),
      ordered AS (
        SELECT id, at_ms, LAG(at_ms) OVER (ORDER BY at_ms, id) AS previous_ms FROM found
      ),
      numbered AS (
        SELECT at_ms,
          SUM(CASE WHEN at_ms - previous_ms < ${gapMs} THEN 0 ELSE 1 END)
            OVER (ORDER BY at_ms, id ROWS UNBOUNDED PRECEDING) AS stretch
        FROM ordered
      )
      SELECT MIN(at_ms) AS start_ms, MAX(at_ms) AS end_ms, COUNT(*) AS count
      FROM numbered GROUP BY stretch ORDER BY MIN(at_ms)
    `.execute(this.db);
    // PostgreSQL answers bigint and count as strings.
    return rows.map((row) => ({
      startMs: Number(row.start_ms),
      endMs: Number(row.end_ms),
      count: Number(row.count),
    }));
  }

  #select() {
    return this.db
      .selectFrom('ai_detection_results as r')
      .leftJoin('ai_models as m', 'm.id', 'r.model_id')
      .selectAll('r')
      .select('m.model_name as model_name');
  }
}
