import type { PortableMigration } from './helpers.js';

/**
 * Issue #22: a review item's snapshot, thumbnail and clip are files on the node that built it (the one that ran
 * its camera then); `review_items.node_id` says which, so any node serves them and each node expires its own
 * (null: built before clustering, claimed by the first node that registers).
 */
export const reviewNodes: PortableMigration = {
  async up(db) {
    await db.schema.alterTable('review_items').addColumn('node_id', 'varchar(36)').execute();
  },
};
