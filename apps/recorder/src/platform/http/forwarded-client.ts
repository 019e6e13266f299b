// Who a request forwarded by another recorder node is really from. A node that forwards a request (node-proxy.ts)
// names the caller's address in CLIENT_HEADER, signed with a key every node of the cluster derives from the JWT
// secret they must share; the node that answers takes the address for its audit rows when the signature holds
// for this method and path and is fresh. Anyone else's header is ignored: the peer address stands.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CLIENT_HEADER = 'x-nvr-client';
/** A signature older (or newer) than this is not taken: the request was sent just now. */
const MAX_SKEW_MS = 60_000;

export class ForwardedClient {
  readonly #key: Buffer;

  constructor(
    sharedSecret: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.#key = createHmac('sha256', sharedSecret).update('nvr node forwarding v1').digest();
  }

  /** The header value naming `ip` as the caller of `method pathAndQuery`. */
  sign(ip: string, method: string, pathAndQuery: string): string {
    const at = String(this.now());
    return `${ip} ${at} ${this.#mac(ip, at, method, pathAndQuery)}`;
  }

  /** The caller's address the header names, when a node of this cluster signed it for this request now. */
  verify(header: string | undefined, method: string, pathAndQuery: string): string | null {
    const [ip, at, mac, extra] = header?.split(' ') ?? [];
    if (!ip || !at || !mac || extra !== undefined || ip.length > 64) return null;
    if (!(Math.abs(this.now() - Number(at)) <= MAX_SKEW_MS)) return null;
    const expected = Buffer.from(this.#mac(ip, at, method, pathAndQuery));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? ip : null;
  }

  #mac(ip: string, at: string, method: string, pathAndQuery: string): string {
    return createHmac('sha256', this.#key)
      .update(`${ip}\n${at}\n${method.toUpperCase()}\n${pathAndQuery}`)
      .digest('base64url');
  }
}
