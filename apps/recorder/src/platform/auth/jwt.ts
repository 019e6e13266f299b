// HS256 JWTs for access and refresh tokens and URL tickets. The `type` claim keeps them from standing in for
// one another: a refresh token or a ticket never authenticates an ordinary API call.
import { randomUUID, webcrypto } from 'node:crypto';
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

/**
 * Revocation of access tokens and URL tickets (refresh tokens are revoked in the database). Each user row has a
 * token epoch; an access token or ticket carries its user's epoch at issue time in this claim and is valid only
 * while that is still the user's epoch. Logout, a password change and deactivation move the epoch on, which ends
 * every token issued before, on the next request and on every node, with nothing read beyond the user row each
 * request reads anyway. An exact value rather than a time compared with `iat`: `iat` has one-second resolution
 * (a token of the same second as a logout must die, the re-login right after must work) and nodes' clocks differ.
 */
export const EPOCH_CLAIM = 'epoch';

/**
 * The epoch a token was issued in. Tokens from before epochs existed have none and count as epoch 0 (the epoch
 * every user started with); a malformed value is -1, never a user's epoch.
 */
export function tokenEpoch(claims: TokenClaims): number {
  const epoch = claims[EPOCH_CLAIM];
  if (epoch === undefined) return 0;
  return typeof epoch === 'number' && Number.isSafeInteger(epoch) ? epoch : -1;
}

export interface SignedToken {
  token: string;
  jti: string;
  issuedAt: Date;
  expiresAt: Date;
}

export class InvalidTokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid' | 'wrong_type') {
    super(`token ${reason}`);
  }
}

const VERIFIED_CACHE_SIZE = 10_000;

export class JwtService {
  // Imported once: handing jose raw bytes would re-import the key on every sign and verify.
  readonly #key: Promise<webcrypto.CryptoKey>;
  // A client sends the same access token with every request; checking its signature once is enough.
  // Entries leave at the token's expiry; the cache holds only tokens whose signature was verified.
  readonly #verified = new Map<string, TokenClaims>();

  constructor(secret: Uint8Array) {
    this.#key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async sign(
    type: TokenType,
    subject: string,
    ttlSeconds: number,
    extra: Record<string, unknown> = {},
  ): Promise<SignedToken> {
    const issuedAt = Math.floor(Date.now() / 1000);
    return this.signAs(
      type,
      subject,
      { jti: randomUUID(), issuedAt, expiresAt: issuedAt + ttlSeconds },
      extra,
    );
  }

  /**
   * A token with the given id and times (unix seconds). HS256 is deterministic: the same claims give the same
   * token, so a refresh token can be handed out again from its stored row (modules/auth/refresh-rotation.ts).
   */
  async signAs(
    type: TokenType,
    subject: string,
    identity: { jti: string; issuedAt: number; expiresAt: number },
    extra: Record<string, unknown> = {},
  ): Promise<SignedToken> {
    const token = await new SignJWT({ ...extra, type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setJti(identity.jti)
      .setIssuedAt(identity.issuedAt)
      .setExpirationTime(identity.expiresAt)
      .sign(await this.#key);
    return {
      token,
      jti: identity.jti,
      issuedAt: new Date(identity.issuedAt * 1000),
      expiresAt: new Date(identity.expiresAt * 1000),
    };
  }

  async verify(token: string, type: TokenType): Promise<TokenClaims> {
    const cached = this.#verified.get(token);
    if (cached && cached.exp > Date.now() / 1000) {
      if (cached.type !== type) throw new InvalidTokenError('wrong_type');
      return cached;
    }
    if (cached) this.#verified.delete(token);
    const claims = await this.#verifySignature(token);
    if (claims.type === 'access') {
      if (this.#verified.size >= VERIFIED_CACHE_SIZE)
        this.#verified.delete(this.#verified.keys().next().value!);
      this.#verified.set(token, claims);
    }
    if (claims.type !== type) throw new InvalidTokenError('wrong_type');
    return claims;
  }

  async #verifySignature(token: string): Promise<TokenClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, await this.#key, { algorithms: ['HS256'] }));
    } catch (error) {
      throw new InvalidTokenError(error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid');
    }
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string')
      throw new InvalidTokenError('invalid');
    return payload as TokenClaims;
  }
}
