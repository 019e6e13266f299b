/**
 * RTSPS capability probe (API.md §5): can we complete a TLS handshake with the camera's RTSPS port?
 * Certificates are not verified: cameras ship self-signed ones, and the question is only whether the port
 * speaks TLS at all.
 */
import { isIP } from 'node:net';
import { connect } from 'node:tls';
import { isInvalidName } from '../platform/net/address-scope.js';

export type TlsProbeResult = 'supported' | 'not_supported' | 'inconclusive';

/** IANA port for RTSP over TLS. */
export const DEFAULT_RTSPS_PORT = 322;

/** Errors that mean "nothing reachable answered", which says nothing about TLS support. */
const INCONCLUSIVE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
]);

export function probeTls(
  host: string,
  port: number,
  { timeoutMs = 5000 }: { timeoutMs?: number } = {},
): Promise<TlsProbeResult> {
  // Nothing can answer for a name that never resolves (what ENOTFOUND would say, without asking DNS).
  if (isInvalidName(host)) return Promise.resolve('inconclusive');
  return new Promise((resolve) => {
    let tcpConnected = false;
    let settled = false;
    const socket = connect({
      host,
      port,
      rejectUnauthorized: false,
      // SNI only for names: sending an IP literal as server name is not allowed (RFC 6066).
      ...(isIP(host) === 0 ? { servername: host } : {}),
    });
    const finish = (result: TlsProbeResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish('inconclusive'), timeoutMs);

    socket.once('connect', () => {
      tcpConnected = true;
    });
    socket.once('secureConnect', () => finish('supported'));
    socket.on('error', (err: Error & { code?: string }) => {
      const code = err.code ?? '';
      if (code === 'ECONNREFUSED') finish('not_supported');
      // Once TCP is up, any failure is the peer refusing or not speaking TLS: an alert, garbage bytes, a
      // reset or a close mid-handshake.
      else if (tcpConnected) finish('not_supported');
      else if (INCONCLUSIVE_CODES.has(code)) finish('inconclusive');
      else finish(code === 'ECONNRESET' ? 'not_supported' : 'inconclusive');
    });
    // A clean close before the handshake finished, without an error event.
    socket.once('close', () => finish(tcpConnected ? 'not_supported' : 'inconclusive'));
  });
}

/**
 * Where to probe: the port given, else the source URL's port when it is `rtsps://` (322 if it names none),
 * else 322. The host comes from the source URL, else `fallbackHost` (the camera's address); null if neither.
 */
export function probeTarget(
  sourceUrl: string | null,
  explicitPort?: number,
  fallbackHost?: string,
): { host: string | null; port: number } {
  if (
    explicitPort !== undefined &&
    !(Number.isInteger(explicitPort) && explicitPort >= 1 && explicitPort <= 65535)
  ) {
    throw new RangeError(`invalid port ${explicitPort}`);
  }
  let host: string | null = null;
  let urlPort: number | undefined;
  if (sourceUrl) {
    try {
      const url = new URL(sourceUrl);
      // IPv6 literals keep their brackets in URL.hostname; sockets want them bare.
      host = url.hostname.replace(/^\[(.*)\]$/, '$1') || null;
      if (url.protocol === 'rtsps:' && url.port !== '') urlPort = Number(url.port);
    } catch {
      // Not a URL: fall back below.
    }
  }
  return { host: host ?? fallbackHost ?? null, port: explicitPort ?? urlPort ?? DEFAULT_RTSPS_PORT };
}
