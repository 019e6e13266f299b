// The in-process event bus: publish() stores the event (so reconnecting clients can replay it) and then fans it
// out — to internal listeners (alert rules) and to bounded subscriptions (SSE and WebSocket clients).
// Publishes are serialized so ids reach subscribers in increasing order, which keeps replay exact.
// On PostgreSQL (several recorders may share the database) subscribers are fed by the relay instead, in the
// database's id order with every node's events (event-relay.ts); internal listeners still get only this
// process's own events, directly, so an alert rule runs once in a cluster.
import type { Notifications } from '../db/pg-changes.js';
import { EVENTS_CHANNEL, EventRelay } from './event-relay.js';
import type { EventQuery, EventStore } from './event-store.js';
import { EVENT_TYPES, SEVERITIES, type BusEvent, type EventInput, type EventType } from './event-types.js';
import { Subscription, type EventFilter } from './subscription.js';

export interface EventBusOptions {
  /** how long stored events are kept (default 7 days) */
  retentionMs?: number;
  /** how often old events are pruned (default hourly) */
  pruneIntervalMs?: number;
  /** events a subscriber may have queued before the oldest are dropped (default 1000) */
  subscriberCapacity?: number;
  /** PostgreSQL: subscribers get every recorder's events through the relay, woken by these notifications */
  notifications?: Notifications | undefined;
}

export interface BusLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export type EventListener = (event: BusEvent) => void | Promise<void>;

const DAY_MS = 24 * 3600 * 1000;
/** events stored in one statement at most (relay) */
const MAX_BATCH = 500;
const KNOWN_TYPES = new Set<string>(EVENT_TYPES);
const KNOWN_SEVERITIES = new Set<string>(SEVERITIES);

/** A publish waiting for its batch (relay). */
interface Queued {
  input: EventInput;
  resolve: (event: BusEvent) => void;
  reject: (error: unknown) => void;
}

/** The row for a valid event; throws for an invalid one. */
function rowOf(input: EventInput): Omit<BusEvent, 'id'> {
  if (!KNOWN_TYPES.has(input.type)) throw new TypeError(`unknown event type "${input.type}"`);
  if (input.severity != null && !KNOWN_SEVERITIES.has(input.severity)) {
    throw new TypeError(`unknown severity "${input.severity}"`);
  }
  const cameraId = input.camera_id ?? null;
  if (cameraId !== null && !Number.isInteger(cameraId)) throw new TypeError('camera_id must be an integer');
  return {
    type: input.type,
    camera_id: cameraId,
    source: input.source,
    severity: input.severity ?? null,
    timestamp: new Date().toISOString(),
    data: input.data ?? {},
  };
}

export class EventBus {
  readonly #subscriptions = new Set<Subscription>();
  readonly #listeners = new Set<EventListener>();
  readonly #background = new Set<Promise<unknown>>();
  #tail: Promise<unknown> = Promise.resolve();
  /** relay: publishes not yet stored */
  readonly #queue: Queued[] = [];
  #pruneTimer: NodeJS.Timeout | undefined;
  readonly #retentionMs: number;
  readonly #pruneIntervalMs: number;
  readonly #capacity: number;
  readonly #relay: EventRelay | undefined;
  /** this process's newest event (relay: idle() waits until the subscribers have it) */
  #lastOwnId = 0;

