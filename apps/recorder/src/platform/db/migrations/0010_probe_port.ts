import type { PortableMigration } from './helpers.js';

/**
 * The port the last RTSPS probe connected to (API.md §5: a plain `rtsp://` source is upgraded to `rtsps://` on
 * the probed port). Null until a probe has run; the upgrade then uses 322. Internal, not in responses.
 */
export const probePort: PortableMigration = {
  async up(db) {
    await db.schema
      .alterTable('camera_configs')
      .addColumn('transport_security_probe_port', 'integer')
      .execute();
  },
};
