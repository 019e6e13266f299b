// Which cameras this node runs. Every camera's pipelines (recording, live view, motion, detection, stream
// targets) run on exactly one node: the one holding the camera's lease in the shared database. A lease lasts
// CLUSTER_LEASE_SECONDS and is renewed four times as often; a node that dies loses its cameras when their leases
// expire, and the others take them. Each change of hands raises the lease's fence, and the writes a camera's
// pipelines make carry the fence they started with, so a node that lost a lease without noticing (paused,
// partitioned) has every such write refused. With one node (SQLite, or one recorder on PostgreSQL) the node
// simply holds every camera.
import type { FastifyBaseLogger } from 'fastify';
import type { LeaseFence } from '../../platform/db/lease-fence.js';
import type { RecorderEventBus } from '../recorder-events.js';
import type { ClusterRepository, HeldLease, NodeRow } from './cluster.repository.js';

/** The token a camera's writes carry: refused once another node has taken the camera. */
export type Fence = LeaseFence;

/** What the pipelines ask before they run a camera, and what their writes carry. */
export interface CameraOwnership {
  readonly nodeId: string;
  /** Whether this node runs the camera; takes a camera no node holds when this node has room for it. */
  claim(cameraId: number): Promise<boolean>;
  /** The fence of a lease this node holds (null: it holds none for the camera). */
  fence(cameraId: number): Fence | null;
}

export interface NodeIdentity {
  id: string;
  name: string;
  url: string;
  version: string;
  capacity: number;
}

/** The node's state as its database row says, or where this process is in its life. */
export type LeaseKeeperState = NodeRow['state'] | 'starting' | 'stopped';

export interface CameraLeasesOptions {
  leaseMs: number;
  /** how often leases are renewed and the cameras shared out again (default a quarter of leaseMs) */
  renewMs?: number;
}

export class CameraLeases implements CameraOwnership {
  readonly #held = new Map<number, number>();
  readonly #releasing = new Set<number>();
  /** cameras another node held when last asked, until when (local ms): claim() does not ask again before */
  readonly #heldElsewhere = new Map<number, number>();
  readonly #claims = new Map<number, Promise<boolean>>();
  #state: LeaseKeeperState = 'starting';
  #timer: NodeJS.Timeout | undefined;
  #round: Promise<void> = Promise.resolve();
  #databaseAway = false;
  /** false once shutdown began: the leases held are kept (their last chunks index under them), none is taken */
  #taking = true;
  readonly #renewMs: number;

  constructor(
    private readonly repository: ClusterRepository,
    private readonly node: NodeIdentity,
    private readonly events: RecorderEventBus,
    private readonly log: FastifyBaseLogger,
    private readonly options: CameraLeasesOptions,
  ) {
    this.#renewMs = options.renewMs ?? Math.max(500, Math.floor(options.leaseMs / 4));
  }

  get nodeId(): string {
    return this.node.id;
  }

  /** How often the leases are renewed (and the cameras shared out). */
  get renewMs(): number {
    return this.#renewMs;
  }

