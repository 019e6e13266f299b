// Login throttling by source as well as by account. Failures of one username are counted per source, so a
// stranger who locks `admin` out locks it only for their own address: the owner, elsewhere, still logs in. Each
// source also has a budget across usernames (credential stuffing). Every attempt is counted in one conditional
// write before its password is checked, so parallel guesses cannot all pass one stale count; an attempt whose
// password was right gives its count back. The counts live in the database (restarts, several recorder nodes).
import { isIPv4, isIPv6 } from 'node:net';
import type { AuthRepository } from './auth.repository.js';

export interface ThrottleLimit {
  /** the attempt that reaches this count still runs; the next ones get 429 until the lock runs out */
  maxFailures: number;
  lockoutSeconds: number;
}

/** One username from one source. */
export const ACCOUNT_LIMIT: ThrottleLimit = { maxFailures: 5, lockoutSeconds: 5 * 60 };
/** One source across all usernames. */
export const SOURCE_LIMIT: ThrottleLimit = { maxFailures: 20, lockoutSeconds: 15 * 60 };
/** A count nobody added to for this long starts over (a household's occasional typos never add up to a lock). */
export const COUNT_WINDOW_SECONDS = 60 * 60;
/** The username key of a source's budget row (real usernames are never empty). */
const ANY_USERNAME = '';

export type LoginAttempt =
  | { allowed: true; /** this username's count from this source, this attempt included */ failures: number }
  | { allowed: false; lockedBy: 'account' | 'source'; retryAfterSeconds: number };

export class LoginThrottle {
  constructor(
    private readonly repository: AuthRepository,
    private readonly clock: () => number,
  ) {}

  /** Counts the attempt before the password is checked; `allowed: false` means answer 429 without checking. */
  async reserve(usernameKey: string, source: string): Promise<LoginAttempt> {
    const account = await this.#count(usernameKey, source, ACCOUNT_LIMIT);
    if (account.lockedFor !== undefined)
      return { allowed: false, lockedBy: 'account', retryAfterSeconds: account.lockedFor };
    const budget = await this.#count(ANY_USERNAME, source, SOURCE_LIMIT);
    if (budget.lockedFor !== undefined) {
      // Not checked, so not counted against the account.
      await this.repository.giveBackAttempt(usernameKey, source, ACCOUNT_LIMIT.maxFailures);
      return { allowed: false, lockedBy: 'source', retryAfterSeconds: budget.lockedFor };
    }
    return { allowed: true, failures: account.failures };
  }

  /** The password was right: this username's count from this source starts over, the source gets its attempt back. */
  async succeeded(usernameKey: string, source: string): Promise<void> {
    await this.repository.resetAttempts(usernameKey, source);
    await this.repository.giveBackAttempt(ANY_USERNAME, source, SOURCE_LIMIT.maxFailures);
  }

  async #count(
    usernameKey: string,
    source: string,
    limit: ThrottleLimit,
  ): Promise<{ failures: number; /** seconds, when the count is locked */ lockedFor?: number }> {
    const now = this.clock();
    const row = await this.repository.countAttempt(usernameKey, source, {
      maxFailures: limit.maxFailures,
      now: new Date(now).toISOString(),
      lockUntil: new Date(now + limit.lockoutSeconds * 1000).toISOString(),
      staleBefore: new Date(now - COUNT_WINDOW_SECONDS * 1000).toISOString(),
    });
    if (row.failures <= limit.maxFailures) return { failures: row.failures };
    const lockedUntil = row.locked_until === null ? now : Date.parse(row.locked_until);
    return { failures: row.failures, lockedFor: Math.max(1, (lockedUntil - now) / 1000) };
  }
}

/**
 * The source a login is throttled by: the client's IPv4 address, or the /64 network of an IPv6 address (one
 * host usually holds a whole /64 and could otherwise try from a new address each time). `request.ip` is the
 * peer address, or the client's behind a proxy listed in TRUST_PROXY.
 */
export function loginSource(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return mapped;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, 64);
  const network = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
  return `${network}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const first = groups(head);
  const last = tail === undefined ? [] : groups(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}
