// The stored event log: SQL for both dialects. Ids are the order clients see and replay from.
import { sql } from 'kysely';
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

/** Held from id assignment to commit by every ordered insert (PostgreSQL), so ids commit in increasing order. */
const ORDER_LOCK = 7_340_022;

const toRow = (event: Omit<BusEvent, 'id'>) => ({
  type: event.type,
  camera_id: event.camera_id,
  source: event.source,
  severity: event.severity,
  timestamp: event.timestamp,
  data: JSON.stringify(event.data),
});

export class EventStore {
  constructor(private readonly db: Db) {}

  async insert(event: Omit<BusEvent, 'id'>): Promise<BusEvent> {
    const row = await this.db
      .insertInto('events')
      .values(toRow(event))
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...event, id: row.id };
  }

  /**
   * PostgreSQL, several recorders: inserts whose ids become visible only after every smaller id did, so a reader
   * that moves a cursor past an id never misses a smaller one committed later (without the lock two writers may
   * draw ids 10 and 11 and commit 11 first). Each id is announced on `channel` (sent at commit). One statement
   * for the whole batch, whatever its size (arrays, so one prepared statement): the lock is taken in the CTE the
   * rows are read from, before any id is drawn, and held until the statement's own transaction has committed;
   * ids follow the order of `events`.
   */
  async insertInIdOrder(events: readonly Omit<BusEvent, 'id'>[], channel: string): Promise<BusEvent[]> {
    const rows = events.map(toRow);
    const column = <K extends keyof ReturnType<typeof toRow>>(key: K) => rows.map((row) => row[key]);
    const { rows: inserted } = await sql<{ id: number }>`
      with ordered as (select pg_advisory_xact_lock(${ORDER_LOCK}))
      insert into events (type, camera_id, source, severity, timestamp, data)
      select e.type, e.camera_id, e.source, e.severity, e.timestamp, e.data
      from ordered, unnest(${column('type')}::varchar[], ${column('camera_id')}::integer[],
        ${column('source')}::varchar[], ${column('severity')}::varchar[], ${column('timestamp')}::varchar[],
        ${column('data')}::text[]) with ordinality as e(type, camera_id, source, severity, timestamp, data, n)
      order by e.n
      returning id, pg_notify(${channel}, id::text)`.execute(this.db);
    const ids = inserted.map((row) => row.id).sort((x, y) => x - y);
    return events.map((event, index) => ({ ...event, id: ids[index]! }));
  }

  /** The newest id (0 when empty). */
  async lastId(): Promise<number> {
    const row = await this.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return row?.id ?? 0;
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
