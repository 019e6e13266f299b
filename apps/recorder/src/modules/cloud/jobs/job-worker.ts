// Runs queued cloud jobs with bounded concurrency. State lives only in the database: a job is claimed with a
// lease (renewed while its provider call runs), finished or re-queued conditionally on that lease, and a lease
// that runs out — a crashed recorder, a lost node — makes the job due again, so it is re-run, never lost.
import { randomUUID } from 'node:crypto';
import type { BusLog } from '../../../platform/events/event-bus.js';
import { KickLoop } from '../../../platform/queue/kick-loop.js';
import type { CloudJobsRepository, JobRow } from './cloud-jobs.repository.js';

/** One attempt of a job; `token` is the lease the attempt must finish under. */
export type RunJob = (job: JobRow, token: string, signal: AbortSignal) => Promise<void>;

export interface JobWorkerOptions {
  concurrency: number;
  leaseMs: number;
  /** look for jobs queued by other nodes at least this often */
  pollMs?: number;
}

export class JobWorker {
  #running = new Map<string, { token: string; abort: AbortController; done: Promise<void> }>();
  #heartbeat: NodeJS.Timeout | undefined;
  readonly #loop = new KickLoop(() => this.#fill());

  constructor(
    private readonly queue: CloudJobsRepository,
    private readonly run: RunJob,
    private readonly options: JobWorkerOptions,
    private readonly onRequeued: (job: JobRow) => void = () => undefined,
    private readonly log: BusLog = console,
  ) {}

  start(): void {
    const every = Math.max(50, Math.floor(this.options.leaseMs / 3));
    this.#heartbeat = setInterval(() => void this.#renew(), every);
    this.#heartbeat.unref();
    this.#loop.start();
  }

  /** Look at the queue now (a job was queued or finished). */
  kick(): void {
    this.#loop.kick();
  }

  /** Aborts the provider call of a job running here (after it was cancelled). */
  abort(jobId: string): void {
    this.#running.get(jobId)?.abort.abort();
  }

  /** Graceful stop: calls in flight are aborted and their jobs go back to the queue for the next start. */
  async stop(): Promise<void> {
    clearInterval(this.#heartbeat);
    await this.#loop.stop();
    const running = [...this.#running.entries()];
    for (const [, entry] of running) entry.abort.abort();
    await Promise.all(running.map(([, entry]) => entry.done));
  }

  get active(): number {
    return this.#running.size;
  }

  async #fill(): Promise<void> {
    try {
      const free = this.options.concurrency - this.#running.size;
      if (free > 0) {
        const now = Date.now();
        const token = randomUUID();
        const jobs = await this.queue.claim(
          free,
          new Date(now).toISOString(),
          new Date(now + this.options.leaseMs).toISOString(),
          token,
        );
        for (const job of jobs) this.#start(job, token);
        if (jobs.length === free) return; // full: the next finished job kicks again
      }
      this.#loop.armUntil(await this.queue.nextDue(), this.options.pollMs ?? 2000, 5);
    } catch (error) {
      this.log.error({ err: error }, 'cloud job claim failed');
      this.#loop.arm(this.options.pollMs ?? 2000);
    }
  }

  #start(job: JobRow, token: string): void {
    const abort = new AbortController();
    const done = this.run(job, token, abort.signal)
      .catch((error: unknown) => this.log.error({ err: error, jobId: job.id }, 'cloud job run failed'))
      .then(async () => {
        if (abort.signal.aborted && this.#loop.stopped) {
          // Shutting down: the job was not finished, hand it back at once instead of waiting for the lease.
          const requeued = await this.queue
            .requeue(job.id, token, new Date().toISOString(), null, true)
            .catch(() => false);
          if (requeued) this.onRequeued(job);
        }
      })
      .finally(() => {
        this.#running.delete(job.id);
        this.kick();
      });
    this.#running.set(job.id, { token, abort, done });
  }

  async #renew(): Promise<void> {
    const byToken = new Map<string, string[]>();
    for (const [id, { token }] of this.#running) byToken.set(token, [...(byToken.get(token) ?? []), id]);
    const until = new Date(Date.now() + this.options.leaseMs).toISOString();
    try {
      for (const [token, ids] of byToken) await this.queue.renew(ids, token, until);
    } catch (error) {
      this.log.warn({ err: error }, 'cloud job lease renewal failed');
    }
  }
}
