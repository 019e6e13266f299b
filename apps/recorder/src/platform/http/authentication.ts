// Every route is authenticated unless it opts out with `config: { public: true }`. Routes that browsers open
// without headers (event streams, media) also accept `?ticket=` of the purpose named in `config.ticket`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal, RequestContext, TicketPurpose } from '../auth/principal.js';
import { UnauthorizedError } from './errors.js';
import { CLIENT_HEADER, type ForwardedClient } from './forwarded-client.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** no authentication at all (login, refresh, health, docs) */
    public?: boolean;
    /** also accept a URL ticket of this purpose */
    ticket?: TicketPurpose;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** the caller's address: the peer's, or the one a node that forwarded the request signed (forwarded-client.ts) */
    clientIp: string | null;
  }
}

export interface Authenticator {
  bearer(token: string): Promise<Principal>;
  ticket(ticket: string, purpose: TicketPurpose): Promise<Principal>;
}

export function registerAuthentication(
  app: FastifyInstance,
  authenticator: Authenticator,
  forwarded: ForwardedClient,
): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('clientIp', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[CLIENT_HEADER];
    const signed = typeof header === 'string' ? forwarded.verify(header, request.method, request.url) : null;
    request.clientIp = signed ?? request.ip ?? null;
  });

  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (header !== undefined) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match?.[1]) throw new UnauthorizedError('Not authenticated');
      request.principal = await authenticator.bearer(match[1]);
      return;
    }
    const purpose = request.routeOptions.config.ticket;
    const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
    if (purpose !== undefined && typeof ticket === 'string' && ticket !== '') {
      request.principal = await authenticator.ticket(ticket, purpose);
      return;
    }
    throw new UnauthorizedError('Not authenticated');
  };

  app.addHook('onRoute', (route) => {
    if (route.config?.public) return;
    const existing = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [authenticate, ...existing];
  });
}

/** The caller and request origin, for services. Only valid on authenticated routes. */
export function requestContext(request: FastifyRequest): RequestContext {
  if (!request.principal) throw new UnauthorizedError();
  return { principal: request.principal, ...clientInfo(request) };
}

/** Who is calling, as far as the network says (for the audit log and login throttling), before any sign-in. */
export function clientInfo(request: FastifyRequest): { ip: string | null; userAgent: string | null } {
  return {
    ip: request.clientIp ?? request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  };
}
