// One client's view of the bus, shared by the SSE and WebSocket transports: what the caller may see (their
// cameras, plus system events for superusers), what they asked for, a replay of stored events after the id they
// last saw, and then live events — each exactly once — with a heartbeat tick in between.
import type { EventBus } from '../../platform/events/event-bus.js';
import type { BusEvent } from '../../platform/events/event-types.js';
import type { StreamItem, Subscription } from '../../platform/events/subscription.js';

export interface StreamScope {
  /** null: every camera (superuser) */
  cameraIds: ReadonlySet<number> | null;
  includeSystem: boolean;
}

export interface ClientFilter {
  cameraIds?: ReadonlySet<number> | undefined;
  types?: ReadonlySet<string> | undefined;
}

export type StreamOutput = StreamItem | { kind: 'heartbeat' };

const REPLAY_PAGE = 500;

export class EventStream {
  readonly #subscription: Subscription;
  #scope: StreamScope;
  #filter: ClientFilter;
  /** live events up to this id were already sent by the replay */
  #replayedUpTo = 0;

  constructor(
    private readonly bus: EventBus,
    scope: StreamScope,
    filter: ClientFilter,
    /** the caller's current scope; null once they may no longer stream (deactivated) */
    private readonly loadScope: () => Promise<StreamScope | null>,
    private readonly heartbeatMs: number,
  ) {
    this.#scope = scope;
    this.#filter = filter;
    // Subscribe before reading the store, so nothing published during the replay falls between the two.
    this.#subscription = bus.subscribe((event) => this.#accepts(event));
  }

  get closed(): boolean {
    return this.#subscription.closed;
  }

  setFilter(filter: ClientFilter): void {
    this.#filter = filter;
  }

  close(): void {
    this.#subscription.close();
  }

  /** Replayed events (when `afterId` is given), then live events and heartbeats until closed. */
  async *items(afterId: number | undefined): AsyncGenerator<StreamOutput> {
    if (afterId !== undefined) yield* this.#replay(afterId);
    let nextBeat = Date.now() + this.heartbeatMs;
    while (!this.closed) {
      const item = await this.#subscription.next(Math.max(0, nextBeat - Date.now()));
      if (item === null) return;
      if (item !== 'idle') {
        if (item.kind === 'event' && item.event.id <= this.#replayedUpTo) continue;
        yield item;
      }
      if (Date.now() >= nextBeat) {
        nextBeat = Date.now() + this.heartbeatMs;
        yield { kind: 'heartbeat' };
        // Rights change while a stream is open (grants, new cameras, deactivation): pick them up at each beat.
        const scope = await this.loadScope();
        if (scope === null) {
          this.close();
          return;
        }
        this.#scope = scope;
      }
    }
  }

  async *#replay(afterId: number): AsyncGenerator<StreamOutput> {
    let cursor = afterId;
    for (;;) {
      const page = await this.bus.replay({
        cameraIds: this.#scopeIds(),
        includeSystem: this.#scope.includeSystem && this.#filter.cameraIds === undefined,
        ...(this.#filter.types ? { types: [...this.#filter.types] } : {}),
        afterId: cursor,
        limit: REPLAY_PAGE,
      });
      for (const event of page) {
        cursor = event.id;
        this.#replayedUpTo = event.id;
        if (this.closed) return;
        yield { kind: 'event', event };
      }
      if (page.length < REPLAY_PAGE) return;
    }
  }

  #scopeIds(): number[] | null {
    const { cameraIds } = this.#scope;
    const wanted = this.#filter.cameraIds;
    if (wanted === undefined) return cameraIds === null ? null : [...cameraIds];
    return [...wanted].filter((id) => cameraIds === null || cameraIds.has(id));
  }

  #accepts(event: BusEvent): boolean {
    const { types, cameraIds: wanted } = this.#filter;
    if (types !== undefined && !types.has(event.type)) return false;
    if (event.camera_id === null) return this.#scope.includeSystem && wanted === undefined;
    if (wanted !== undefined && !wanted.has(event.camera_id)) return false;
    return this.#scope.cameraIds === null || this.#scope.cameraIds.has(event.camera_id);
  }
}
