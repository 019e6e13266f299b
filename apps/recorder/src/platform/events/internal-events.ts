// Typed in-process notifications between modules ("camera 4 changed"), distinct from the stored, public event
// log (event-bus.ts). The publishing module emits; each reacting module registers its handlers in its own
// `*.reactions.ts` file and gets back the function that removes them. A handler's failure is logged and never
// reaches the publisher or the other handlers.
// On a cluster (docs/cluster.md) some events also come from other nodes (modules/cluster/change-relay.ts): they
// are emitted here as *relayed*, and so is what their handlers emit at once (before their first await), so that
// handlers can tell a change made here (probe it, send it on) from one that only needs following. Only at once:
// a context that followed every await would also follow the sockets and processes a handler opens, and mark
// later changes made here (an MQTT command on a connection opened then) as relayed.

/** Where the change an event announces was made. */
export interface EventOrigin {
  /** on another node (or in reaction to a change made there): follow it, do not send it on */
  relayed: boolean;
}

export type InternalHandler<T> = (payload: T, origin: EventOrigin) => unknown;

const HERE: EventOrigin = Object.freeze({ relayed: false });
const ELSEWHERE: EventOrigin = Object.freeze({ relayed: true });

export class InternalEvents<M extends object> {
  readonly #handlers = new Map<keyof M, Set<InternalHandler<never>>>();
  /** > 0 while the handlers of a relayed event run (until their first await) */
  #relaying = 0;

  constructor(private readonly onError: (event: string, error: unknown) => void) {}

  /** Registers a handler; returns the function that removes it. */
  on<K extends keyof M>(event: K, handler: InternalHandler<M[K]>): () => void {
    let handlers = this.#handlers.get(event);
    if (!handlers) this.#handlers.set(event, (handlers = new Set()));
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  /** Calls every handler of the event now; promises they return run on, their failures logged. */
  emit<K extends keyof M>(event: K, payload: M[K]): void {
    const origin = this.#origin();
    for (const handler of [...(this.#handlers.get(event) ?? [])]) {
      try {
        const result = (handler as InternalHandler<M[K]>)(payload, origin);
        if (result instanceof Promise) result.catch((error: unknown) => this.onError(String(event), error));
      } catch (error) {
        this.onError(String(event), error);
      }
    }
  }

  /**
   * Calls every handler now, as emit() does (each starts before this returns), and resolves once all of them
   * have ended: for a follower that must know its own followers are done without making them wait for each other.
   * A failure is logged.
   */
  emitAndSettle<K extends keyof M>(event: K, payload: M[K]): Promise<void> {
    const origin = this.#origin();
    const running: Promise<unknown>[] = [];
    for (const handler of [...(this.#handlers.get(event) ?? [])]) {
      try {
        const result = (handler as InternalHandler<M[K]>)(payload, origin);
        if (result instanceof Promise)
          running.push(result.catch((error: unknown) => this.onError(String(event), error)));
      } catch (error) {
        this.onError(String(event), error);
      }
    }
    return Promise.all(running).then(() => undefined);
  }

  /**
   * Calls the handlers one after another, in the order they registered, awaiting each: for changes whose
   * followers must have caught up before the publisher answers (a restored backup, a raised alert's
   * notifications). A failure is logged and the next handler still runs.
   */
  async emitAndWait<K extends keyof M>(event: K, payload: M[K]): Promise<void> {
    const origin = this.#origin();
    for (const handler of [...(this.#handlers.get(event) ?? [])]) {
      try {
        await (handler as InternalHandler<M[K]>)(payload, origin);
      } catch (error) {
        this.onError(String(event), error);
      }
    }
  }

  /** Emits an event another node announced: its handlers, and whatever they emit, see it as relayed. */
  emitRelayed<K extends keyof M>(event: K, payload: M[K]): void {
    this.#relaying += 1;
    try {
      this.emit(event, payload);
    } finally {
      this.#relaying -= 1;
    }
  }

  #origin(): EventOrigin {
    return this.#relaying > 0 ? ELSEWHERE : HERE;
  }

  /** How many handlers an event has (for tests). */
  handlerCount(event: keyof M): number {
    return this.#handlers.get(event)?.size ?? 0;
  }
}
