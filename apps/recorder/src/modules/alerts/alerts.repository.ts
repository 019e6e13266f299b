import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { AlertsTable, Database } from '../../platform/db/schema.js';

export type AlertRow = Selectable<AlertsTable>;
export type NewAlertRow = Omit<AlertsTable, 'id'>;

/** Which alerts a caller may touch: null cameraIds = every camera (superuser). */
export interface AlertScope {
  cameraIds: readonly number[] | null;
  includeSystem: boolean;
}

export interface AlertFilter {
  acknowledged?: boolean | undefined;
  severity?: string | undefined;
  sourceName?: string | undefined;
  cameraId?: number | undefined;
  since?: string | undefined;
}

export interface Acknowledger {
  at: string;
  username: string;
  userId: number;
}

const inScope = (scope: AlertScope) => (eb: ExpressionBuilder<Database, 'alerts'>) => {
  if (scope.cameraIds === null) return scope.includeSystem ? eb.lit(true) : eb('camera_id', 'is not', null);
  const ors = [];
  if (scope.cameraIds.length > 0) ors.push(eb('camera_id', 'in', scope.cameraIds));
  if (scope.includeSystem) ors.push(eb('camera_id', 'is', null));
  return ors.length > 0 ? eb.or(ors) : eb.lit(false);
};

const matching = (filter: AlertFilter) => (eb: ExpressionBuilder<Database, 'alerts'>) => {
  const ands = [];
  if (filter.acknowledged !== undefined) ands.push(eb('acknowledged', '=', filter.acknowledged));
  if (filter.severity !== undefined) ands.push(eb('severity', '=', filter.severity));
  if (filter.sourceName !== undefined) ands.push(eb('source_name', '=', filter.sourceName));
  if (filter.cameraId !== undefined) ands.push(eb('camera_id', '=', filter.cameraId));
  if (filter.since !== undefined) ands.push(eb('created_at', '>=', filter.since));
  return eb.and(ands);
};

export class AlertsRepository {
  constructor(private readonly db: Db) {}

  insert(row: NewAlertRow): Promise<AlertRow> {
    return this.db.insertInto('alerts').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Changes what an alert says (never its acknowledgement); the row as it is now, if there is one. */
  update(id: number, changes: Pick<AlertRow, 'title' | 'message' | 'data'>): Promise<AlertRow | undefined> {
    return this.db.updateTable('alerts').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  findById(id: number): Promise<AlertRow | undefined> {
    return this.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** An unacknowledged alert from this source for this camera (system alerts: camera null), if any. */
  async findOpen(cameraId: number | null, sourceName: string): Promise<AlertRow | undefined> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('acknowledged', '=', false)
      .where('source_name', '=', sourceName)
      .where('camera_id', cameraId === null ? 'is' : '=', cameraId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async list(
    scope: AlertScope,
    filter: AlertFilter,
    page: { skip: number; limit: number },
  ): Promise<{ rows: AlertRow[]; total: number }> {
    const query = this.db.selectFrom('alerts').where(inScope(scope)).where(matching(filter));
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').offset(page.skip).limit(page.limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /**
   * Acknowledges exactly these ids, all or none: when any id is unknown or outside the scope nothing changes
   * and the missing ids are returned.
   */
  async acknowledgeIds(
    ids: readonly number[],
    scope: AlertScope,
    by: Acknowledger,
  ): Promise<{ missing: number[]; acknowledged: AlertRow[] }> {
    return this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('alerts')
        .select('id')
        .where('id', 'in', ids)
        .where(inScope(scope))
        .execute();
      const present = new Set(found.map((row) => row.id));
      const missing = ids.filter((id) => !present.has(id));
      if (missing.length > 0) return { missing, acknowledged: [] };
      const acknowledged = await trx
        .updateTable('alerts')
        .set(acknowledgement(by))
        .where('id', 'in', ids)
        .where('acknowledged', '=', false)
        .returningAll()
        .execute();
      return { missing: [], acknowledged };
    });
  }

  /** Every unacknowledged alert in scope that matches the filter. */
  acknowledgeMatching(
    scope: AlertScope,
    filter: AlertFilter,
    by: Acknowledger,
  ): Promise<Pick<AlertRow, 'id' | 'camera_id'>[]> {
    return this.db
      .updateTable('alerts')
      .set(acknowledgement(by))
      .where('acknowledged', '=', false)
      .where(inScope(scope))
      .where(matching(filter))
      .returning(['id', 'camera_id'])
      .execute();
  }
}

const acknowledgement = (by: Acknowledger) => ({
  acknowledged: true,
  acknowledged_at: by.at,
  acknowledged_by: by.username,
  acknowledged_by_id: by.userId,
});
