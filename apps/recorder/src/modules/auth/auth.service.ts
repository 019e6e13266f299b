// Login, token rotation, logout, and turning a bearer token or URL ticket into a Principal.
import { randomUUID } from 'node:crypto';
import type { JwtService } from '../../platform/auth/jwt.js';
import { EPOCH_CLAIM, InvalidTokenError, tokenEpoch } from '../../platform/auth/jwt.js';
import type { Principal, RequestContext, TicketPurpose } from '../../platform/auth/principal.js';
import type { TicketService } from '../../platform/auth/tickets.js';
import type { PasswordHasher } from '../../platform/crypto/passwords.js';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../platform/http/errors.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { SessionRevoker, UsersService } from '../users/users.service.js';
import type { AuthRepository, RefreshTokenRow } from './auth.repository.js';
import type { LoginBody, TokenResponse } from './auth.schemas.js';
import { ACCOUNT_LIMIT, loginSource, type LoginThrottle } from './login-throttle.js';
import { clientDigest, replayVerdict } from './refresh-rotation.js';

export interface TokenLifetimes {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export class AuthService implements SessionRevoker {
  constructor(
    private readonly users: UsersService,
    private readonly repository: AuthRepository,
    private readonly throttle: LoginThrottle,
    private readonly jwt: JwtService,
    private readonly tickets: TicketService,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
    private readonly lifetimes: TokenLifetimes,
    /** the clock of refresh-token rotation and its grace window, in ms (a test moves it on) */
    private readonly clock: () => number = Date.now,
  ) {}

  /** At start: refresh tokens past their expiry, and sign-in throttles quiet for a day, are forgotten. */
  async removeExpired(): Promise<void> {
    await this.repository.deleteExpiredTokens(new Date().toISOString());
    await this.repository.deleteStaleThrottles(new Date(Date.now() - 24 * 3600 * 1000).toISOString());
  }

  async login(body: LoginBody, client: ClientInfo): Promise<TokenResponse> {
    // (bounded like the column: lower-casing can lengthen a name)
    const key = body.username.toLowerCase().slice(0, 255);
    const source = loginSource(client.ip);
    // Counted before the password is checked (see login-throttle.ts); unknown usernames alike.
    const attempt = await this.throttle.reserve(key, source);
    if (!attempt.allowed) {
      await this.audit.record(anonymous(client, body.username), {
        action: 'auth.login_locked',
        details: { username: body.username, locked_by: attempt.lockedBy },
      });
      throw new TooManyRequestsError(
        'Too many failed login attempts; try again later',
        attempt.retryAfterSeconds,
      );
    }

    const user = await this.users.findByUsername(body.username);
    if (!(await this.hasher.verify(user?.password_hash, body.password))) {
      await this.audit.record(anonymous(client, body.username), {
        action: 'auth.login_failed',
        entityType: user ? 'user' : undefined,
        entityId: user?.id,
        details: {
          username: body.username,
          failures: attempt.failures,
          locked: attempt.failures >= ACCOUNT_LIMIT.maxFailures,
        },
      });
      throw new UnauthorizedError('Incorrect username or password');
    }
    await this.throttle.succeeded(key, source);
    if (!user!.is_active) {
      await this.audit.record(anonymous(client, body.username), {
        action: 'auth.login_failed',
        entityType: 'user',
        entityId: user!.id,
        details: { username: body.username, reason: 'inactive' },
      });
      throw new ForbiddenError('Inactive user');
    }

    await this.users.recordLogin(user!, body.password);
    const { response: tokens } = await this.#issueTokens(user!, randomUUID());
    await this.audit.record(
      { userId: user!.id, username: user!.username, ...client },
      { action: 'auth.login', entityType: 'user', entityId: user!.id },
    );
    return tokens;
  }

