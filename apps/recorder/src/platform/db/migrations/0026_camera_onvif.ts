import type { PortableMigration } from './helpers.js';

/**
 * Issue #36 (PTZ over ONVIF): the camera's ONVIF device service URL, so the recorder can reach its PTZ service.
 * Filled when a camera is added from an ONVIF device, set or cleared by the operator otherwise; null: the camera
 * has no ONVIF endpoint the recorder knows of (then it has no PTZ either).
 */
export const cameraOnvif: PortableMigration = {
  async up(db) {
    await db.schema.alterTable('cameras').addColumn('onvif_xaddr', 'varchar(500)').execute();
  },
};
