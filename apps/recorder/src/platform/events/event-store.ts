// The stored event log: SQL for both dialects. Ids are the order clients see and replay from.
import type { Db } from '../db/database.js';
import type { BusEvent, EventType, Severity } from './event-types.js';

export interface EventQuery {
  /** null: every camera and system events (superuser); otherwise only events of these cameras */
  cameraIds: readonly number[] | null;
  includeSystem: boolean;
  types?: readonly string[];
  afterId?: number;
  limit: number;
}

interface Row {
  id: number;
  type: string;
  camera_id: number | null;
  source: string;
  severity: string | null;
  timestamp: string;
  data: string;
}

const toEvent = (row: Row): BusEvent => ({
  id: row.id,
  type: row.type as EventType,
  camera_id: row.camera_id,
  source: row.source,
  severity: row.severity as Severity | null,
  timestamp: row.timestamp,
  data: JSON.parse(row.data) as Record<string, unknown>,
});

export class EventStore {
  constructor(private readonly db: Db) {}

  async insert(event: Omit<BusEvent, 'id'>): Promise<BusEvent> {
    const row = await this.db
      .insertInto('events')
      .values({
        type: event.type,
        camera_id: event.camera_id,
        source: event.source,
        severity: event.severity,
        timestamp: event.timestamp,
        data: JSON.stringify(event.data),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...event, id: row.id };
  }

  #filtered(query: EventQuery) {
    let select = this.db.selectFrom('events');
    const { cameraIds, includeSystem } = query;
    if (cameraIds !== null) {
      select = select.where((eb) => {
        const ors = [];
        if (cameraIds.length > 0) ors.push(eb('camera_id', 'in', cameraIds));
        if (includeSystem) ors.push(eb('camera_id', 'is', null));
        return ors.length > 0 ? eb.or(ors) : eb.lit(false);
      });
    } else if (!includeSystem) {
      select = select.where('camera_id', 'is not', null);
    }
    if (query.types !== undefined) select = select.where('type', 'in', query.types);
    return select;
  }

  /** Events after `afterId`, oldest first: the replay for a reconnecting client. */
  async after(query: EventQuery & { afterId: number }): Promise<BusEvent[]> {
    const rows = await this.#filtered(query)
      .selectAll()
      .where('id', '>', query.afterId)
      .orderBy('id', 'asc')
      .limit(query.limit)
      .execute();
    return rows.map(toEvent);
  }

  /** Newest first, with the number of all matches. */
  async latest(query: EventQuery): Promise<{ events: BusEvent[]; total: number }> {
    const filtered = this.#filtered(query);
    const [rows, count] = await Promise.all([
      filtered.selectAll().orderBy('id', 'desc').limit(query.limit).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { events: rows.map(toEvent), total: Number(count.total) };
  }

  async pruneBefore(timestamp: string): Promise<number> {
    const result = await this.db.deleteFrom('events').where('timestamp', '<', timestamp).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
