// Works through the durable outbox: every pending delivery whose time has come is claimed, attempted once and
// recorded; a retryable failure is rescheduled with exponential backoff until the attempts run out. State lives
// only in the database, so a restart (or another node) picks up exactly where this one stopped.
import type { BusLog } from '../../platform/events/event-bus.js';
import { KickLoop } from '../../platform/queue/kick-loop.js';
import type { AlertActionsRepository, DeliveryRow } from './alert-actions.repository.js';
import type { SendResult } from './senders.js';

/** Waits between attempts: 6 attempts over about 10 minutes (20 s, 40 s, 80 s, 160 s, 320 s). */
export const DEFAULT_RETRY_DELAYS_MS = [20, 40, 80, 160, 320].map((s) => s * 1000);

export type Deliver = (row: DeliveryRow) => Promise<SendResult | { cancelled: string }>;

const BATCH = 20;
const LEASE_MS = 60_000;
/** Look again at least this often, for deliveries queued by another node. */
const POLL_MS = 30_000;

export class DeliveryWorker {
  readonly #loop = new KickLoop(() => this.#run());

  constructor(
    private readonly outbox: AlertActionsRepository,
    private readonly deliver: Deliver,
    private readonly delaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS,
    private readonly log: BusLog = console,
  ) {}

  get maxAttempts(): number {
    return this.delaysMs.length + 1;
  }

  start(): void {
    this.#loop.start();
  }

  /** Look at the outbox now (a delivery was queued). */
  kick(): void {
    this.#loop.kick();
  }

  /** Resolves when no run is in progress (tests, shutdown). */
  idle(): Promise<void> {
    return this.#loop.idle();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  async #run(): Promise<void> {
    try {
      for (;;) {
        const now = new Date();
        const due = await this.outbox.due(now.toISOString(), BATCH);
        if (due.length === 0) break;
        await Promise.all(due.map((row) => this.#attempt(row)));
        if (this.#loop.stopped) return;
      }
      this.#loop.armUntil(await this.outbox.nextDue(), POLL_MS);
    } catch (error) {
      this.log.error({ err: error }, 'alert delivery run failed');
      this.#loop.arm(POLL_MS);
    }
  }

  async #attempt(row: DeliveryRow): Promise<void> {
    const now = Date.now();
    const claimed = await this.outbox.claim(
      row.id,
      new Date(now).toISOString(),
      new Date(now + LEASE_MS).toISOString(),
    );
    if (!claimed) return;
    const result = await this.deliver(row).catch((error: unknown): SendResult => ({
      ok: false,
      statusCode: null,
      error: error instanceof Error ? error.message : 'delivery failed',
      retryable: true,
    }));
    const at = new Date().toISOString();
    if ('cancelled' in result) {
      await this.outbox.cancel(row.id, result.cancelled, at);
      return;
    }
    const attempt = row.attempts + 1;
    const final = result.ok || !result.retryable || attempt >= this.maxAttempts;
    const delay = this.delaysMs[attempt - 1] ?? 0;
    await this.outbox.recordAttempt(row.id, {
      delivered: result.ok,
      final,
      statusCode: result.statusCode,
      error: result.error,
      nextAttemptAt: final ? null : new Date(Date.now() + delay).toISOString(),
      at,
    });
    if (!result.ok) {
      this.log.warn(
        { deliveryId: row.id, alertId: row.alert_id, channel: row.channel, attempt, error: result.error },
        final ? 'alert delivery failed for good' : 'alert delivery failed, will retry',
      );
    }
  }
}
