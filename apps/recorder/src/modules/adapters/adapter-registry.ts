// The adapters the recorder sends work to (API.md §8): those of ADAPTER_URLS plus those registered through the
// API. Each is polled (/health and the typed card) every poll interval; three failed polls in a row make it
// `unavailable` (no work routed), one good poll makes it `available` again. A changed model fingerprint, model
// version or task list publishes `adapter.model_changed` and writes an audit row. Work for a task goes to the
// available adapter advertising it with the fewest requests in flight (ties: the one used least recently).
import { mkdirSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BusLog, EventBus } from '../../platform/events/event-bus.js';
import type { AuditService } from '../audit/audit.service.js';
import { AdapterCallError, AdapterClient, type FrameInput, type ParsedCard } from './adapter-client.js';
import type { AdapterStatus } from './adapters.schemas.js';

export const FAILURES_BEFORE_UNAVAILABLE = 3;

export interface AdapterEntry {
  readonly name: string;
  readonly url: string;
  readonly source: 'config' | 'api';
  readonly client: AdapterClient;
  status: AdapterStatus;
  consecutiveFailures: number;
  health: Record<string, unknown> | null;
  card: ParsedCard | null;
  lastSeenAt: string | null;
  lastError: string | null;
  inflight: number;
  lastDispatchAt: number;
  /** the adapter reads our frames directory: frames go by frame:// URI, otherwise inline */
  sharesFrames: boolean;
  timer: NodeJS.Timeout | null;
  polling: Promise<void> | null;
  removed: boolean;
}

export interface RegistryOptions {
  framesDir: string;
  pollIntervalMs: number;
  /** per call (polls and /infer) */
  timeoutMs: number;
  /** after a failed poll the next one comes sooner, so a dead adapter is noticed in seconds (default 5 s) */
  recheckMs?: number;
}

const SYSTEM_ACTOR = { userId: null, username: null, ip: null, userAgent: null };
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

const modelKey = (card: ParsedCard | null) =>
  card
    ? JSON.stringify({
        fingerprint: card.model?.fingerprint ?? null,
        version: card.model?.version ?? null,
        tasks: [...card.tasks].sort(),
      })
    : null;

export class AdapterRegistry {
  readonly #entries = new Map<string, AdapterEntry>();
  readonly #framesRoot: string;
  #lastPollAt: string | null = null;
  #started = false;

  constructor(
    private readonly bus: EventBus,
    private readonly audit: AuditService,
    private readonly options: RegistryOptions,
    private readonly log: BusLog = console,
  ) {
    mkdirSync(options.framesDir, { recursive: true });
    this.#framesRoot = realpathSync(options.framesDir);
  }

  get pollIntervalMs(): number {
    return this.options.pollIntervalMs;
  }

  get lastPollAt(): string | null {
    return this.#lastPollAt;
  }

