// The scheduled integrity check (issue #37, docs/evidence.md): every round re-hashes the last day of each camera's
// footage on this node's disk against its evidence chain, and a chunk altered or missing, or a chain that no longer
// holds, sends 'recording.integrity-failed', which raises the critical alert `recording_integrity` (once while it
// is open). Only the last day: re-reading the whole archive every round would cost more disk reading than the
// recording itself; older footage is checked on demand (GET /recordings/{id}/integrity).
import type { FastifyBaseLogger } from 'fastify';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { RecorderEventBus } from '../recorder-events.js';
import type { RecordingsService } from './recordings.service.js';

/** How often the check runs, and how far back it looks. */
export const INTEGRITY_CHECK_MS = 6 * 3600_000;
export const INTEGRITY_WINDOW_MS = 24 * 3600_000;

export class IntegrityWatch {
  #timer: NodeJS.Timeout | undefined;
  #round: Promise<void> = Promise.resolve();

  constructor(
    private readonly cameras: Pick<CamerasService, 'allIds' | 'find'>,
    private readonly recordings: Pick<RecordingsService, 'checkStored'>,
    private readonly events: RecorderEventBus,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = INTEGRITY_CHECK_MS,
  ) {}

  start(): void {
    this.#timer = setInterval(() => void this.check(), this.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#round;
  }

  /** One round (rounds never overlap); resolves when it is done. */
  check(now = Date.now()): Promise<void> {
    this.#round = this.#round
      .then(() => this.#check(now))
      .catch((error: unknown) => this.log.warn({ err: error }, 'integrity check round failed'));
    return this.#round;
  }

  async #check(now: number): Promise<void> {
    for (const cameraId of await this.cameras.allIds()) {
      const report = await this.recordings.checkStored(cameraId, now - INTEGRITY_WINDOW_MS, now);
      const { altered, missing } = report.counts;
      if (altered + missing === 0 && report.chain.ok) continue;
      const camera = await this.cameras.find(cameraId);
      const first = report.chunks.find((chunk) => chunk.status === 'altered' || chunk.status === 'missing');
      this.log.error(
        { cameraId, altered, missing, chain: report.chain.problem },
        'integrity check: stored footage does not match its evidence chain',
      );
      this.events.emit('recording.integrity-failed', {
        cameraId,
        name: camera?.name ?? `camera ${cameraId}`,
        altered,
        missing,
        problem: report.chain.problem,
        first: first ? { status: first.status, start_time: first.start_time } : null,
      });
    }
  }
}
