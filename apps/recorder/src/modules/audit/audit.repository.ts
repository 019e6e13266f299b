import type { Db } from '../../platform/db/database.js';
import type { AuditLogsTable } from '../../platform/db/schema.js';
import type { AuditLogQuery } from './audit.schemas.js';

export type AuditRow = Omit<AuditLogsTable, 'id'> & { id: number };
export type NewAuditRow = Omit<AuditLogsTable, 'id'>;

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewAuditRow): Promise<void> {
    await this.db.insertInto('audit_logs').values(row).execute();
  }

  async list(filter: AuditLogQuery): Promise<{ rows: AuditRow[]; total: number }> {
    let query = this.db.selectFrom('audit_logs');
    if (filter.action !== undefined) query = query.where('action', '=', filter.action);
    if (filter.entity_type !== undefined) query = query.where('entity_type', '=', filter.entity_type);
    if (filter.entity_id !== undefined) query = query.where('entity_id', '=', filter.entity_id);
    if (filter.user_id !== undefined) query = query.where('user_id', '=', filter.user_id);
    if (filter.since !== undefined)
      query = query.where('timestamp', '>=', new Date(filter.since).toISOString());
    if (filter.until !== undefined)
      query = query.where('timestamp', '<=', new Date(filter.until).toISOString());
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('timestamp', 'desc')
        .orderBy('id', 'desc')
        .offset(filter.skip)
        .limit(filter.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }
}
