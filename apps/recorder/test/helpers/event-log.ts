// The recorder's event log as a test sees it: every event of the chosen types, in order, and a way to wait for the
// next one that matches (resolved by the listener itself, no polling).
import type { EventBus } from '../../src/platform/events/event-bus.js';
import type { BusEvent } from '../../src/platform/events/event-types.js';

export class EventLog {
  readonly seen: BusEvent[] = [];
  readonly #waiters = new Set<() => void>();
  readonly #stop: () => void;

  constructor(bus: EventBus, types: readonly string[]) {
    this.#stop = bus.listen((event) => {
      if (!types.includes(event.type)) return;
      this.seen.push(event);
      for (const waiter of [...this.#waiters]) waiter();
    });
  }

  /** The first event matching, among those seen after the first `from` (waits for it). */
  next(
    match: (event: BusEvent) => boolean,
    from = 0,
    what = 'an event',
    timeoutMs = 90_000,
  ): Promise<BusEvent> {
    return new Promise<BusEvent>((resolve, reject) => {
      const check = () => {
        const found = this.seen.slice(from).find(match);
        if (!found) return;
        this.#waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`no ${what} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.#waiters.add(check);
      check();
    });
  }

  /** Waits until `count` events match. */
  async count(match: (event: BusEvent) => boolean, count: number, what: string, timeoutMs = 90_000) {
    let from = 0;
    for (let i = 0; i < count; i++)
      from = this.seen.indexOf(await this.next(match, from, what, timeoutMs)) + 1;
  }

  close(): void {
    this.#stop();
  }
}
