import type { PortableMigration } from './helpers.js';

/**
 * Issue #32 item 3: a refresh token rotated a moment ago may come back from the same client (tabs that renewed
 * the session at once) and get the same successor instead of ending the session (modules/auth/refresh-rotation.ts).
 * A rotated token names its successor and a digest of the client that rotated it. Rows from before stay null: a
 * token rotated before the upgrade gets no grace.
 */
export const refreshRotation: PortableMigration = {
  async up(db) {
    await db.schema.alterTable('refresh_tokens').addColumn('replaced_by', 'varchar(64)').execute();
    await db.schema.alterTable('refresh_tokens').addColumn('rotated_client', 'varchar(64)').execute();
  },
};
