// A camera's runtime status (recording state, online, warning, motion …) lives in the memory of the node that
// runs it. So that every node's API shows it, the node writes what it reports of the cameras it holds to
// `camera_runtime` (a quarter second after a change, one row per camera), and every node reads the rows of the
// cameras other nodes hold every renewal interval. A row counts only while its node still holds the camera's
// lease: a dead node's last word is not shown once its lease has expired.
import type { FastifyBaseLogger } from 'fastify';
import type { CameraRuntimeStatus, CameraStatusService } from '../cameras/camera-status.service.js';
import type { CameraOwnership } from './camera-leases.js';
import type { ClusterRepository } from './cluster.repository.js';

export interface StatusSharingOptions {
  /** how often the other nodes' statuses are read */
  refreshMs: number;
  /** how long a change waits, so that a burst of reports is one write (default 250 ms) */
  flushMs?: number;
}

export class StatusSharing {
  readonly #dirty = new Set<number>();
  #flushTimer: NodeJS.Timeout | undefined;
  #refreshTimer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #unfollow = () => {};

  constructor(
    private readonly repository: Pick<ClusterRepository, 'saveStatus' | 'statusesElsewhere'>,
    private readonly status: CameraStatusService,
    private readonly ownership: Pick<CameraOwnership, 'nodeId' | 'fence'>,
    private readonly log: FastifyBaseLogger,
    private readonly options: StatusSharingOptions,
  ) {}

  async start(): Promise<void> {
    this.#unfollow = this.status.onReport((cameraId) => {
      if (this.ownership.fence(cameraId) === null) return;
      this.#dirty.add(cameraId);
      this.#flushTimer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 250);
    });
    await this.refresh();
    this.#refreshTimer = setInterval(() => void this.refresh(), this.options.refreshMs);
    this.#refreshTimer.unref();
  }

  /** Writes the statuses that changed since the last write. */
  flush(): Promise<void> {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    const cameraIds = [...this.#dirty];
    this.#dirty.clear();
    this.#flushing = this.#flushing.then(async () => {
      for (const cameraId of cameraIds) {
        const reported = this.status.reportedHere(cameraId);
        if (!reported) continue;
        await this.repository
          .saveStatus(cameraId, this.ownership.nodeId, JSON.stringify(reported))
          .catch((error: unknown) =>
            this.log.warn({ err: error, cameraId }, 'could not share a camera status'),
          );
      }
    });
    return this.#flushing;
  }

  /** Reads what the other nodes reported of the cameras they hold. */
  async refresh(): Promise<void> {
    try {
      const rows = await this.repository.statusesElsewhere(this.ownership.nodeId);
      this.status.replaceElsewhere(
        new Map(rows.map((row) => [row.camera_id, JSON.parse(row.status) as Partial<CameraRuntimeStatus>])),
      );
    } catch (error) {
      this.log.warn({ err: error }, 'could not read the other nodes’ camera statuses');
    }
  }

  async stop(): Promise<void> {
    this.#unfollow();
    clearInterval(this.#refreshTimer);
    await this.flush();
  }
}
