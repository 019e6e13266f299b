// HS256 JWTs for access and refresh tokens and URL tickets. The `type` claim keeps them from standing in for
// one another: a refresh token or a ticket never authenticates an ordinary API call.
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type TokenType = 'access' | 'refresh' | 'ticket';

export interface TokenClaims {
  sub: string;
  type: TokenType;
  jti: string;
  iat: number;
  exp: number;
  [claim: string]: unknown;
}

export class InvalidTokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid' | 'wrong_type') {
    super(`token ${reason}`);
  }
}

export class JwtService {
  readonly #key: Uint8Array;

  constructor(secret: Uint8Array) {
    this.#key = secret;
  }

  async sign(
    type: TokenType,
    subject: string,
    ttlSeconds: number,
    extra: Record<string, unknown> = {},
  ): Promise<{ token: string; jti: string; expiresAt: Date }> {
    const jti = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ ...extra, type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.#key);
    return { token, jti, expiresAt: new Date((now + ttlSeconds) * 1000) };
  }

  async verify(token: string, type: TokenType): Promise<TokenClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] }));
    } catch (error) {
      throw new InvalidTokenError(error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid');
    }
    if (payload.type !== type) throw new InvalidTokenError('wrong_type');
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string')
      throw new InvalidTokenError('invalid');
    return payload as TokenClaims;
  }
}
