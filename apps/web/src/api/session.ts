// The signed-in session of the person using the app. The access token lives in this module's memory only; the
// refresh token is an HttpOnly cookie on the session endpoints' path, which no script can read
// (docs/architecture.md, "Web app sessions"). The token is refreshed shortly before it expires, and on start-up
// the cookie (if any) restores the session, so a reload keeps the user signed in.
//
// All tabs of the browser share that one cookie, and each refresh rotates it. Tabs therefore renew one at a time
// (a Web Lock) and tell each other the result (a BroadcastChannel): a tab that waited while another renewed takes
// that answer instead of renewing again, or renews with the cookie the other one left. Web Locks exist only in
// secure contexts (HTTPS, localhost); over plain HTTP the tabs renew independently, and the recorder's grace
// window for refreshes of the same moment keeps them signed in (modules/auth/refresh-rotation.ts).

import type { JsonOf } from './types';
import type { paths } from './schema';

/** Every session call carries it: a cross-site form cannot set a header, and CORS refuses other origins. */
const CLIENT_HEADER = { 'X-NVR-Client': 'web' } as const;
const SESSION_PATH = '/api/v1/auth/session';
/** Refresh this long before the access token runs out. */
const REFRESH_MARGIN_MS = 60_000;
/** A refresh that has not answered by then counts as "recorder unreachable" (and lets the other tabs go on). */
const REFRESH_TIMEOUT_MS = 30_000;
/** The lock the tabs renew under, and the channel they hand each other the answer on. */
const REFRESH_LOCK = 'nvr-session-refresh';
const RENEWALS_CHANNEL = 'nvr-session-renewals';

export type SessionState =
  | { status: 'unknown' }
  | { status: 'signed-out'; reason?: string }
  | { status: 'signed-in'; username: string; isSuperuser: boolean; passwordChangeRequired: boolean };

interface Tokens {
  accessToken: string;
  expiresAt: number;
}

export class SignInError extends Error {
  constructor(
    readonly kind: 'credentials' | 'locked' | 'inactive' | 'invalid' | 'unavailable',
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

let tokens: Tokens | null = null;
let state: SessionState = { status: 'unknown' };
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let refreshing: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const session = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): SessionState => state,
};

type SessionAnswer = JsonOf<paths['/api/v1/auth/session']['post']['responses'][200]>;

/** What a tab that renewed the session tells the others. */
interface Renewal {
  answer: SessionAnswer;
  /** when the access token runs out, in this browser's clock */
  expiresAt: number;
}

// Renewals other tabs made: how many were heard, and the latest.
let renewalsHeard = 0;
let latestRenewal: Renewal | null = null;
const renewals = typeof BroadcastChannel === 'function' ? new BroadcastChannel(RENEWALS_CHANNEL) : null;
renewals?.addEventListener('message', (event: MessageEvent<Renewal>) => {
  latestRenewal = event.data;
  renewalsHeard += 1;
});

/** Runs `renew` while no other tab of this origin renews; at once where the browser has no Web Locks. */
async function oneTabAtATime<T>(renew: () => Promise<T>): Promise<T> {
  // Undefined outside secure contexts, whatever the DOM types say.
  const locks = navigator.locks as LockManager | undefined;
  return locks ? await locks.request(REFRESH_LOCK, renew) : await renew();
}

function adopt(answer: SessionAnswer, expiresAt = Date.now() + answer.expires_in * 1000): void {
  tokens = { accessToken: answer.access_token, expiresAt };
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(
    () => void refresh(),
    Math.max(5_000, expiresAt - Date.now() - REFRESH_MARGIN_MS),
  );
  setState({
    status: 'signed-in',
    username: answer.username,
    isSuperuser: answer.is_superuser,
    passwordChangeRequired: answer.password_change_required,
  });
}

function drop(reason?: string): void {
  tokens = null;
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  setState(reason === undefined ? { status: 'signed-out' } : { status: 'signed-out', reason });
}

/** The server's `detail` as one sentence. */
async function detailOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
  const detail = body?.detail;
  if (typeof detail === 'string') return detail;
  if (detail && typeof detail === 'object' && 'message' in detail) return String(detail.message);
  return `The recorder answered ${response.status}`;
}

export async function signIn(username: string, password: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(SESSION_PATH, {
      method: 'POST',
      headers: { ...CLIENT_HEADER, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }),
    });
  } catch {
    throw new SignInError('unavailable', 'The recorder cannot be reached. Check that it is running.');
  }
  if (response.ok) return adopt((await response.json()) as SessionAnswer);
  const message = await detailOf(response);
  if (response.status === 401) throw new SignInError('credentials', 'Wrong username or password.');
  if (response.status === 403) throw new SignInError('inactive', message);
  if (response.status === 429) {
    const retry = Number(response.headers.get('retry-after'));
    throw new SignInError(
      'locked',
      'Too many failed attempts from this device.',
      Number.isFinite(retry) ? retry : null,
    );
  }
  if (response.status === 422) throw new SignInError('invalid', message);
  throw new SignInError('unavailable', message);
}

/**
 * Renews the access token with the refresh cookie; false (signed out) when there is no valid session. One tab at
 * a time: a tab that waited while another renewed takes the other's answer.
 */
export function refresh(): Promise<boolean> {
  refreshing ??= (async () => {
    const heardBefore = renewalsHeard;
    try {
      return await oneTabAtATime(async () => {
        const shared = latestRenewal;
        if (renewalsHeard !== heardBefore && shared && shared.expiresAt - Date.now() > 5_000) {
          adopt(shared.answer, shared.expiresAt);
          return true;
        }
        const response = await fetch(`${SESSION_PATH}/refresh`, {
          method: 'POST',
          headers: CLIENT_HEADER,
          signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
        });
        if (response.status === 200) {
          const answer = (await response.json()) as SessionAnswer;
          const renewal: Renewal = { answer, expiresAt: Date.now() + answer.expires_in * 1000 };
          adopt(answer, renewal.expiresAt);
          renewals?.postMessage(renewal);
          return true;
        }
        drop(state.status === 'signed-in' ? 'Your session has ended. Please sign in again.' : undefined);
        return false;
      });
    } catch {
      // The recorder is unreachable: keep what we have; the next request says so.
      if (state.status === 'unknown') drop('The recorder cannot be reached.');
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** A valid access token, refreshed first when it is about to run out; null when signed out. */
export async function accessToken(): Promise<string | null> {
  if (tokens && tokens.expiresAt - Date.now() > 5_000) return tokens.accessToken;
  return (await refresh()) && tokens ? tokens.accessToken : null;
}

/** The server no longer accepts the access token (revoked elsewhere): try the cookie once, else sign out. */
export async function tokenRejected(): Promise<string | null> {
  tokens = null;
  return (await refresh()) && tokens ? (tokens as Tokens).accessToken : null;
}

/** Ends this session (or, `everywhere`, every session of the account) and forgets the tokens. */
export async function signOut(everywhere = false): Promise<void> {
  const token = await accessToken().catch(() => null);
  await fetch(`${SESSION_PATH}${everywhere ? '?everywhere=true' : ''}`, {
    method: 'DELETE',
    headers: { ...CLIENT_HEADER, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }).catch(() => undefined);
  drop();
}
