import { notNull, type PortableMigration } from './helpers.js';

/** Issue #15 items 11 and 12: revocable access tokens, login throttling by source. */
export const tokenRevocation: PortableMigration = {
  async up(db) {
    // Each user's token epoch: access tokens and URL tickets are valid only while they carry their user's
    // current epoch, so logout, a password change and deactivation end them at once (platform/auth/jwt.ts).
    // Existing rows start at 0, the epoch of tokens issued before this migration (they have no epoch claim).
    await db.schema
      .alterTable('users')
      .addColumn('token_epoch', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();

    // Login throttling by source as well as by account: a row per (username, source) for the lockout and a row
    // per source (username_key '') for its budget across usernames (modules/auth/login-throttle.ts). The old
    // per-username counts are dropped: they live minutes, and they are what let anyone lock an account out.
    await db.schema.dropTable('login_throttle').execute();
    await db.schema
      .createTable('login_throttle')
      .addColumn('username_key', 'varchar(255)', notNull)
      .addColumn('source', 'varchar(64)', notNull)
      .addColumn('failures', 'integer', notNull)
      .addColumn('locked_until', 'varchar(32)')
      .addColumn('updated_at', 'varchar(32)', notNull)
      .addPrimaryKeyConstraint('login_throttle_pk', ['username_key', 'source'])
      .execute();
  },
};