  /** Starts polling every adapter (the first poll runs now). */
  start(): void {
    this.#started = true;
    for (const entry of this.#entries.values()) this.#schedule(entry, 0);
  }

  async stop(): Promise<void> {
    this.#started = false;
    for (const entry of this.#entries.values()) {
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
    }
    await Promise.all([...this.#entries.values()].map((e) => e.polling ?? Promise.resolve()));
  }

  list(): AdapterEntry[] {
    return [...this.#entries.values()];
  }

  get(name: string): AdapterEntry | undefined {
    return this.#entries.get(name);
  }

  /** `token`: sent as `Authorization: Bearer` to an adapter started with ADAPTER_TOKEN. */
  add(name: string, url: string, source: 'config' | 'api', token: string | null = null): AdapterEntry {
    const entry: AdapterEntry = {
      name,
      url,
      source,
      client: new AdapterClient(url, this.options.timeoutMs, token),
      status: 'unknown',
      consecutiveFailures: 0,
      health: null,
      card: null,
      lastSeenAt: null,
      lastError: null,
      inflight: 0,
      lastDispatchAt: 0,
      sharesFrames: false,
      timer: null,
      polling: null,
      removed: false,
    };
    this.#entries.set(name, entry);
    if (this.#started) this.#schedule(entry, 0);
    return entry;
  }

  remove(name: string): void {
    const entry = this.#entries.get(name);
    if (!entry) return;
    entry.removed = true;
    if (entry.timer) clearTimeout(entry.timer);
    this.#entries.delete(name);
  }

  /** Tasks some available adapter serves now. */
  availableTasks(): string[] {
    const tasks = new Set<string>();
    for (const entry of this.#entries.values())
      if (entry.status === 'available') for (const task of entry.card?.tasks ?? []) tasks.add(task);
    return [...tasks].sort();
  }

  /**
   * The adapter to send `task` to: available, advertising the task (and, for the detection loop's detector
   * tasks, carrying the v1.1 detector block), fewest requests in flight, then least recently used.
   */
  pick(task: string, { detector = false } = {}): AdapterEntry | null {
    let best: AdapterEntry | null = null;
    for (const entry of this.#entries.values()) {
      if (entry.status !== 'available' || !entry.card?.tasks.includes(task)) continue;
      if (detector && !entry.card.detector) continue;
      if (
        !best ||
        entry.inflight < best.inflight ||
        (entry.inflight === best.inflight && entry.lastDispatchAt < best.lastDispatchAt)
      )
        best = entry;
    }
    return best;
  }

  /** One /infer call, counted in flight. An adapter that does not answer is re-polled at once. */
  async infer(
    entry: AdapterEntry,
    task: string,
    frame: FrameInput,
    params: Record<string, unknown>,
    cameraId: number | null,
  ): Promise<Record<string, unknown>> {
    entry.inflight += 1;
    entry.lastDispatchAt = performance.now();
    try {
      return await entry.client.infer(task, frame, params, cameraId);
    } catch (error) {
      if (error instanceof AdapterCallError && error.unreachable) {
        entry.lastError = error.message;
        void this.pollNow(entry);
      }
      throw error;
    } finally {
      entry.inflight -= 1;
    }
  }

  /** Polls now unless a poll is already running; the regular schedule continues from there. */
  pollNow(entry: AdapterEntry): Promise<void> {
    if (entry.polling) return entry.polling;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    entry.polling = this.#poll(entry).finally(() => {
      entry.polling = null;
      if (this.#started && !entry.removed)
        this.#schedule(
          entry,
          entry.consecutiveFailures === 0
            ? this.options.pollIntervalMs
            : Math.min(this.options.pollIntervalMs, this.options.recheckMs ?? 5000),
        );
    });
    return entry.polling;
  }

  #schedule(entry: AdapterEntry, delayMs: number): void {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void this.pollNow(entry);
    }, delayMs);
    entry.timer.unref();
  }

  async #poll(entry: AdapterEntry): Promise<void> {
    this.#lastPollAt = new Date().toISOString();
    let health: Record<string, unknown>;
    let card: ParsedCard;
    try {
      [health, card] = await Promise.all([entry.client.health(), entry.client.card()]);
      if (health.status === 'error') throw new AdapterCallError('invalid', 'adapter reports status "error"');
    } catch (error) {
      if (entry.removed) return;
      entry.consecutiveFailures += 1;
      entry.lastError = error instanceof Error ? error.message : String(error);
      if (entry.consecutiveFailures >= FAILURES_BEFORE_UNAVAILABLE && entry.status !== 'unavailable') {
        const wasServing = entry.status === 'available';
        entry.status = 'unavailable';
        // An adapter never reached since start is reported by its status, not announced as a loss.
        if (!wasServing) return;
        this.log.warn({ adapter: entry.name, error: entry.lastError }, 'adapter unavailable');
        void this.bus.publish({
          type: 'adapter.unavailable',
          source: 'orchestrator',
          severity: 'high',
          data: { adapter: entry.name, url: entry.url, error: entry.lastError },
        });
      }
      return;
    }
    if (entry.removed) return;
    const previous = entry.card;
    entry.health = health;
    entry.card = card;
    entry.sharesFrames = this.#sharesFrames(entry.url, card);
    entry.status = 'available';
    entry.consecutiveFailures = 0;
    entry.lastError = null;
    entry.lastSeenAt = new Date().toISOString();
    if (previous && modelKey(previous) !== modelKey(card)) await this.#modelChanged(entry, previous, card);
  }

  async #modelChanged(entry: AdapterEntry, previous: ParsedCard, current: ParsedCard): Promise<void> {
    const describe = (card: ParsedCard) => ({ model: card.model, tasks: card.tasks });
    const details = {
      adapter: entry.name,
      url: entry.url,
      previous: describe(previous),
      current: describe(current),
    };
    this.log.warn(details, 'adapter model changed');
    await Promise.all([
      this.bus.publish({
        type: 'adapter.model_changed',
        source: 'orchestrator',
        severity: 'info',
        data: details,
      }),
      this.audit
        .record(SYSTEM_ACTOR, {
          action: 'adapter.model_changed',
          entityType: 'adapter',
          entityId: entry.name,
          details,
        })
        .catch((error: unknown) => this.log.error({ err: error }, 'audit of a model change failed')),
    ]);
  }

  /** Frames go by URI only to an adapter on this machine that reads this very frames directory. */
  #sharesFrames(url: string, card: ParsedCard): boolean {
    if (!LOOPBACK.test(new URL(url).hostname)) return false;
    return card.hostFilesystem.some((path) => {
      try {
        return realpathSync(resolve(path)) === this.#framesRoot;
      } catch {
        return false;
      }
    });
  }
}
