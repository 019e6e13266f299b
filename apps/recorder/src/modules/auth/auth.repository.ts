import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { LoginThrottleTable, RefreshTokensTable } from '../../platform/db/schema.js';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type ThrottleRow = Selectable<LoginThrottleTable>;

/** Refresh-token families (rotation and reuse detection) and per-username login throttling. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  async insertRefreshToken(row: RefreshTokenRow): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  findRefreshToken(jti: string): Promise<RefreshTokenRow | undefined> {
    return this.db.selectFrom('refresh_tokens').selectAll().where('jti', '=', jti).executeTakeFirst();
  }

  /** Revokes one token; false when it was already revoked (so two concurrent refreshes cannot both win). */
  async revokeToken(jti: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('jti', '=', jti)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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

  findThrottle(usernameKey: string): Promise<ThrottleRow | undefined> {
    return this.db
      .selectFrom('login_throttle')
      .selectAll()
      .where('username_key', '=', usernameKey)
      .executeTakeFirst();
  }

  async saveThrottle(row: ThrottleRow): Promise<void> {
    await this.db
      .insertInto('login_throttle')
      .values(row)
      .onConflict((oc) =>
        oc.column('username_key').doUpdateSet({
          failures: row.failures,
          locked_until: row.locked_until,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  async clearThrottle(usernameKey: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('username_key', '=', usernameKey).execute();
  }
}
