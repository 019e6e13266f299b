import type { PortableMigration } from './helpers.js';

/**
 * Issue #34 item 6: the people the face gallery recognised on a camera during an incident are the incident's
 * (`review_items.names`, a JSON array like `labels`); items from before have none.
 */
export const reviewNames: PortableMigration = {
  async up(db) {
    await db.schema
      .alterTable('review_items')
      .addColumn('names', 'text', (col) => col.notNull().defaultTo('[]'))
      .execute();
  },
};
