// Typed in-process notifications between modules ("camera 4 changed"), distinct from the stored, public event
// log (event-bus.ts). The publishing module emits; each reacting module registers its handlers in its own
// `*.reactions.ts` file and gets back the function that removes them. A handler's failure is logged and never
// reaches the publisher or the other handlers.

export type InternalHandler<T> = (payload: T) => unknown;

export class InternalEvents<M extends object> {
  readonly #handlers = new Map<keyof M, Set<InternalHandler<never>>>();

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
    for (const handler of [...(this.#handlers.get(event) ?? [])]) {
      try {
        const result = (handler as InternalHandler<M[K]>)(payload);
        if (result instanceof Promise) result.catch((error: unknown) => this.onError(String(event), error));
      } catch (error) {
        this.onError(String(event), error);
      }
    }
  }

  /**
   * Calls the handlers one after another, in the order they registered, awaiting each: for changes whose
   * followers must have caught up before the publisher answers (a restored backup, a raised alert's
   * notifications). A failure is logged and the next handler still runs.
   */
  async emitAndWait<K extends keyof M>(event: K, payload: M[K]): Promise<void> {
    for (const handler of [...(this.#handlers.get(event) ?? [])]) {
      try {
        await (handler as InternalHandler<M[K]>)(payload);
      } catch (error) {
        this.onError(String(event), error);
      }
    }
  }

  /** How many handlers an event has (for tests). */
  handlerCount(event: keyof M): number {
    return this.#handlers.get(event)?.size ?? 0;
  }
}
