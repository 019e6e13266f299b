// The credentials of an RTSP request (RFC 2617 as RTSP clients use it): Basic, or Digest with MD5 — with or without
// qop=auth. Nonces are stateless (a time and its HMAC under a secret of this process), so nothing grows with the
// number of clients; one stays good for a day, as RTSP clients keep theirs for a whole session (keep-alives).
// Parsing is bounded and total: a malformed header is "no credentials", never an exception.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DIGEST_REALM } from '../users/digest-credentials.js';

export const NONCE_LIFETIME_MS = 24 * 3600 * 1000;
const MAX_AUTHORIZATION = 2048;

export type RtspCredentials =
  | { scheme: 'basic'; username: string; password: string }
  | {
      scheme: 'digest';
      username: string;
      realm: string;
      nonce: string;
      uri: string;
      response: string;
      qop: string | null;
      nc: string | null;
      cnonce: string | null;
    };

/** The credentials an Authorization header carries, or null when it has none we take (or is malformed). */
export function parseAuthorization(header: string | undefined): RtspCredentials | null {
  if (header === undefined || header.length > MAX_AUTHORIZATION) return null;
  const space = header.indexOf(' ');
  if (space <= 0) return null;
  const scheme = header.slice(0, space).toLowerCase();
  const rest = header.slice(space + 1).trim();
  if (scheme === 'basic') {
    if (!/^[A-Za-z0-9+/]+=*$/.test(rest)) return null;
    const decoded = Buffer.from(rest, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return null;
    return { scheme: 'basic', username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  }
  if (scheme !== 'digest') return null;
  const params = digestParams(rest);
  if (!params) return null;
  const { username, realm, nonce, uri, response } = Object.fromEntries(params);
  if (!username || realm === undefined || !nonce || !uri || !response) return null;
  const algorithm = params.get('algorithm');
  if (algorithm !== undefined && algorithm.toUpperCase() !== 'MD5') return null;
  const qop = params.get('qop') ?? null;
  if (qop !== null && qop !== 'auth') return null;
  const nc = params.get('nc') ?? null;
  const cnonce = params.get('cnonce') ?? null;
  if (qop !== null && (nc === null || cnonce === null)) return null;
  return { scheme: 'digest', username, realm, nonce, uri, response: response.toLowerCase(), qop, nc, cnonce };
}

/** `name=value` or `name="quoted \" value"` pairs separated by commas; null when they do not parse. */
function digestParams(text: string): Map<string, string> | null {
  const params = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    while (i < text.length && (text[i] === ' ' || text[i] === ',' || text[i] === '\t')) i++;
    if (i >= text.length) break;
    const eq = text.indexOf('=', i);
    if (eq < 0) return null;
    const name = text.slice(i, eq).trim().toLowerCase();
    if (!/^[a-z0-9_-]{1,32}$/.test(name)) return null;
    i = eq + 1;
    let value = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) return null;
        const c = text[i]!;
        if (c === '"') break;
        if (c === '\\' && i + 1 < text.length) i++;
        value += text[i];
        i++;
      }
      i++;
    } else {
      const end = text.indexOf(',', i);
      value = text.slice(i, end < 0 ? text.length : end).trim();
      i = end < 0 ? text.length : end;
    }
    if (!params.has(name)) params.set(name, value);
    if (params.size > 16) return null;
  }
  return params;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** Issues and checks Digest nonces, and checks Digest responses. */
export class DigestChallenges {
  readonly #secret: Buffer;

  constructor(
    private readonly clock: () => number = Date.now,
    secret: Buffer = randomBytes(32),
  ) {
    this.#secret = secret;
  }

  /** The WWW-Authenticate headers of a 401: Digest first (most clients take the first they know), then Basic. */
  challenge(stale = false): string[] {
    return [
      `Digest realm="${DIGEST_REALM}", nonce="${this.#nonce(this.clock())}"${stale ? ', stale=TRUE' : ''}`,
      `Basic realm="${DIGEST_REALM}"`,
    ];
  }

  /** Whether a nonce is one of ours and still good. */
  nonceValid(nonce: string): boolean {
    const match = /^([0-9a-f]{1,13})\.([0-9a-f]{32})$/.exec(nonce);
    if (!match) return false;
    const issued = parseInt(match[1]!, 16);
    if (!safeEqual(this.#nonce(issued), nonce)) return false;
    const age = this.clock() - issued;
    return age >= 0 && age <= NONCE_LIFETIME_MS;
  }

  /**
   * Whether the Digest response proves the password behind `ha1` for this request. The caller checks the nonce
   * (nonceValid: a stale one gets a new challenge) and that the digest's uri is the request's.
   */
  verify(credentials: Extract<RtspCredentials, { scheme: 'digest' }>, method: string, ha1: string): boolean {
    if (credentials.realm !== DIGEST_REALM) return false;
    const ha2 = md5(`${method}:${credentials.uri}`);
    const expected =
      credentials.qop === null
        ? md5(`${ha1}:${credentials.nonce}:${ha2}`)
        : md5(
            `${ha1}:${credentials.nonce}:${credentials.nc}:${credentials.cnonce}:${credentials.qop}:${ha2}`,
          );
    return safeEqual(expected, credentials.response);
  }

  #nonce(issued: number): string {
    const time = issued.toString(16);
    return `${time}.${createHmac('sha256', this.#secret).update(time).digest('hex').slice(0, 32)}`;
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
