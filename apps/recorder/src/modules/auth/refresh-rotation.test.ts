// The grace rule for a rotated refresh token presented again (refresh-rotation.ts), on a mock clock.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REFRESH_GRACE_SECONDS, clientDigest, replayVerdict, type RotatedToken } from './refresh-rotation.js';

const ROTATED_AT = Date.parse('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => ROTATED_AT + offsetMs;
const iso = (ms: number) => new Date(ms).toISOString();

const TAB = clientDigest('192.168.1.20', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0');

/** A token rotated at ROTATED_AT by TAB, and its successor, current and valid for 30 days. */
function rotation(): { presented: RotatedToken; successor: RotatedToken } {
  return {
    presented: {
      revoked_at: iso(ROTATED_AT),
      replaced_by: 'successor-jti',
      rotated_client: TAB,
      expires_at: iso(ROTATED_AT + 10 * 24 * 3600_000),
    },
    successor: {
      revoked_at: null,
      replaced_by: null,
      rotated_client: null,
      expires_at: iso(ROTATED_AT + 30 * 24 * 3600_000),
    },
  };
}

describe('a rotated refresh token presented again', () => {
  it('gets its successor from the same client within the grace window', () => {
    const { presented, successor } = rotation();
    for (const offset of [0, 1, 250, REFRESH_GRACE_SECONDS * 1000 - 1]) {
      assert.deepEqual(
        replayVerdict(presented, successor, TAB, at(offset)),
        { verdict: 'successor' },
        `+${offset} ms`,
      );
    }
    // A node whose clock is behind the one that rotated it sees the rotation "in the future": still the moment.
    assert.deepEqual(replayVerdict(presented, successor, TAB, at(-3000)), { verdict: 'successor' });
  });

  it('is theft once the window has passed', () => {
    const { presented, successor } = rotation();
    for (const offset of [REFRESH_GRACE_SECONDS * 1000, REFRESH_GRACE_SECONDS * 1000 + 1, 3600_000]) {
      assert.deepEqual(
        replayVerdict(presented, successor, TAB, at(offset)),
        { verdict: 'theft', reason: 'window_passed' },
        `+${offset} ms`,
      );
    }
  });

  it('is theft from another client, even at once', () => {
    const { presented, successor } = rotation();
    const otherAddress = clientDigest('203.0.113.9', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0');
    const otherAgent = clientDigest('192.168.1.20', 'curl/7.88.1');
    for (const client of [otherAddress, otherAgent]) {
      assert.deepEqual(replayVerdict(presented, successor, client, at(10)), {
        verdict: 'theft',
        reason: 'other_client',
      });
    }
    // The digest tells the two fields apart (no "ab" + "c" = "a" + "bc").
    assert.notEqual(clientDigest('a', 'bc'), clientDigest('ab', 'c'));
    assert.notEqual(clientDigest(null, 'x'), clientDigest('x', null));
  });

  it('is theft once its successor was used', () => {
    const { presented, successor } = rotation();
    const used = { ...successor, revoked_at: iso(at(100)), replaced_by: 'next-jti', rotated_client: TAB };
    assert.deepEqual(replayVerdict(presented, used, TAB, at(200)), {
      verdict: 'theft',
      reason: 'successor_used',
    });
  });

  it('brings no ended session back', () => {
    const { presented, successor } = rotation();
    // Revoked by a logout, a password change or a theft verdict: no successor named.
    const ended = { ...presented, replaced_by: null, rotated_client: null };
    assert.deepEqual(replayVerdict(ended, undefined, TAB, at(10)), {
      verdict: 'theft',
      reason: 'session_ended',
    });
    // Its successor was revoked that way.
    const successorEnded = { ...successor, revoked_at: iso(at(50)) };
    assert.deepEqual(replayVerdict(presented, successorEnded, TAB, at(100)), {
      verdict: 'theft',
      reason: 'session_ended',
    });
    // Its successor is gone (expired and swept away) or has expired.
    assert.deepEqual(replayVerdict(presented, undefined, TAB, at(10)), {
      verdict: 'theft',
      reason: 'session_ended',
    });
    const expired = { ...successor, expires_at: iso(at(5)) };
    assert.deepEqual(replayVerdict(presented, expired, TAB, at(10)), {
      verdict: 'theft',
      reason: 'session_ended',
    });
    // A token that was never revoked is not a replay (the caller rotates it instead).
    const current = { ...presented, revoked_at: null };
    assert.equal(replayVerdict(current, successor, TAB, at(10)).verdict, 'theft');
  });
});
