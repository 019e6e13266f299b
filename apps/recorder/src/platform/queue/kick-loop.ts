// The scheduling half of a durable-queue worker (notification outbox, cloud uploads, cloud jobs): one pass at a
// time; kick() runs a pass now, or once more right after the current one when work arrived meanwhile; arm()
// schedules the next look (rows due later, or rows queued by another node). The queue itself lives in the
// database, so none of this state needs to survive a restart.
export class KickLoop {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = true;

  constructor(private readonly pass: () => Promise<void>) {}

  get stopped(): boolean {
    return this.#stopped;
  }

  start(): void {
    this.#stopped = false;
    this.kick();
  }

  /** Look at the queue now (something was queued or finished). */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.pass().finally(() => {
      this.#running = null;
      if (this.#again) {
        this.#again = false;
        this.kick();
      }
    });
  }

  /** Looks again in `ms`, replacing an earlier timer. */
  arm(ms: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.kick(), ms);
    this.#timer.unref();
  }

  /** Looks again when the next row is due (`nextDue`, ISO time, null for none), at the latest after `pollMs`. */
  armUntil(nextDue: string | null, pollMs: number, slackMs = 0): void {
    const wait =
      nextDue === null ? pollMs : Math.min(pollMs, Math.max(5, Date.parse(nextDue) - Date.now() + slackMs));
    this.arm(wait);
  }

  /** Resolves when no pass is in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.idle();
  }
}
