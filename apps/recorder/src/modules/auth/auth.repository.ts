import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { RefreshTokensTable } from '../../platform/db/schema.js';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** Refresh-token families (rotation and reuse detection) and login throttling (see login-throttle.ts). */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  async insertRefreshToken(row: RefreshTokenRow): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  findRefreshToken(jti: string): Promise<RefreshTokenRow | undefined> {
    return this.db.selectFrom('refresh_tokens').selectAll().where('jti', '=', jti).executeTakeFirst();
  }

  /**
   * Rotates a token: revokes it, naming its successor (already inserted) and the client, in one conditional
   * UPDATE; false when it was no longer current (of two refreshes at once exactly one rotates it, on SQLite's
   * single writer and under PostgreSQL's row lock; the other finds the successor named here).
   */
  async rotateToken(
    jti: string,
    rotation: { successor: string; client: string; now: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: rotation.now, replaced_by: rotation.successor, rotated_client: rotation.client })
      .where('jti', '=', jti)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A successor that lost the race to rotate its predecessor: it was never handed out. */
  async deleteToken(jti: string): Promise<void> {
    await this.db.deleteFrom('refresh_tokens').where('jti', '=', jti).execute();
  }

  async revokeFamily(familyId: string, now: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllForUser(userId: number, now: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Housekeeping: tokens past their expiry can go (reuse of an expired token fails signature checks anyway). */
  async deleteExpiredTokens(now: string): Promise<void> {
    await this.db.deleteFrom('refresh_tokens').where('expires_at', '<', now).execute();
  }

  /** Housekeeping: failure counts nobody has added to for a day are forgotten (they also cover unknown names). */
  async deleteStaleThrottles(before: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('updated_at', '<', before).execute();
  }

  /**
   * Counts one login attempt of a username from a source (or, with username '', of the source) in one statement,
   * before the password is checked, so parallel attempts cannot all read the same count (SQLite runs one writer at
   * a time; PostgreSQL's INSERT … ON CONFLICT DO UPDATE locks the row, on every node). A lock that has run out,
   * or a count untouched since `staleBefore`, starts over at 1; the attempt that reaches `maxFailures` sets
   * `locked_until`, and a running lock stays as it is. Returns the row as this attempt left it: the attempt may
   * go ahead when `failures <= maxFailures`.
   */
  async countAttempt(
    usernameKey: string,
    source: string,
    at: { maxFailures: number; now: string; lockUntil: string; staleBefore: string },
  ): Promise<{ failures: number; locked_until: string | null }> {
    const startsOver = sql<boolean>`(login_throttle.locked_until <= ${at.now} or login_throttle.updated_at < ${at.staleBefore})`;
    const failures = sql<number>`case when ${startsOver} then 1 else login_throttle.failures + 1 end`;
    return this.db
      .insertInto('login_throttle')
      .values({
        username_key: usernameKey,
        source,
        failures: 1,
        locked_until: at.maxFailures <= 1 ? at.lockUntil : null,
        updated_at: at.now,
      })
      .onConflict((oc) =>
        oc.columns(['username_key', 'source']).doUpdateSet({
          failures,
          locked_until: sql<
            string | null
          >`case when login_throttle.locked_until > ${at.now} then login_throttle.locked_until
            when ${failures} >= ${at.maxFailures} then ${at.lockUntil} else null end`,
          updated_at: at.now,
        }),
      )
      .returning(['failures', 'locked_until'])
      .executeTakeFirstOrThrow();
  }

  /** Takes back one counted attempt (it was not a failure), lifting the lock it set, if it did. */
  async giveBackAttempt(usernameKey: string, source: string, maxFailures: number): Promise<void> {
    await this.db
      .updateTable('login_throttle')
      .set({
        failures: sql<number>`failures - 1`,
        locked_until: sql<
          string | null
        >`case when failures - 1 < ${maxFailures} then null else locked_until end`,
      })
      .where('username_key', '=', usernameKey)
      .where('source', '=', source)
      .where('failures', '>', 0)
      .execute();
  }

  /** A successful login: the count starts over (an UPDATE, not a DELETE, which would drop every cached result). */
  async resetAttempts(usernameKey: string, source: string): Promise<void> {
    await this.db
      .updateTable('login_throttle')
      .set({ failures: 0, locked_until: null })
      .where('username_key', '=', usernameKey)
      .where('source', '=', source)
      .where('failures', '>', 0)
      .execute();
  }
}