  constructor(
    private readonly store: EventStore,
    options: EventBusOptions = {},
    private readonly log: BusLog = console,
  ) {
    this.#retentionMs = options.retentionMs ?? 7 * DAY_MS;
    this.#pruneIntervalMs = options.pruneIntervalMs ?? 3600 * 1000;
    this.#capacity = options.subscriberCapacity ?? 1000;
    this.#relay =
      options.notifications &&
      new EventRelay(store, options.notifications, (event) => this.#offer(event), log);
  }

  /** Starts the relay (PostgreSQL) and periodic pruning (and prunes once now). */
  async start(): Promise<void> {
    if (this.#pruneTimer) return;
    this.#track(this.prune());
    this.#pruneTimer = setInterval(() => this.#track(this.prune()), this.#pruneIntervalMs);
    this.#pruneTimer.unref();
    await this.#relay?.start();
  }

  /**
   * Stores and fans out an event. Callers may await it for the stored event (with its id), or fire and forget:
   * a failure is logged here and never becomes an unhandled rejection.
   */
  publish<T extends EventType>(input: EventInput<T>): Promise<BusEvent<T>> {
    let run: Promise<BusEvent<T>>;
    const relay = this.#relay;
    if (relay) {
      const stored = new Promise<BusEvent>((resolve, reject) => this.#queue.push({ input, resolve, reject }));
      this.#tail = this.#tail.then(() => this.#storeQueued(relay));
      // Resolves, as without the relay, once the subscribers have the event; the next publish need not wait.
      run = stored.then(async (event) => {
        await relay.delivered(event.id);
        return event as BusEvent<T>;
      });
    } else {
      run = this.#tail.then(() => this.#publishNow(input));
      this.#tail = run.catch(() => undefined);
    }
    run.catch((error: unknown) => this.log.error({ err: error, type: input.type }, 'event publish failed'));
    return run;
  }

  /** Internal, unbounded listener (alert rules). Returns the unsubscribe function. */
  listen(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A bounded live subscription for one client. */
  subscribe(filter: EventFilter, capacity = this.#capacity): Subscription {
    const subscription = new Subscription(filter, capacity, (s) => this.#subscriptions.delete(s));
    this.#subscriptions.add(subscription);
    return subscription;
  }

  get subscriberCount(): number {
    return this.#subscriptions.size;
  }

  /** Stored events after an id, oldest first. */
  replay(query: EventQuery & { afterId: number }): Promise<BusEvent[]> {
    return this.store.after(query);
  }

  latest(query: EventQuery): Promise<{ events: BusEvent[]; total: number }> {
    return this.store.latest(query);
  }

  async prune(now = Date.now()): Promise<number> {
    try {
      return await this.store.pruneBefore(new Date(now - this.#retentionMs).toISOString());
    } catch (error) {
      this.log.warn({ err: error }, 'pruning old events failed');
      return 0;
    }
  }

  /** Resolves once every publish and listener started so far has finished. */
  async idle(): Promise<void> {
    // Listeners may publish in turn (an alert rule publishes alert.created): wait until nothing moves.
    for (;;) {
      const tail = this.#tail;
      await tail;
      await this.#relay?.delivered(this.#lastOwnId);
      if (this.#background.size === 0 && tail === this.#tail) return;
      await Promise.all([...this.#background]);
    }
  }

  /** Ends every subscription and waits for pending publishes (shutdown). */
  async close(): Promise<void> {
    clearInterval(this.#pruneTimer);
    this.#pruneTimer = undefined;
    for (const subscription of [...this.#subscriptions]) subscription.close();
    await this.#relay?.close();
    await this.idle();
  }

  async #publishNow<T extends EventType>(input: EventInput<T>): Promise<BusEvent<T>> {
    const event = (await this.store.insert(rowOf(input))) as BusEvent<T>;
    this.#offer(event);
    this.#tellListeners(event);
    return event;
  }

  /** Relay: stores what was queued meanwhile in one statement (the database's commits are the bottleneck). */
  async #storeQueued(relay: EventRelay): Promise<void> {
    const batch: { row: Omit<BusEvent, 'id'>; entry: Queued }[] = [];
    for (const entry of this.#queue.splice(0, MAX_BATCH)) {
      try {
        batch.push({ row: rowOf(entry.input), entry });
      } catch (error) {
        entry.reject(error);
      }
    }
    if (batch.length > 0) await this.#storeInIdOrder(batch, relay);
  }

  async #storeInIdOrder(
    batch: { row: Omit<BusEvent, 'id'>; entry: Queued }[],
    relay: EventRelay,
  ): Promise<void> {
    let events: BusEvent[];
    try {
      events = await this.store.insertInIdOrder(
        batch.map(({ row }) => row),
        EVENTS_CHANNEL,
      );
    } catch (error) {
      if (batch.length === 1) return batch[0]!.entry.reject(error);
      // One bad row fails the statement: store them one by one, so that only it fails.
      for (const one of batch) await this.#storeInIdOrder([one], relay);
      return;
    }
    this.#lastOwnId = events.at(-1)!.id;
    relay.kick();
    events.forEach((event, index) => {
      this.#tellListeners(event);
      batch[index]!.entry.resolve(event);
    });
  }

  #tellListeners(event: BusEvent): void {
    for (const listener of this.#listeners) {
      try {
        const result = listener(event);
        if (result instanceof Promise) {
          this.#track(
            result.catch((error: unknown) =>
              this.log.error({ err: error, type: event.type }, 'event listener failed'),
            ),
          );
        }
      } catch (error) {
        this.log.error({ err: error, type: event.type }, 'event listener failed');
      }
    }
  }

  #offer(event: BusEvent): void {
    for (const subscription of this.#subscriptions) subscription.offer(event);
  }

  #track(task: Promise<unknown>): void {
    const tracked = task.finally(() => this.#background.delete(tracked));
    this.#background.add(tracked);
  }
}
