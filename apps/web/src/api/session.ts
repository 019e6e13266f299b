// The signed-in session of the person using the app. The access token lives in this module's memory only; the
// refresh token is an HttpOnly cookie on the session endpoints' path, which no script can read
// (docs/architecture.md, "Web app sessions"). The token is refreshed shortly before it expires, and on start-up
// the cookie (if any) restores the session, so a reload keeps the user signed in.

import type { JsonOf } from './types';
import type { paths } from './schema';

/** Every session call carries it: a cross-site form cannot set a header, and CORS refuses other origins. */
const CLIENT_HEADER = { 'X-NVR-Client': 'web' } as const;
const SESSION_PATH = '/api/v1/auth/session';
/** Refresh this long before the access token runs out. */
const REFRESH_MARGIN_MS = 60_000;

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

function adopt(answer: SessionAnswer): void {
  tokens = { accessToken: answer.access_token, expiresAt: Date.now() + answer.expires_in * 1000 };
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(
    () => void refresh(),
    Math.max(5_000, answer.expires_in * 1000 - REFRESH_MARGIN_MS),
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

/** Renews the access token with the refresh cookie; false (signed out) when there is no valid session. */
export function refresh(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await fetch(`${SESSION_PATH}/refresh`, { method: 'POST', headers: CLIENT_HEADER });
      if (response.status === 200) {
        adopt((await response.json()) as SessionAnswer);
        return true;
      }
      drop(state.status === 'signed-in' ? 'Your session has ended. Please sign in again.' : undefined);
      return false;
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
