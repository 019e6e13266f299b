// When a refresh token that was already rotated comes back: requests that were on their way, or theft.
//
// Every refresh rotates the token: the presented one is revoked and names its successor. A rotated token that
// comes back is normally theft (someone holds a copy), and the whole family is revoked. But three tabs opened at
// once, or a page and its service call, send the same token at the same moment: the first rotates it, and the
// others arrive a few milliseconds later with the token just rotated. Those get the successor the first one got
// (the same token, signed again from its row), so one session goes on as one chain: nothing new is minted.
//
// The grace holds only while everything says "the same client, the same moment":
// - the token was rotated by a refresh (not revoked by a logout, a password change or a theft verdict),
// - less than REFRESH_GRACE_SECONDS ago,
// - by a client with the same address and user agent,
// - and its successor has not been used yet (nor revoked, nor expired).
// Anything else is theft, as before. A thief who replays an old token later, from elsewhere, or after the owner
// renewed again ends the family; a thief who replays it within seconds from the owner's own address and
// user agent gets only the owner's current token, and the next rotation by either leaves the other one holding a
// rotated token whose successor was used: theft, the family ends.

import { createHash } from 'node:crypto';

/**
 * Refreshes of one session that left together arrive within milliseconds; 15 s leaves room for a slow mobile
 * link, a recorder busy with many cameras, and the clocks of cluster nodes a few seconds apart (one node writes
 * the rotation time, another may compare it), while a token rotated longer ago than that is treated as stolen.
 */
export const REFRESH_GRACE_SECONDS = 15;

/**
 * The client as the grace rule compares it: its address (the one `TRUST_PROXY` lets a proxy name) and user
 * agent, as a digest (a fixed-size column; only equality matters).
 */
export function clientDigest(ip: string | null, userAgent: string | null): string {
  return createHash('sha256')
    .update(JSON.stringify([ip, userAgent]))
    .digest('hex');
}

/** What the rule reads of a stored refresh token. */
export interface RotatedToken {
  revoked_at: string | null;
  replaced_by: string | null;
  rotated_client: string | null;
  expires_at: string;
}

export type ReplayVerdict =
  | { verdict: 'successor' }
  | {
      verdict: 'theft';
      reason: 'session_ended' | 'window_passed' | 'other_client' | 'successor_used';
    };

/**
 * The verdict on a revoked refresh token presented again at `nowMs` by the client `client` (a digest, see
 * clientDigest): `successor` — hand out its successor again; `theft` — revoke the family.
 */
export function replayVerdict(
  presented: RotatedToken,
  successor: RotatedToken | undefined,
  client: string,
  nowMs: number,
): ReplayVerdict {
  // Ended by a logout, a password change, a deactivation or an earlier theft verdict — or never rotated.
  if (presented.revoked_at === null || presented.replaced_by === null || successor === undefined) {
    return { verdict: 'theft', reason: 'session_ended' };
  }
  const rotatedMs = Date.parse(presented.revoked_at);
  if (!(nowMs - rotatedMs < REFRESH_GRACE_SECONDS * 1000))
    return { verdict: 'theft', reason: 'window_passed' };
  if (presented.rotated_client !== client) return { verdict: 'theft', reason: 'other_client' };
  if (successor.revoked_at !== null) {
    // Rotated on in turn: somebody went on with the session. Revoked otherwise: the session ended.
    return { verdict: 'theft', reason: successor.replaced_by === null ? 'session_ended' : 'successor_used' };
  }
  if (Date.parse(successor.expires_at) <= nowMs) return { verdict: 'theft', reason: 'session_ended' };
  return { verdict: 'successor' };
}
