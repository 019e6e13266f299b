import type { PortableMigration } from './helpers.js';

/**
 * Camera visibility for a non-superuser reads the user's grants (`user_id = ? and (can_view or can_manage)`).
 * An index that holds the camera and both rights answers that without touching the table; it replaces the
 * index on `user_id` alone, of which it is an extension (lookups and cascades by user use it the same way).
 */
export const perfIndexes: PortableMigration = {
  async up(db) {
    await db.schema
      .createIndex('camera_permissions_user_camera')
      .on('camera_permissions')
      .columns(['user_id', 'camera_id', 'can_view', 'can_manage'])
      .execute();
    await db.schema.dropIndex('camera_permissions_user').execute();
  },
};
