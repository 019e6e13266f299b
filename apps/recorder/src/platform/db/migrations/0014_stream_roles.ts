import type { PortableMigration } from './helpers.js';

/**
 * Issue #17: which of a camera's streams its AI frames and its grid tiles read (`main`, or `sub` — the camera's
 * substream_url when it has one). Recording always reads the main stream.
 */
export const streamRoles: PortableMigration = {
  async up(db) {
    for (const column of ['detect_stream', 'grid_stream']) {
      await db.schema
        .alterTable('camera_configs')
        .addColumn(column, 'varchar(4)', (col) => col.notNull().defaultTo('sub'))
        .execute();
    }
  },
};