  /**
   * Trades a refresh token for a new pair, rotating it. A token that was already rotated is theft (the family
   * ends) unless it is one of several refreshes of the same moment from the same client: those get the
   * successor the first one got (refresh-rotation.ts has the rule).
   */
  async refresh(refreshToken: string, client: ClientInfo): Promise<TokenResponse> {
    const claims = await this.jwt.verify(refreshToken, 'refresh').catch(() => {
      throw new UnauthorizedError('Invalid refresh token');
    });
    let stored = await this.repository.findRefreshToken(claims.jti);
    if (!stored) throw new UnauthorizedError('Invalid refresh token');
    const digest = clientDigest(client.ip, client.userAgent);
    if (stored.revoked_at === null) {
      const user = await this.#activeUser(stored.user_id);
      // The successor is stored before the rotation names it, so a refresh that loses the race finds it.
      const tokens = await this.#issueTokens(user, stored.family_id);
      const rotation = { successor: tokens.refreshJti, client: digest, now: this.#now() };
      if (await this.repository.rotateToken(stored.jti, rotation)) return tokens.response;
      // Another refresh of the same token won: this successor was never handed out.
      await this.repository.deleteToken(tokens.refreshJti);
      stored = await this.repository.findRefreshToken(claims.jti);
      if (!stored) throw new UnauthorizedError('Invalid refresh token');
    }
    const successor = stored.replaced_by
      ? await this.repository.findRefreshToken(stored.replaced_by)
      : undefined;
    const verdict = replayVerdict(stored, successor, digest, this.clock());
    if (verdict.verdict === 'theft') {
      // Someone holds a copy of a token the owner has moved on from. End the whole family.
      await this.repository.revokeFamily(stored.family_id, this.#now());
      await this.audit.record(
        { userId: stored.user_id, username: null, ...client },
        {
          action: 'auth.refresh_reuse',
          entityType: 'user',
          entityId: stored.user_id,
          details: { reason: verdict.reason },
        },
      );
      throw new UnauthorizedError('Refresh token has been revoked');
    }
    return this.#issueAgain(await this.#activeUser(stored.user_id), successor!);
  }

  /**
   * Ends the session of the given refresh token, or every session of the caller when none is given. Either way
   * every access token and ticket of the caller issued until now stops working: an access token names no
   * session, and checking one per request would cost a lookup. The caller's other sessions keep their refresh
   * tokens and go on after their next refresh.
   */
  async logout(context: RequestContext, refreshToken: string | undefined): Promise<void> {
    const now = new Date().toISOString();
    const userId = context.principal.userId;
    if (refreshToken === undefined) {
      await this.repository.revokeAllForUser(userId, now);
    } else {
      const claims = await this.jwt.verify(refreshToken, 'refresh').catch(() => null);
      const stored = claims ? await this.repository.findRefreshToken(claims.jti) : undefined;
      if (stored?.user_id === userId) await this.repository.revokeFamily(stored.family_id, now);
    }
    await this.users.endTokens(userId);
    await this.audit.record(context, {
      action: 'auth.logout',
      entityType: 'user',
      entityId: userId,
      details: { all_sessions: refreshToken === undefined },
    });
  }

  async revokeAllSessions(userId: number): Promise<void> {
    await this.repository.revokeAllForUser(userId, new Date().toISOString());
  }

  async authenticateBearer(token: string): Promise<Principal> {
    const claims = await this.jwt.verify(token, 'access').catch((error: unknown) => {
      const expired = error instanceof InvalidTokenError && error.reason === 'expired';
      throw new UnauthorizedError(expired ? 'Token has expired' : 'Could not validate credentials');
    });
    return this.#principalFor(Number(claims.sub), tokenEpoch(claims));
  }

  async authenticateTicket(ticket: string, purpose: TicketPurpose): Promise<Principal> {
    const redeemed = await this.tickets.redeem(ticket, purpose).catch(() => {
      throw new UnauthorizedError('Invalid or expired ticket');
    });
    return { ...(await this.#principalFor(redeemed.userId, redeemed.epoch)), ticket: redeemed.scope };
  }

  async #principalFor(userId: number, epoch: number): Promise<Principal> {
    // Looked up on every request so deactivation, revocation (the token epoch) and rights changes take effect at
    // once; the token epoch comes with the user row, no extra read.
    const principal = Number.isInteger(userId) ? await this.users.principalFor(userId, epoch) : undefined;
    if (!principal) throw new UnauthorizedError('Could not validate credentials');
    return principal;
  }

  async #activeUser(userId: number): Promise<UserRow> {
    const user = await this.users.findById(userId);
    if (!user?.is_active) throw new UnauthorizedError('Invalid refresh token');
    return user;
  }

  /** The rotation clock as stored (revoked_at). */
  #now(): string {
    return new Date(this.clock()).toISOString();
  }

  async #issueTokens(
    user: UserRow,
    familyId: string,
  ): Promise<{ response: TokenResponse; refreshJti: string }> {
    const refresh = await this.jwt.sign('refresh', String(user.id), this.lifetimes.refreshTokenTtlSeconds, {
      fam: familyId,
    });
    await this.repository.insertRefreshToken({
      jti: refresh.jti,
      family_id: familyId,
      user_id: user.id,
      expires_at: refresh.expiresAt.toISOString(),
      created_at: refresh.issuedAt.toISOString(),
      revoked_at: null,
      replaced_by: null,
      rotated_client: null,
    });
    return {
      response: await this.#pair(user, refresh.token, this.lifetimes.refreshTokenTtlSeconds),
      refreshJti: refresh.jti,
    };
  }

  /** A fresh access token with the successor refresh token signed again from its row: the very same token. */
  async #issueAgain(user: UserRow, successor: RefreshTokenRow): Promise<TokenResponse> {
    const refresh = await this.jwt.signAs(
      'refresh',
      String(user.id),
      {
        jti: successor.jti,
        issuedAt: Math.floor(Date.parse(successor.created_at) / 1000),
        expiresAt: Math.floor(Date.parse(successor.expires_at) / 1000),
      },
      { fam: successor.family_id },
    );
    // What is left of its life.
    const remaining = Math.floor((refresh.expiresAt.getTime() - this.clock()) / 1000);
    return this.#pair(user, refresh.token, Math.max(1, remaining));
  }

  async #pair(user: UserRow, refreshToken: string, refreshExpiresIn: number): Promise<TokenResponse> {
    const { accessTokenTtlSeconds } = this.lifetimes;
    const access = await this.jwt.sign('access', String(user.id), accessTokenTtlSeconds, {
      username: user.username,
      [EPOCH_CLAIM]: user.token_epoch,
    });
    return {
      access_token: access.token,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: accessTokenTtlSeconds,
      refresh_expires_in: refreshExpiresIn,
    };
  }
}

function anonymous(client: ClientInfo, username: string): AuditActor {
  return { userId: null, username: username.slice(0, 50), ...client };
}
