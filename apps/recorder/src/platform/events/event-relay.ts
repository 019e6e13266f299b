// Several recorders on one PostgreSQL database: the relay feeds this recorder's event subscriptions (SSE and
// WebSocket clients) from the events table in id order, so a client on any node sees every node's events in one
// order, the order a `Last-Event-ID` replay reads. Ids commit in increasing order (EventStore.insertInIdOrder),
// so a cursor never passes an id that is still to come. The relay reads after its cursor whenever a node
// announces an insert on EVENTS_CHANNEL, whenever this node inserted one (kick), after every reconnect of the
// listening connection (notifications sent meanwhile are lost), and every few seconds as a safety net.
import type { Notifications } from '../db/pg-changes.js';
import type { EventStore } from './event-store.js';
import type { BusEvent } from './event-types.js';

export const EVENTS_CHANNEL = 'nvr_events';
/** rows read per query while catching up */
const PAGE = 500;
const SAFETY_NET_MS = 2_000;

export interface RelayLog {
  warn(object: object, message: string): void;
}

export class EventRelay {
  /** the last id delivered; undefined until started */
  #cursor: number | undefined;
  /** the read loop under way, if any */
  #pumping: Promise<void> | undefined;
  /** another read is due (a kick arrived while reading) */
  #due = false;
  #failing = false;
  #closed = false;
  #timer: NodeJS.Timeout | undefined;
  #unlisten: (() => void) | undefined;
  #waiters: { id: number; resolve: () => void }[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly notifications: Notifications,
    /** hands one event, in id order, to the subscriptions */
    private readonly deliver: (event: BusEvent) => void,
    private readonly log: RelayLog,
    private readonly safetyNetMs = SAFETY_NET_MS,
  ) {}

  /** Starts after the newest stored event: earlier ones are for replay. */
  async start(): Promise<void> {
    if (this.#cursor !== undefined || this.#closed) return;
    this.#unlisten = this.notifications.listen(EVENTS_CHANNEL, {
      notified: (payload) => {
        if (this.#cursor === undefined || !(Number(payload) <= this.#cursor)) this.kick();
      },
      listening: () => this.kick(),
    });
    this.#cursor = await this.store.lastId();
    this.#timer = setInterval(() => this.kick(), this.safetyNetMs).unref();
    this.kick();
  }

  /** Reads what is new now (or right after the read under way). */
  kick(): void {
    this.#due = true;
    if (this.#pumping || this.#cursor === undefined || this.#closed) return;
    this.#pumping = this.#pump();
  }

  /** Resolves once the event with this id has been handed to the subscriptions (at once when not started). */
  delivered(id: number): Promise<void> {
    if (this.#cursor === undefined || this.#closed || id <= this.#cursor) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ id, resolve }));
  }

  /** Stops reading; waits for a read under way (the database closes next). */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#unlisten?.();
    for (const waiter of this.#waiters) waiter.resolve();
    this.#waiters = [];
    await this.#pumping;
  }

  async #pump(): Promise<void> {
    try {
      while (this.#due && !this.#closed) {
        this.#due = false;
        await this.#catchUp();
      }
    } finally {
      // No await between the loop's last check and here: a kick that found #pumping set has been seen.
      this.#pumping = undefined;
    }
  }

  async #catchUp(): Promise<void> {
    try {
      for (;;) {
        const page = await this.store.after({
          cameraIds: null,
          includeSystem: true,
          afterId: this.#cursor!,
          limit: PAGE,
        });
        if (this.#closed) return;
        for (const event of page) {
          this.#cursor = event.id;
          this.deliver(event);
        }
        this.#settle();
        if (page.length < PAGE) break;
      }
      if (this.#failing) this.log.warn({}, 'event relay reads again');
      this.#failing = false;
    } catch (error) {
      // The safety net (or the next kick) reads again; one warning per outage.
      if (!this.#failing) this.log.warn({ err: error }, 'event relay could not read new events');
      this.#failing = true;
    }
  }

  #settle(): void {
    const cursor = this.#cursor!;
    this.#waiters = this.#waiters.filter((waiter) => {
      if (waiter.id > cursor) return true;
      waiter.resolve();
      return false;
    });
  }
}
