import type { PortableMigration } from './helpers.js';

/**
 * Issue #16: the web app asks for a new password while the account still has the one the recorder generated on
 * first start (printed once and written to data/initial-admin-password).
 */
export const passwordChangeRequired: PortableMigration = {
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('password_change_required', 'boolean', (col) => col.notNull().defaultTo(false))
      .execute();
  },
};