  /** The cameras this node holds now, those it is giving back left out. */
  heldCameras(): number[] {
    return [...this.#held.keys()].filter((id) => !this.#releasing.has(id)).sort((a, b) => a - b);
  }

  /**
   * Registers the node, takes back the leases a previous run of it still holds (with new fences), shares the
   * cameras out once, then keeps renewing. Runs before any pipeline starts.
   */
  async start(): Promise<void> {
    const row = await this.#register();
    this.#state = row.state;
    for (const lease of await this.repository.retake(this.node.id, this.options.leaseMs))
      this.#held.set(lease.cameraId, lease.fence);
    await this.rebalance();
    this.#timer = setInterval(() => void this.rebalance(), this.#renewMs);
    this.#timer.unref();
  }

  /**
   * First thing at shutdown: no further camera is taken (one taken now would start pipelines only to stop them,
   * and keep it from the nodes that stay), while the leases held go on being renewed until stop().
   */
  stopTaking(): void {
    this.#taking = false;
  }

  /** After every pipeline has stopped (their chunks indexed): the leases go back, so others take over at once. */
  async stop(): Promise<void> {
    this.#state = 'stopped';
    clearInterval(this.#timer);
    await this.#round;
    await Promise.all([...this.#claims.values()]);
    for (const [cameraId, fence] of this.#held) {
      await this.repository
        .release(cameraId, this.node.id, fence)
        .catch((error: unknown) =>
          this.log.warn({ err: error, cameraId }, 'could not give a camera lease back'),
        );
    }
    this.#held.clear();
  }

  /** Which node holds a live lease on each camera now (any node). */
  holders(): Promise<Map<number, string>> {
    return this.repository.liveHolders();
  }

  /** Why this node takes no further camera, in words for an alert; null when it has room. */
  async roomRefusal(): Promise<string | null> {
    if (this.#databaseAway) return 'the database cannot be reached, so no lease can be taken';
    if (this.#state !== 'active') return `this recorder node is ${this.#state}`;
    const [target, cameras] = await Promise.all([this.#target(), this.repository.cameraCount()]);
    const held = this.heldCameras().length;
    if (held < target) return null;
    return held >= this.node.capacity
      ? `this recorder node runs as many cameras as its NODE_CAPACITY (${this.node.capacity}) allows`
      : `this recorder node runs its share of the ${cameras} cameras (${held}), and no other node took the camera`;
  }

  fence(cameraId: number): Fence | null {
    const token = this.#held.get(cameraId);
    return token === undefined ? null : { nodeId: this.node.id, token };
  }

  claim(cameraId: number): Promise<boolean> {
    if (this.#held.has(cameraId) && !this.#releasing.has(cameraId)) return Promise.resolve(true);
    if (this.#state !== 'active' || !this.#taking || this.#releasing.has(cameraId))
      return Promise.resolve(false);
    if ((this.#heldElsewhere.get(cameraId) ?? 0) > Date.now()) return Promise.resolve(false);
    let claim = this.#claims.get(cameraId);
    if (!claim) {
      claim = this.#claim(cameraId).finally(() => this.#claims.delete(cameraId));
      this.#claims.set(cameraId, claim);
    }
    return claim;
  }

  async #claim(cameraId: number): Promise<boolean> {
    try {
      // A camera being given back no longer counts: it is on its way out.
      const room = this.heldCameras().length < (await this.#target());
      const lease = room
        ? await this.repository.acquire(cameraId, this.node.id, this.options.leaseMs)
        : undefined;
      if (lease && (this.#state !== 'active' || !this.#taking)) {
        // Stopped or drained while it asked: not this node's to keep (stop() no longer sees it).
        await this.repository.release(cameraId, this.node.id, lease.fence);
        return false;
      }
      if (!lease) {
        // Held by another node: not asked again for a round. (No room here is not remembered: room comes back.)
        if (room) this.#heldElsewhere.set(cameraId, Date.now() + this.#renewMs);
        return false;
      }
      this.#took(lease);
      return true;
    } catch (error) {
      this.log.warn({ err: error, cameraId }, 'could not claim a camera lease');
      return false;
    }
  }

  /** One round: heartbeat, renew, notice lost leases, then take or give back cameras. One at a time. */
  rebalance(): Promise<void> {
    const round = this.#round.then(() => (this.#state === 'stopped' ? undefined : this.#rebalance()));
    this.#round = round.catch((error: unknown) => {
      if (!this.#databaseAway)
        this.log.warn({ err: error }, 'cluster round failed: cameras keep recording on the leases held');
      this.#databaseAway = true;
    });
    return this.#round;
  }

  async #rebalance(): Promise<void> {
    const me = (await this.repository.beat(this.node.id)) ?? (await this.#registerAgainDrained());
    if (this.#state === 'stopped') return;
    this.#state = me.state;
    // Only leases held before the renewal are judged by it: a claim may take one while it runs.
    const before = [...this.#held];
    // Binned cameras need no node: their leases go back, or they would count against the cameras that do.
    const binned = new Set(await this.repository.releaseBinned(this.node.id));
    const renewed = new Map((await this.repository.renew(this.node.id, this.options.leaseMs)).map(toEntry));
    if (this.#databaseAway) this.log.info('cluster round succeeded again');
    this.#databaseAway = false;
    const ended = before.filter(([id, fence]) => renewed.get(id) !== fence && this.#held.get(id) === fence);
    const existing = await this.repository.existingCameras(
      ended.map(([cameraId]) => cameraId).filter((cameraId) => !binned.has(cameraId)),
    );
    for (const [cameraId] of ended) {
      this.#held.delete(cameraId);
      if (binned.has(cameraId))
        this.log.info({ cameraId }, 'camera lease given back: the camera is in the bin');
      else if (!existing.has(cameraId)) this.log.info({ cameraId }, 'camera deleted: its lease went with it');
      else this.log.warn({ cameraId }, 'camera lease lost to another node: its pipelines stop here');
      this.events.emit('camera.ownership-changed', { cameraId, owned: false });
    }
    if (this.#state === 'draining') {
      await Promise.all(this.heldCameras().map((cameraId) => this.#release(cameraId)));
      return;
    }
    const target = await this.#target();
    const held = this.heldCameras();
    if (held.length > target) {
      // One camera per round: moving a camera costs its recording a short gap, so the moves are spread out.
      await this.#release(held.at(-1)!);
      return;
    }
    if (!this.#taking) return;
    for (const cameraId of await this.repository.unheld(target - held.length)) {
      const lease = await this.repository.acquire(cameraId, this.node.id, this.options.leaseMs);
      if (lease) this.#took(lease);
    }
  }

  /** Cameras this node should hold: its capacity's share of every camera, never more than its capacity. */
  async #target(): Promise<number> {
    if (this.#state !== 'active') return 0;
    const [cameras, capacity] = await Promise.all([
      this.repository.cameraCount(),
      this.repository.activeCapacity(this.options.leaseMs),
    ]);
    const share = capacity > 0 ? Math.ceil((cameras * this.node.capacity) / capacity) : cameras;
    return Math.min(this.node.capacity, share);
  }

  #took(lease: HeldLease): void {
    this.#held.set(lease.cameraId, lease.fence);
    this.#heldElsewhere.delete(lease.cameraId);
    this.log.info({ cameraId: lease.cameraId, fence: lease.fence }, 'camera lease taken');
    this.events.emit('camera.ownership-changed', { cameraId: lease.cameraId, owned: true });
  }

  /**
   * A camera went to the bin or was deleted: it needs no node, so its lease goes back now rather than at the next
   * round (until then it would count against the cameras that do need one).
   */
  async giveBack(cameraId: number): Promise<void> {
    await this.#release(cameraId, { toAnotherNode: false });
  }

  /**
   * Stops the camera's pipelines here (their last chunks indexed under the lease), then gives the lease back.
   * Given back for another node to take, it is not claimed again here for a round.
   */
  async #release(cameraId: number, { toAnotherNode = true } = {}): Promise<void> {
    const fence = this.#held.get(cameraId);
    if (fence === undefined || this.#releasing.has(cameraId)) return;
    this.#releasing.add(cameraId);
    try {
      await this.events.emitAndWait('camera.ownership-changed', { cameraId, owned: false });
      await this.repository.release(cameraId, this.node.id, fence);
      this.#held.delete(cameraId);
      if (toAnotherNode) this.#heldElsewhere.set(cameraId, Date.now() + this.#renewMs);
      this.log.info({ cameraId }, 'camera lease given back');
    } finally {
      this.#releasing.delete(cameraId);
    }
  }

  /** The node's row was removed while it ran: it stays in the list, drained, until it is resumed. */
  async #registerAgainDrained(): Promise<NodeRow> {
    this.log.error('this node was removed from the cluster while running: it runs no cameras until resumed');
    await this.#register();
    return (await this.repository.setState(this.node.id, 'draining'))!;
  }

  #register(): Promise<NodeRow> {
    const { id, name, url, version, capacity } = this.node;
    return this.repository.register({
      id,
      name,
      url,
      version,
      capacity,
      started_at: new Date().toISOString(),
    });
  }
}

const toEntry = (lease: HeldLease): [number, number] => [lease.cameraId, lease.fence];
