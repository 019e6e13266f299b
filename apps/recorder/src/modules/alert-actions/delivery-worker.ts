// Works through the durable outbox: every pending delivery whose time has come is claimed, attempted once and
// recorded; a retryable failure is rescheduled with exponential backoff until the attempts run out. State lives
// only in the database, so a restart (or another node) picks up exactly where this one stopped.
import type { BusLog } from '../../platform/events/event-bus.js';
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
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = true;

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
    this.#stopped = false;
    this.kick();
  }

  /** Look at the outbox now (a delivery was queued). */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.#run().finally(() => {
      this.#running = null;
      if (this.#again) {
        this.#again = false;
        this.kick();
      }
    });
  }

  /** Resolves when no run is in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.idle();
  }

  async #run(): Promise<void> {
    try {
      for (;;) {
        const now = new Date();
        const due = await this.outbox.due(now.toISOString(), BATCH);
        if (due.length === 0) break;
        await Promise.all(due.map((row) => this.#attempt(row)));
        if (this.#stopped) return;
      }
      await this.#schedule();
    } catch (error) {
      this.log.error({ err: error }, 'alert delivery run failed');
      this.#arm(POLL_MS);
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

  async #schedule(): Promise<void> {
    const next = await this.outbox.nextDue();
    const wait = next === null ? POLL_MS : Math.min(POLL_MS, Math.max(5, Date.parse(next) - Date.now()));
    this.#arm(wait);
  }

  #arm(ms: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.kick(), ms);
    this.#timer.unref();
  }
}
