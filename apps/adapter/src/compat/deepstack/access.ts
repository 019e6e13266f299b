// Who may call the DeepStack API, decided as early as the request allows (before any body is read when the
// headers settle it). DeepStack's own model: a key is opt-in, set on the server, and its clients default to none
// (Frigate sends `api_key: ""`, Viseron's CodeProject.AI client no field at all). Here the adapter always has a
// token, so the rule is by caller:
//   - a caller on this machine (a loopback TCP peer, no proxy headers) needs no key; a key it does send must be
//     right (a wrong one is a client misconfiguration worth saying so);
//   - any other caller needs the token, as `Authorization: Bearer` or as the `api_key` form field.
// The peer is the TCP peer: the adapter has no trusted proxy (Fastify's trustProxy is off). A request that
// carries Forwarded / X-Forwarded-For / X-Real-IP came through a proxy on this machine for someone else, so it
// is not treated as local.
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

/** The state of a request's credentials so far. */
export type Verdict =
  | { kind: 'granted' }
  /** No key seen yet; `keyOptional` when the caller is local (a missing key is then fine). */
  | { kind: 'pending'; keyOptional: boolean }
  | { kind: 'refused'; reason: RefusalReason };

export type RefusalReason = 'missing' | 'wrong' | 'late';

const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/** 127.0.0.0/8, ::1 and their IPv4-mapped form (::ffff:127.x.y.z), as Node reports socket addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const version = isIP(address);
  if (version === 4) return address.startsWith('127.');
  if (version !== 6) return false;
  const lower = address.toLowerCase();
  if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true;
  const mapped = /^(?:0:0:0:0:0:|::)ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  return mapped !== null && isIP(mapped[1]!) === 4 && mapped[1]!.startsWith('127.');
}

/** A caller on this machine: a loopback peer that does not say it forwards someone else's request. */
export function isLocalCaller(peer: string | undefined, headers: IncomingHttpHeaders): boolean {
  return isLoopbackAddress(peer) && PROXY_HEADERS.every((h) => headers[h] === undefined);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class VisionAccess {
  /** `token` null: the adapter runs without one (tests only; main.ts always has one) and no key is asked. */
  constructor(private readonly token: string | null) {}

  /** What the headers alone decide: a right bearer grants, a wrong one refuses, else the body must say. */
  fromHeaders(peer: string | undefined, headers: IncomingHttpHeaders): Verdict {
    if (this.token === null) return { kind: 'granted' };
    const authorization = headers.authorization;
    if (authorization !== undefined) {
      const bearer = /^Bearer (.*)$/.exec(authorization)?.[1] ?? '';
      return sameSecret(bearer, this.token) ? { kind: 'granted' } : { kind: 'refused', reason: 'wrong' };
    }
    return { kind: 'pending', keyOptional: isLocalCaller(peer, headers) };
  }

  /** The `api_key` field, once seen: an empty one counts as none (Frigate's default). */
  withKey(verdict: Verdict, key: string): Verdict {
    if (verdict.kind !== 'pending' || this.token === null) return verdict;
    if (key === '') return verdict.keyOptional ? verdict : { kind: 'refused', reason: 'missing' };
    return sameSecret(key, this.token) ? { kind: 'granted' } : { kind: 'refused', reason: 'wrong' };
  }

  /** At the end of the body: a local caller without a key is let in, anyone else without one is not. */
  settle(verdict: Verdict): Verdict {
    if (verdict.kind !== 'pending') return verdict;
    return verdict.keyOptional ? { kind: 'granted' } : { kind: 'refused', reason: 'missing' };
  }
}

/** What a refused client is told (DeepStack's 401 text first, then what to change). */
export function refusalMessage(reason: RefusalReason): string {
  switch (reason) {
    case 'wrong':
      return 'Incorrect api key';
    case 'missing':
      return (
        'Incorrect api key: this adapter needs its token as api_key (or Authorization: Bearer) from callers ' +
        'on other machines'
      );
    case 'late':
      return (
        'Incorrect api key: send api_key before the image (form fields ahead of files, as DeepStack clients ' +
        'do) or as Authorization: Bearer'
      );
  }
}

/** What the operator is told in the log: what to set, never the key that was sent. */
export function refusalAdvice(reason: RefusalReason, local: boolean): string {
  const set =
    "set the client's api_key to the adapter token (ADAPTER_TOKEN, or the token file DATA_DIR/adapter.token)";
  if (reason === 'wrong')
    return local
      ? `the client sent a wrong api_key: ${set}, or leave api_key empty (callers on this machine need none)`
      : `the client sent a wrong api_key: ${set}`;
  if (reason === 'late')
    return `the client sent the image before api_key while a key is needed: send api_key first, or ${set} as Authorization: Bearer`;
  return `a caller on another machine needs a key: ${set}, or run the client on this machine`;
}

/**
 * Warn-level lines about refused calls, at most one per caller address per interval (a camera client refused on
 * every frame would otherwise write a line per frame forever); the next line says how many were left out.
 */
export class RefusalLog {
  private readonly last = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly warn: (fields: Record<string, unknown>, message: string) => void,
    private readonly intervalMs = 60_000,
    private readonly now: () => number = () => Date.now(),
    /** Callers remembered at once; the oldest is forgotten beyond it (addresses are the caller's to choose). */
    private readonly maxCallers = 1000,
  ) {}

  note(peer: string, route: string, reason: RefusalReason, local: boolean): void {
    const at = this.now();
    const seen = this.last.get(peer);
    if (seen && at - seen.at < this.intervalMs) {
      seen.suppressed++;
      return;
    }
    this.last.delete(peer);
    if (this.last.size >= this.maxCallers) this.last.delete(this.last.keys().next().value!);
    this.last.set(peer, { at, suppressed: 0 });
    this.warn(
      {
        peer,
        route,
        reason,
        ...(seen?.suppressed ? { refused_since_last_line: seen.suppressed } : {}),
      },
      `refused a DeepStack API call from ${peer} (${route}): ${refusalAdvice(reason, local)}`,
    );
  }
}
