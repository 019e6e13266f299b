// Reading the event log and opening live streams, scoped to what the caller may see (API.md §9): events of
// cameras they can view, plus system events (no camera) for superusers.
import type { Principal, RequestContext } from '../../platform/auth/principal.js';
import type { IssuedTicket, TicketService } from '../../platform/auth/tickets.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import { EventStream, type ClientFilter, type StreamScope } from './event-stream.js';
import type { EventList, LatestQuery } from './events.schemas.js';

/** "AI incident records": what /events/latest shows unless the caller names types. */
export const INCIDENT_TYPES = ['detection', 'alert.created'] as const;

export interface UserLookup {
  findById(id: number): Promise<{ is_active: boolean; is_superuser: boolean } | undefined>;
}

export type StreamTransport = 'sse' | 'websocket';

export interface StreamRequest {
  cameraId?: number | undefined;
  types?: string[] | undefined;
  /** how the client reads it (counted for the metrics) */
  transport: StreamTransport;
}

export class EventsService {
  readonly #streams = new Map<EventStream, StreamTransport>();

  constructor(
    private readonly bus: EventBus,
    private readonly access: CameraAccess,
    private readonly tickets: TicketService,
    private readonly users: UserLookup,
    readonly heartbeatMs: number,
  ) {}

  async latest(context: RequestContext, query: LatestQuery): Promise<EventList> {
    const { principal } = context;
    const types = query.type === undefined ? [...INCIDENT_TYPES] : splitTypes(query.type);
    if (query.camera_id !== undefined) {
      await this.access.require(principal, query.camera_id, 'view');
      return this.bus.latest({
        cameraIds: [query.camera_id],
        includeSystem: false,
        types,
        limit: query.limit,
      });
    }
    const scope = await this.scopeOf(principal);
    return this.bus.latest({
      cameraIds: scope.cameraIds === null ? null : [...scope.cameraIds],
      includeSystem: scope.includeSystem,
      types,
      limit: query.limit,
    });
  }

  issueTicket(context: RequestContext): Promise<IssuedTicket> {
    return this.tickets.issue(context.principal.userId, { purpose: 'events' });
  }

  /** A live stream for the caller; a camera they cannot view is 404, like everywhere else. */
  async open(principal: Principal, request: StreamRequest): Promise<EventStream> {
    const filter = await this.filterFor(
      principal,
      request.cameraId ? [request.cameraId] : undefined,
      request.types,
    );
    const stream = new EventStream(
      this.bus,
      await this.scopeOf(principal),
      filter,
      () => this.#currentScope(principal),
      this.heartbeatMs,
    );
    this.#streams.set(stream, request.transport);
    return stream;
  }

  /** Open streams by transport. */
  clientCounts(): Record<StreamTransport, number> {
    const counts = { sse: 0, websocket: 0 };
    for (const transport of this.#streams.values()) counts[transport] += 1;
    return counts;
  }

  /** Validates a client's camera choice against its rights (404 for any camera it cannot view). */
  async filterFor(
    principal: Principal,
    cameraIds: number[] | undefined | null,
    types: string[] | undefined | null,
  ): Promise<ClientFilter> {
    if (cameraIds) for (const id of new Set(cameraIds)) await this.access.require(principal, id, 'view');
    return {
      cameraIds: cameraIds && cameraIds.length > 0 ? new Set(cameraIds) : undefined,
      types: types && types.length > 0 ? new Set(types) : undefined,
    };
  }

  release(stream: EventStream): void {
    stream.close();
    this.#streams.delete(stream);
  }

  /** Ends every open stream (shutdown: the HTTP server cannot close while they are open). */
  closeStreams(): void {
    for (const stream of this.#streams.keys()) stream.close();
    this.#streams.clear();
  }

  /** The scope of a stream's owner as the account is now: null when deactivated, narrower when demoted. */
  async #currentScope(principal: Principal): Promise<StreamScope | null> {
    const user = await this.users.findById(principal.userId);
    if (!user?.is_active) return null;
    return this.scopeOf({ ...principal, isSuperuser: user.is_superuser });
  }

  async scopeOf(principal: Principal): Promise<StreamScope> {
    if (principal.isSuperuser) return { cameraIds: null, includeSystem: true };
    return { cameraIds: new Set(await this.access.visibleIds(principal)), includeSystem: false };
  }
}

export const splitTypes = (text: string): string[] => [...new Set(text.split(','))];
