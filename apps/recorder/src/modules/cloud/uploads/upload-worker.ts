// Works through the upload outbox while cloud recording is on: due rows are claimed (a 5 min lease, longer than
// one upload may take), uploaded with bounded concurrency, and recorded. Failures wait 5 s, doubling up to 10 min,
// for up to 30 attempts (about four hours) before the chunk is marked failed. State lives only in the database,
// so a restart picks up exactly where the last run stopped.
import type { BusLog } from '../../../platform/events/event-bus.js';
import { KickLoop } from '../../../platform/queue/kick-loop.js';
import type { CloudUploadsRepository, UploadRow } from './cloud-uploads.repository.js';
import type { UploadResult } from './s3-uploader.js';

export const DEFAULT_UPLOAD_RETRY_DELAYS_MS = Array.from({ length: 29 }, (_, i) =>
  Math.min(600_000, 5_000 * 2 ** i),
);

/** One attempt; null when cloud recording is off (the row stays pending). */
export type UploadOne = (row: UploadRow) => Promise<UploadResult | null>;

const LEASE_MS = 5 * 60_000;
const POLL_MS = 30_000;

export class UploadWorker {
  readonly #loop = new KickLoop(() => this.#run());

  constructor(
    private readonly outbox: CloudUploadsRepository,
    private readonly uploadOne: UploadOne,
    private readonly isActive: () => Promise<boolean>,
    private readonly concurrency: number,
    private readonly delaysMs: readonly number[] = DEFAULT_UPLOAD_RETRY_DELAYS_MS,
    private readonly log: BusLog = console,
  ) {}

  start(): void {
    this.#loop.start();
  }

  /** Look at the outbox now (a chunk was queued, or cloud recording was switched on). */
  kick(): void {
    this.#loop.kick();
  }

  idle(): Promise<void> {
    return this.#loop.idle();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  async #run(): Promise<void> {
    try {
      if (!(await this.isActive())) return; // switched on again → kick()
      for (;;) {
        const due = await this.outbox.due(new Date().toISOString(), this.concurrency * 4);
        if (due.length === 0) break;
        let next = 0;
        const lane = async () => {
          while (next < due.length && !this.#loop.stopped) await this.#attempt(due[next++]!);
        };
        await Promise.all(Array.from({ length: Math.min(this.concurrency, due.length) }, lane));
        if (this.#loop.stopped) return;
      }
      this.#loop.armUntil(await this.outbox.nextDue(), POLL_MS);
    } catch (error) {
      this.log.error({ err: error }, 'cloud upload run failed');
      this.#loop.arm(POLL_MS);
    }
  }

  async #attempt(row: UploadRow): Promise<void> {
    const now = Date.now();
    if (
      !(await this.outbox.claim(row.id, new Date(now).toISOString(), new Date(now + LEASE_MS).toISOString()))
    )
      return;
    const result = await this.uploadOne(row).catch((error: unknown): UploadResult => ({
      ok: false,
      error: error instanceof Error ? error.message : 'upload failed',
      retryable: true,
    }));
    const at = new Date().toISOString();
    if (result === null) {
      await this.outbox.release(row.id);
      return;
    }
    if (result.ok) {
      await this.outbox.succeeded(row.id, at);
      return;
    }
    const attempt = row.attempts + 1;
    const final = !result.retryable || attempt > this.delaysMs.length;
    const nextAt = final ? null : new Date(Date.now() + this.delaysMs[attempt - 1]!).toISOString();
    await this.outbox.failed(row.id, result.error, nextAt, at);
    this.log.warn(
      { uploadId: row.id, path: row.recording_path, attempt, error: result.error },
      final ? 'cloud upload failed for good' : 'cloud upload failed, will retry',
    );
  }
}
