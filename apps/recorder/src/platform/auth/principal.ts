/** Who is calling: resolved once per request by the authentication hook. */
export interface Principal {
  readonly userId: number;
  readonly username: string;
  readonly isSuperuser: boolean;
  /** Set when the caller authenticated with a URL ticket instead of a bearer token. */
  readonly ticket?: TicketScope;
  /** Set when the caller authenticated with a registered app's API key: the app's id (manifest.id). */
  readonly appId?: string;
}

export type TicketPurpose = 'events' | 'media';

export interface TicketScope {
  readonly purpose: TicketPurpose;
  /** For media tickets: the one camera whose media the ticket opens. */
  readonly cameraId?: number;
}

/** What a service needs to know about the request it serves: the caller and, for the audit log, where from. */
export interface RequestContext {
  readonly principal: Principal;
  readonly ip: string | null;
  readonly userAgent: string | null;
}
