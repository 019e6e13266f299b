import { sql } from 'kysely';
import type { Db, DialectName } from '../../platform/db/database.js';
import type { CameraMotionTable } from '../../platform/db/schema.js';
import { epochMs } from '../../platform/db/time-sql.js';

export type MotionRow = CameraMotionTable;

/** Motions merged into one stretch (see MotionRepository.ranges). */
export interface MotionRangeRow {
  startMs: number;
  endMs: number;
  /** motions merged into it */
  count: number;
}

/**
 * A camera's motion settings, and its past motions as the event log keeps them (`motion.start` / `motion.end`,
 * written by events.reactions.ts and pruned with the log).
 */
export class MotionRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  find(cameraId: number): Promise<MotionRow | undefined> {
    return this.db
      .selectFrom('camera_motion')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .executeTakeFirst();
  }

  /** The cameras with motion detection switched on. */
  async enabledCameraIds(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('camera_motion')
      .select('camera_id')
      .where('enabled', '=', true)
      .execute();
    return rows.map((row) => row.camera_id);
  }

  async save(row: MotionRow): Promise<void> {
    const { camera_id: _key, ...values } = row;
    await this.db
      .insertInto('camera_motion')
      .values(row)
      .onConflict((conflict) => conflict.column('camera_id').doUpdateSet(values))
      .execute();
  }

  /**
   * The camera's motions overlapping [fromMs, toMs] as stretches: each motion runs from its `motion.start` to the
   * `motion.end` after it; one still going (no end yet, or its end after the range) runs to `openEndMs`; a start
   * followed by another start (a recorder stopped mid-motion) is an instant. A motion starting less than `gapMs`
   * after the latest end before it joins that stretch (gaps and islands, in SQL). Oldest first.
   */
  async ranges(
    cameraId: number,
    fromMs: number,
    toMs: number,
    gapMs: number,
    openEndMs: number,
  ): Promise<MotionRangeRow[]> {
    const fromIso = new Date(fromMs).toISOString();
    // A motion that began before the range and goes on into it: read from its start.
    const before = await this.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('timestamp').as('at'))
      .where('camera_id', '=', cameraId)
      .where('type', '=', 'motion.start')
      .where('timestamp', '<', fromIso)
      .executeTakeFirst();
    const readFrom = before?.at ?? fromIso;
    const ms = (column: string) => epochMs(this.dialect, sql.ref(column));
    const { rows } = await sql<{
      start_ms: number | string;
      end_ms: number | string;
      count: number | string;
    }>`
      WITH marks AS (
        SELECT id, "type", "timestamp",
          LEAD("type") OVER (ORDER BY "timestamp", id) AS next_type,
          LEAD("timestamp") OVER (ORDER BY "timestamp", id) AS next_timestamp
        FROM events
        WHERE camera_id = ${cameraId} AND "type" IN ('motion.start', 'motion.end')
          AND "timestamp" >= ${readFrom} AND "timestamp" <= ${new Date(toMs).toISOString()}
      ),
      motions AS (
        SELECT id, ${ms('timestamp')} AS start_ms,
          CASE
            WHEN next_type = 'motion.end' THEN ${ms('next_timestamp')}
            WHEN next_type IS NULL THEN cast(${openEndMs} as bigint)
            ELSE ${ms('timestamp')}
          END AS end_ms
        FROM marks WHERE "type" = 'motion.start'
      ),
      ordered AS (
        SELECT id, start_ms, end_ms,
          MAX(end_ms) OVER (ORDER BY start_ms, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS latest_end
        FROM motions WHERE end_ms >= ${fromMs}
      ),
      numbered AS (
        SELECT start_ms, end_ms,
          SUM(CASE WHEN start_ms - latest_end < ${gapMs} THEN 0 ELSE 1 END)
            OVER (ORDER BY start_ms, id ROWS UNBOUNDED PRECEDING) AS stretch
        FROM ordered
      )
      SELECT MIN(start_ms) AS start_ms, MAX(end_ms) AS end_ms, COUNT(*) AS count
      FROM numbered GROUP BY stretch ORDER BY MIN(start_ms)
    `.execute(this.db);
    return rows.map((row) => ({
      startMs: Number(row.start_ms),
      endMs: Number(row.end_ms),
      count: Number(row.count),
    }));
  }
}
