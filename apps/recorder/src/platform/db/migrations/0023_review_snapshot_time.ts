import type { PortableMigration } from './helpers.js';

/**
 * Issue #34: when a review item's snapshot was taken, so the web app draws its boxes over the clip at that
 * moment. Items from before stay null (their boxes are drawn over the snapshot only).
 */
export const reviewSnapshotTime: PortableMigration = {
  async up(db) {
    await db.schema.alterTable('review_items').addColumn('snapshot_ms', 'bigint').execute();
  },
};
