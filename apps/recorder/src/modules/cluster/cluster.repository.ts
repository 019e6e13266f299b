import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db, DialectName } from '../../platform/db/database.js';
import type { NodesTable } from '../../platform/db/schema.js';

export type NodeRow = Selectable<NodesTable>;

/** A lease this node holds: the camera and the fencing token its pipelines' writes carry. */
export interface HeldLease {
  cameraId: number;
  fence: number;
}

export interface NodeWithLoad extends NodeRow {
  /** the cameras whose lease it holds (expired ones included until another node takes them) */
  camera_ids: number[];
}

/**
 * Nodes and camera leases. Every time is on the database's clock, so nodes whose clocks disagree still agree on
 * who holds what. A lease row is never deleted while its camera exists: its fence only goes up, so a token from
 * an earlier holder can never match again.
 */
export class ClusterRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  /** The database's clock, unix ms, as an SQL expression. */
  #now(): RawBuilder<number> {
    return this.dialect === 'postgres'
      ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
      : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
  }

  /**
   * Registers (or re-registers) a node and beats once. The first node ever to register adopts the chunks recorded
   * before clustering (node_id null), their queued uploads and the review items' files: they are on its disk. A node keeps its state across restarts (a drained
   * node stays drained until it is resumed).
   */
  async register(node: Omit<NodeRow, 'heartbeat_ms' | 'state'>): Promise<NodeRow> {
    return this.db.transaction().execute(async (trx) => {
      const others = await trx
        .selectFrom('nodes')
        .select('id')
        .where('id', '!=', node.id)
        .limit(1)
        .executeTakeFirst();
      const row = await trx
        .insertInto('nodes')
        .values({ ...node, state: 'active', heartbeat_ms: this.#now() })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            name: node.name,
            url: node.url,
            version: node.version,
            capacity: node.capacity,
            started_at: node.started_at,
            heartbeat_ms: this.#now(),
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      if (!others) {
        await trx.updateTable('recordings').set({ node_id: node.id }).where('node_id', 'is', null).execute();
        await trx
          .updateTable('cloud_uploads')
          .set({ node_id: node.id })
          .where('node_id', 'is', null)
          .execute();
        await trx
          .updateTable('review_items')
          .set({ node_id: node.id })
          .where('node_id', 'is', null)
          .execute();
      }
      return toNode(row);
    });
  }

  /** The secrets check the first node stored, or (first node) the one given, stored now. */
  async secretsCheck(mine: { master_key_check: string; jwt_secret_check: string }) {
    await this.db
      .insertInto('cluster_secrets')
      .values({ id: 1, ...mine })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return this.db
      .selectFrom('cluster_secrets')
      .select(['master_key_check', 'jwt_secret_check'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
  }

  /** The node's heartbeat; undefined when its row is gone (removed while it ran). */
  async beat(nodeId: string): Promise<NodeRow | undefined> {
    const row = await this.db
      .updateTable('nodes')
      .set({ heartbeat_ms: this.#now() })
      .where('id', '=', nodeId)
      .returningAll()
      .executeTakeFirst();
    return row && toNode(row);
  }

  async setState(nodeId: string, state: NodeRow['state']): Promise<NodeRow | undefined> {
    const row = await this.db
      .updateTable('nodes')
      .set({ state })
      .where('id', '=', nodeId)
      .returningAll()
      .executeTakeFirst();
    return row && toNode(row);
  }

  async remove(nodeId: string): Promise<void> {
    await this.db.deleteFrom('nodes').where('id', '=', nodeId).execute();
  }

  async findNode(nodeId: string): Promise<NodeRow | undefined> {
    const row = await this.db.selectFrom('nodes').selectAll().where('id', '=', nodeId).executeTakeFirst();
    return row && toNode(row);
  }

  /**
   * Every node with the cameras it holds, and the database's clock to judge heartbeats by. A lease given back
   * (a drain) or run out (a dead node) stays as a row until another node takes it: it is held by nobody.
   */
  async nodes(): Promise<{ nodes: NodeWithLoad[]; nowMs: number }> {
    const [rows, leases, now] = await Promise.all([
      this.db.selectFrom('nodes').selectAll().orderBy('started_at').orderBy('id').execute(),
      this.db
        .selectFrom('camera_leases')
        .innerJoin('cameras', 'cameras.id', 'camera_leases.camera_id')
        .select(['camera_leases.camera_id', 'camera_leases.node_id'])
        .where('cameras.deleted_at', 'is', null)
        .where('camera_leases.expires_ms', '>', this.#now())
        .orderBy('camera_leases.camera_id')
        .execute(),
      this.clock(),
    ]);
    return {
      nowMs: now,
      nodes: rows.map((row) => ({
        ...toNode(row),
        camera_ids: leases.filter((l) => l.node_id === row.id).map((l) => l.camera_id),
      })),
    };
  }

  async clock(): Promise<number> {
    const row = await sql<{ now: number | string }>`select ${this.#now()} as now`.execute(this.db);
    return Number(row.rows[0]!.now);
  }

  /** Nodes that beat within `ttlMs` and take cameras: their capacities share the cameras out. */
  async activeCapacity(ttlMs: number): Promise<number> {
    const row = await this.db
      .selectFrom('nodes')
      .select((eb) => eb.fn.sum<number | string | null>('capacity').as('total'))
      .where('state', '=', 'active')
      .where('heartbeat_ms', '>', sql<number>`${this.#now()} - ${ttlMs}`)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** Cameras that need a node (every camera not in the bin). */
  async cameraCount(): Promise<number> {
    const row = await this.db
      .selectFrom('cameras')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /**
   * Extends every lease the node holds on a camera outside the bin; what comes back is what it still holds. A
   * binned camera's lease is not renewed: it needs no node, and counting it would keep a camera that does out.
   */
  async renew(nodeId: string, ttlMs: number): Promise<HeldLease[]> {
    const rows = await this.db
      .updateTable('camera_leases')
      .set({ expires_ms: sql<number>`${this.#now()} + ${ttlMs}` })
      .where('node_id', '=', nodeId)
      .where('expires_ms', '>', 0)
      .where('camera_id', 'in', (eb) =>
        eb.selectFrom('cameras').select('cameras.id').where('cameras.deleted_at', 'is', null),
      )
      .returning(['camera_id', 'fence'])
      .execute();
    return rows.map(toHeld);
  }

  /** Gives back every lease the node holds on a camera in the bin; answers those cameras. */
  async releaseBinned(nodeId: string): Promise<number[]> {
    const rows = await this.db
      .updateTable('camera_leases')
      .set({ expires_ms: 0 })
      .where('node_id', '=', nodeId)
      .where('expires_ms', '>', 0)
      .where('camera_id', 'in', (eb) =>
        eb.selectFrom('cameras').select('cameras.id').where('cameras.deleted_at', 'is not', null),
      )
      .returning('camera_id')
      .execute();
    return rows.map((row) => row.camera_id);
  }

  /** Of these cameras, those that still exist (a hard delete takes the lease row with the camera). */
  async existingCameras(cameraIds: number[]): Promise<Set<number>> {
    if (cameraIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('cameras').select('id').where('id', 'in', cameraIds).execute();
    return new Set(rows.map((row) => row.id));
  }

  /**
   * After a restart: the leases this node still holds (not expired) are taken again with a new fence, so the
   * process before cannot write with the old one should it still be alive somehow.
   */
  async retake(nodeId: string, ttlMs: number): Promise<HeldLease[]> {
    const rows = await this.db
      .updateTable('camera_leases')
      .set({ fence: sql<number>`fence + 1`, expires_ms: sql<number>`${this.#now()} + ${ttlMs}` })
      .where('node_id', '=', nodeId)
      .where('expires_ms', '>', this.#now())
      .returning(['camera_id', 'fence'])
      .execute();
    return rows.map(toHeld);
  }

  /** Up to `limit` cameras no node holds (no lease, or one that expired), in random order. */
  async unheld(limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('cameras')
      .leftJoin('camera_leases', 'camera_leases.camera_id', 'cameras.id')
      .select('cameras.id')
      .where('cameras.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([eb('camera_leases.camera_id', 'is', null), eb('camera_leases.expires_ms', '<', this.#now())]),
      )
      .orderBy(sql`random()`)
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Takes the camera's lease if no node holds it: a new lease row (fence 1), or an expired one (fence + 1). Two
   * nodes trying at once: the row lock lets exactly one through. Undefined when another node holds it.
   */
  async acquire(cameraId: number, nodeId: string, ttlMs: number): Promise<HeldLease | undefined> {
    const inserted = await this.db
      .insertInto('camera_leases')
      .columns(['camera_id', 'node_id', 'fence', 'expires_ms'])
      .expression((eb) =>
        eb
          .selectFrom('cameras')
          .select([
            'id',
            sql.lit(nodeId).as('node_id'),
            sql.lit(1).as('fence'),
            sql<number>`${this.#now()} + ${ttlMs}`.as('expires_ms'),
          ])
          .where('id', '=', cameraId)
          .where('deleted_at', 'is', null),
      )
      .onConflict((oc) => oc.column('camera_id').doNothing())
      .returning(['camera_id', 'fence'])
      .executeTakeFirst();
    if (inserted) return toHeld(inserted);
    const taken = await this.db
      .updateTable('camera_leases')
      .set({
        node_id: nodeId,
        fence: sql<number>`fence + 1`,
        expires_ms: sql<number>`${this.#now()} + ${ttlMs}`,
      })
      .where('camera_id', '=', cameraId)
      .where('expires_ms', '<', this.#now())
      .returning(['camera_id', 'fence'])
      .executeTakeFirst();
    return taken && toHeld(taken);
  }

  /** Gives a lease back (its pipelines have stopped): expired at once, so any node may take it. */
  async release(cameraId: number, nodeId: string, fence: number): Promise<void> {
    await this.db
      .updateTable('camera_leases')
      .set({ expires_ms: 0 })
      .where('camera_id', '=', cameraId)
      .where('node_id', '=', nodeId)
      .where('fence', '=', fence)
      .execute();
  }

  /** Shares what this node reports of a camera it runs. */
  async saveStatus(cameraId: number, nodeId: string, status: string): Promise<void> {
    const updated_at = new Date().toISOString();
    await this.db
      .insertInto('camera_runtime')
      .columns(['camera_id', 'node_id', 'status', 'updated_at'])
      .expression((eb) =>
        eb
          .selectFrom('cameras')
          .select([
            'id',
            sql.lit(nodeId).as('node_id'),
            sql<string>`${status}`.as('status'),
            sql<string>`${updated_at}`.as('updated_at'),
          ])
          .where('id', '=', cameraId),
      )
      .onConflict((oc) => oc.column('camera_id').doUpdateSet({ node_id: nodeId, status, updated_at }))
      .execute();
  }

  /** The statuses of the cameras other nodes hold now, as those nodes reported them. */
  async statusesElsewhere(nodeId: string): Promise<{ camera_id: number; status: string }[]> {
    return this.db
      .selectFrom('camera_runtime')
      .innerJoin('camera_leases', (join) =>
        join
          .onRef('camera_leases.camera_id', '=', 'camera_runtime.camera_id')
          .onRef('camera_leases.node_id', '=', 'camera_runtime.node_id'),
      )
      .select(['camera_runtime.camera_id', 'camera_runtime.status'])
      .where('camera_runtime.node_id', '!=', nodeId)
      .where('camera_leases.expires_ms', '>', this.#now())
      .execute();
  }

  /** Sends a notification to every node listening on the channel (PostgreSQL; delivered once it commits). */
  async announce(channel: string, payload: string): Promise<void> {
    await sql`select pg_notify(${channel}, ${payload})`.execute(this.db);
  }

  /** Every camera a node holds a live lease on, with that node. */
  async liveHolders(): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('camera_leases')
      .select(['camera_id', 'node_id'])
      .where('expires_ms', '>', this.#now())
      .execute();
    return new Map(rows.map((row) => [row.camera_id, row.node_id]));
  }

  /** Which node holds a camera now (for redirects and messages), with its URL. */
  async holderOf(cameraId: number): Promise<{ node_id: string; name: string; url: string } | undefined> {
    return this.db
      .selectFrom('camera_leases')
      .innerJoin('nodes', 'nodes.id', 'camera_leases.node_id')
      .select(['camera_leases.node_id', 'nodes.name', 'nodes.url'])
      .where('camera_leases.camera_id', '=', cameraId)
      .where('camera_leases.expires_ms', '>', this.#now())
      .executeTakeFirst();
  }
}

const toHeld = (row: { camera_id: number; fence: number | string }): HeldLease => ({
  cameraId: row.camera_id,
  fence: Number(row.fence),
});

/** PostgreSQL answers bigint as a string in some paths; the row type says number. */
const toNode = (row: NodeRow): NodeRow => ({ ...row, heartbeat_ms: Number(row.heartbeat_ms) });
