// Short-lived, scoped URL credentials for clients that cannot send headers (EventSource, <video>, HLS).
// A ticket names one user and one purpose (and, for media, one camera); it is never a general API credential.
// Event-stream tickets are single use: the redeemed ids are remembered until they would have expired anyway.
import type { JwtService } from './jwt.js';
import { InvalidTokenError } from './jwt.js';
import type { TicketPurpose, TicketScope } from './principal.js';

export interface IssuedTicket {
  ticket: string;
  expires_in: number;
}

export interface RedeemedTicket {
  userId: number;
  scope: TicketScope;
}

export const TICKET_TTL_SECONDS: Record<TicketPurpose, number> = { events: 30, media: 300 };
const SINGLE_USE: Record<TicketPurpose, boolean> = { events: true, media: false };

export class TicketService {
  readonly #redeemed = new Map<string, number>();

  constructor(private readonly jwt: JwtService) {}

  async issue(userId: number, scope: TicketScope): Promise<IssuedTicket> {
    const ttl = TICKET_TTL_SECONDS[scope.purpose];
    const { token } = await this.jwt.sign('ticket', String(userId), ttl, {
      purpose: scope.purpose,
      ...(scope.cameraId === undefined ? {} : { camera_id: scope.cameraId }),
    });
    return { ticket: token, expires_in: ttl };
  }

  /** Verifies a ticket for the given purpose; throws InvalidTokenError when it is not valid for it. */
  async redeem(ticket: string, purpose: TicketPurpose): Promise<RedeemedTicket> {
    const claims = await this.jwt.verify(ticket, 'ticket');
    if (claims.purpose !== purpose) throw new InvalidTokenError('wrong_type');
    if (SINGLE_USE[purpose]) {
      this.#forgetExpired();
      if (this.#redeemed.has(claims.jti)) throw new InvalidTokenError('invalid');
      this.#redeemed.set(claims.jti, claims.exp);
    }
    const cameraId = typeof claims.camera_id === 'number' ? claims.camera_id : undefined;
    return {
      userId: Number(claims.sub),
      scope: { purpose, ...(cameraId === undefined ? {} : { cameraId }) },
    };
  }

  #forgetExpired(): void {
    const now = Date.now() / 1000;
    for (const [jti, exp] of this.#redeemed) if (exp < now) this.#redeemed.delete(jti);
  }
}
