// Short-lived, scoped URL credentials for clients that cannot send headers (EventSource, <video>, HLS).
// A ticket names one user and one purpose (and, for media, one camera); it is never a general API credential.
// Event-stream tickets are single use: the redeemed ids are remembered until they would have expired anyway.
// A ticket carries its user's token epoch (jwt.ts), so a logout or password change ends it like an access token.
import type { JwtService } from './jwt.js';
import { UnauthorizedError } from '../http/errors.js';
import { EPOCH_CLAIM, InvalidTokenError, tokenEpoch } from './jwt.js';
import type { TicketPurpose, TicketScope } from './principal.js';

export interface IssuedTicket {
  ticket: string;
  expires_in: number;
}

export interface RedeemedTicket {
  userId: number;
  scope: TicketScope;
  /** the token epoch the ticket was issued in: the caller checks it against the user's current one */
  epoch: number;
}

/** The user's current token epoch; undefined when there is no such user. */
export type TokenEpochLookup = (userId: number) => Promise<number | undefined>;

export const TICKET_TTL_SECONDS: Record<TicketPurpose, number> = { events: 30, media: 300 };
const SINGLE_USE: Record<TicketPurpose, boolean> = { events: true, media: false };

export class TicketService {
  readonly #redeemed = new Map<string, number>();

  constructor(
    private readonly jwt: JwtService,
    private readonly currentEpoch: TokenEpochLookup,
  ) {}

  async issue(userId: number, scope: TicketScope): Promise<IssuedTicket> {
    const ttl = TICKET_TTL_SECONDS[scope.purpose];
    const epoch = await this.currentEpoch(userId);
    // Only an authenticated caller asks for a ticket: no user means the account went away meanwhile.
    if (epoch === undefined) throw new UnauthorizedError('Could not validate credentials');
    const { token } = await this.jwt.sign('ticket', String(userId), ttl, {
      [EPOCH_CLAIM]: epoch,
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
      epoch: tokenEpoch(claims),
    };
  }

  #forgetExpired(): void {
    const now = Date.now() / 1000;
    for (const [jti, exp] of this.#redeemed) if (exp < now) this.#redeemed.delete(jti);
  }
}
