// Migrations are TypeScript modules listed here in order (no directory scanning, so the built app and the
// tests run exactly the same list). Applied at startup; each runs in a transaction on PostgreSQL.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database.js';
import { installChangeTriggers } from './pg-changes.js';
import { foundation } from './migrations/0001_foundation.js';
import { cameras } from './migrations/0002_cameras.js';
import { eventsAlerts } from './migrations/0003_events_alerts.js';
import { recordings } from './migrations/0004_recordings.js';
import { cloud } from './migrations/0006_cloud.js';
import { ai } from './migrations/0005_ai.js';
import { config } from './migrations/0007_config.js';
import { adapterTokens } from './migrations/0008_adapter_tokens.js';
import { perfIndexes } from './migrations/0009_perf_indexes.js';
import { probePort } from './migrations/0010_probe_port.js';
import { tokenRevocation } from './migrations/0011_token_revocation.js';
import { alertActionSecrets } from './migrations/0012_alert_action_secrets.js';
import { passwordChangeRequired } from './migrations/0013_password_change_required.js';
import { streamRoles } from './migrations/0014_stream_roles.js';
import { motion } from './migrations/0015_motion.js';
import { zones } from './migrations/0016_zones.js';
import { review } from './migrations/0017_review.js';
import { mqtt } from './migrations/0018_mqtt.js';
import { cluster } from './migrations/0019_cluster.js';
import { reviewNodes } from './migrations/0020_review_nodes.js';
import { refreshRotation } from './migrations/0021_refresh_rotation.js';
import { reviewNames } from './migrations/0022_review_names.js';
import { reviewSnapshotTime } from './migrations/0023_review_snapshot_time.js';
import { evidence } from './migrations/0024_evidence.js';
import { digestCredentials } from './migrations/0025_digest_credentials.js';
import { cameraOnvif } from './migrations/0026_camera_onvif.js';
import type { MigrationContext, PortableMigration } from './migrations/helpers.js';

const MIGRATIONS: ReadonlyArray<readonly [string, PortableMigration]> = [
  ['0001_foundation', foundation],
  ['0002_cameras', cameras],
  ['0003_events_alerts', eventsAlerts],
  ['0004_recordings', recordings],
  ['0005_ai', ai],
  ['0006_cloud', cloud],
  ['0007_config', config],
  ['0008_adapter_tokens', adapterTokens],
  ['0009_perf_indexes', perfIndexes],
  ['0010_probe_port', probePort],
  ['0011_token_revocation', tokenRevocation],
  ['0012_alert_action_secrets', alertActionSecrets],
  ['0013_password_change_required', passwordChangeRequired],
  ['0014_stream_roles', streamRoles],
  ['0015_motion', motion],
  ['0016_zones', zones],
  ['0017_review', review],
  ['0018_mqtt', mqtt],
  ['0019_cluster', cluster],
  ['0020_review_nodes', reviewNodes],
  ['0021_refresh_rotation', refreshRotation],
  ['0022_review_names', reviewNames],
  ['0023_review_snapshot_time', reviewSnapshotTime],
  ['0024_evidence', evidence],
  ['0025_digest_credentials', digestCredentials],
  ['0026_camera_onvif', cameraOnvif],
];

/** In the order they apply. */
export const MIGRATION_NAMES = MIGRATIONS.map(([name]) => name);

export interface MigrateOptions extends MigrationContext {
  /** stop after this migration (tests that set up data as an earlier version wrote it) */
  upTo?: string;
}

export async function migrateToLatest(
  handle: DatabaseHandle,
  options: MigrateOptions = {},
): Promise<string[]> {
  const { upTo, ...context } = options;
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        MIGRATIONS.map(([name, migration]): [string, Migration] => [
          name,
          { up: (db) => migration.up(db, handle.dialect, context) },
        ]),
      ),
  };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  // Every table, those of this run included, notifies other recorders of its changes (pg-changes.ts).
  if (handle.dialect === 'postgres') await installChangeTriggers(handle.db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
