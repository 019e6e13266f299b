// One live reader of the bus (an SSE or WebSocket client). The bus only ever appends to a bounded queue, so a
// slow client costs memory up to its capacity and never time of the publisher: when the queue is full the
// oldest event is dropped, and the reader is told how many it missed (`lagged`) before the next event.
import type { BusEvent } from './event-types.js';

export type StreamItem = { kind: 'event'; event: BusEvent } | { kind: 'lagged'; dropped: number };

export type EventFilter = (event: BusEvent) => boolean;

export class Subscription {
  #queue: BusEvent[] = [];
  #head = 0;
  #dropped = 0;
  #wake: (() => void) | null = null;
  #closed = false;

  constructor(
    private filter: EventFilter,
    readonly capacity: number,
    private readonly onClose: (subscription: Subscription) => void,
  ) {}

  get closed(): boolean {
    return this.#closed;
  }

  get pending(): number {
    return this.#queue.length - this.#head;
  }

  setFilter(filter: EventFilter): void {
    this.filter = filter;
  }

  /** Called by the bus for every published event; never blocks. */
  offer(event: BusEvent): void {
    if (this.#closed || !this.filter(event)) return;
    if (this.pending >= this.capacity) {
      this.#head++;
      this.#dropped++;
    }
    this.#queue.push(event);
    // Compact now and then so the array does not grow with everything ever delivered.
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    this.#signal();
  }

  /** The next item; `idle` when nothing arrived within `timeoutMs`; null once closed. */
  async next(timeoutMs: number): Promise<StreamItem | 'idle' | null> {
    let waited = false;
    for (;;) {
      if (this.#closed) return null;
      if (this.#dropped > 0) {
        const dropped = this.#dropped;
        this.#dropped = 0;
        return { kind: 'lagged', dropped };
      }
      if (this.pending > 0) {
        const event = this.#queue[this.#head]!;
        this.#head++;
        if (this.#head === this.#queue.length) {
          this.#queue = [];
          this.#head = 0;
        }
        return { kind: 'event', event };
      }
      if (waited) return 'idle';
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.#wake = null;
          resolve();
        }, timeoutMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      waited = true;
    }
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#queue = [];
    this.#head = 0;
    this.#signal();
    this.onClose(this);
  }

  #signal(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }
}
