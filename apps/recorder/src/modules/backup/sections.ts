// What a configuration backup holds: one section per table, in restore order (parents before children).
// A new resource is one more entry here. Secrets are opened with the server's SecretBox on export (the file is
// encrypted as a whole under the backup key) and sealed again with the target server's SecretBox on restore.
import { PASSWORD_PURPOSE } from '../cameras/cameras.service.js';
import { PRIVATE_KEY_PURPOSE } from '../media-tls/media-tls.service.js';
import { TOKEN_PURPOSE } from '../cloud/credentials/cloud-credentials.service.js';
import { AUTH_TOKEN_PURPOSE, SECRET_KEY_PURPOSE } from '../cloud/settings/cloud-settings.service.js';
import { STREAM_KEY_PURPOSE } from '../cloud/stream-targets/stream-targets.service.js';
import { ADAPTER_TOKEN_PURPOSE } from '../adapters/adapters.service.js';
import { MQTT_PASSWORD_PURPOSE } from '../mqtt/mqtt.service.js';
import { DIGEST_HA1_PURPOSE } from '../users/digest-credentials.js';
import {
  AUTH_TOKEN_PURPOSE as ALERT_AUTH_TOKEN_PURPOSE,
  WEBHOOK_HEADERS_PURPOSE,
  WEBHOOK_SECRET_PURPOSE,
  WEBHOOK_URL_PURPOSE,
} from '../alert-actions/alert-actions.service.js';

export type Row = Record<string, unknown>;

export interface SectionSecret {
  /** the sealed column in the table */
  column: string;
  /** the plaintext field in the backup */
  field: string;
  /** the SecretBox purpose the owning module seals it with */
  purpose: string;
}

export interface BackupSection {
  name: string;
  table: string;
  /** the columns that identify a row: ordering and the dry-run comparison */
  key: string[];
  secrets?: SectionSecret[];
  /** an auto-increment `id` whose sequence must follow explicit ids on PostgreSQL */
  serial?: boolean;
  /**
   * `replace`: every row deleted, the backup's inserted. `upsert` (users, cameras, AI models): rows updated in place
   * by id and only rows missing from the backup deleted, so what refers to them and is not configuration
   * (recordings, audit entries, detection results) keeps pointing at the same thing.
   */
  mode: 'replace' | 'upsert';
  /** adjusts a row on its way back in (runtime state is not configuration) */
  onRestore?: (row: Row) => Row;
}

export const SECTIONS: readonly BackupSection[] = [
  {
    name: 'users',
    table: 'users',
    key: ['id'],
    serial: true,
    mode: 'upsert',
    // The RTSP Digest HA1 (docs/restream.md) goes with its user, sealed again under the target's master key.
    secrets: [{ column: 'digest_ha1_sealed', field: 'digest_ha1', purpose: DIGEST_HA1_PURPOSE }],
    // The token epoch is session state, not configuration: an older value written back would bring back access
    // tokens a logout or password change ended. A user keeps theirs; one the restore adds starts at 0.
    onRestore: ({ token_epoch: _sessionState, ...row }) => row,
  },
  {
    name: 'cameras',
    table: 'cameras',
    key: ['id'],
    serial: true,
    mode: 'upsert',
    secrets: [{ column: 'password_sealed', field: 'password', purpose: PASSWORD_PURPOSE }],
  },
  {
    name: 'camera_configs',
    table: 'camera_configs',
    key: ['camera_id'],
    serial: true,
    mode: 'replace',
    onRestore: (row) => ({ ...row, stream_active: false, stream_failures: 0 }),
  },
  { name: 'camera_permissions', table: 'camera_permissions', key: ['camera_id', 'user_id'], mode: 'replace' },
  { name: 'camera_motion', table: 'camera_motion', key: ['camera_id'], mode: 'replace' },
  { name: 'camera_zones', table: 'camera_zones', key: ['camera_id'], mode: 'replace' },
  {
    name: 'camera_review_settings',
    table: 'camera_review_settings',
    key: ['camera_id'],
    mode: 'replace',
  },
  {
    name: 'camera_assignments',
    table: 'camera_assignments',
    key: ['camera_id', 'position'],
    mode: 'replace',
  },
  {
    name: 'skill_consumers',
    table: 'skill_consumers',
    key: ['camera_id', 'skill', 'consumer'],
    mode: 'replace',
  },
  {
    name: 'alert_actions',
    table: 'alert_action_config',
    key: ['id'],
    mode: 'replace',
    // The URL and header fields carry the plaintext column names of backups made before migration 0012.
    secrets: [
      { column: 'webhook_url_sealed', field: 'webhook_url', purpose: WEBHOOK_URL_PURPOSE },
      { column: 'webhook_secret_sealed', field: 'webhook_secret', purpose: WEBHOOK_SECRET_PURPOSE },
      { column: 'webhook_headers_sealed', field: 'webhook_headers', purpose: WEBHOOK_HEADERS_PURPOSE },
      {
        column: 'telephony_auth_token_sealed',
        field: 'telephony_auth_token',
        purpose: ALERT_AUTH_TOKEN_PURPOSE,
      },
    ],
  },
  { name: 'settings', table: 'settings', key: ['key'], mode: 'replace' },
  {
    name: 'mqtt_settings',
    table: 'mqtt_settings',
    key: ['id'],
    mode: 'replace',
    secrets: [{ column: 'password_sealed', field: 'password', purpose: MQTT_PASSWORD_PURPOSE }],
  },
  { name: 'layouts', table: 'layouts', key: ['user_id', 'layout_id'], mode: 'replace' },
  // API keys stay hashes: a restored app keeps working with the key it already has.
  { name: 'apps', table: 'apps', key: ['id'], mode: 'replace' },
  // Detection results and the recording-analysis ledger hang off models (ON DELETE CASCADE): updated in place.
  { name: 'ai_models', table: 'ai_models', key: ['id'], serial: true, mode: 'upsert' },
  // Adapters registered through the API (ADAPTER_URLS ones live in the environment), with their tokens.
  {
    name: 'ai_adapters',
    table: 'ai_adapters',
    key: ['id'],
    serial: true,
    mode: 'replace',
    secrets: [{ column: 'token_sealed', field: 'token', purpose: ADAPTER_TOKEN_PURPOSE }],
  },
  {
    name: 'cloud_settings',
    table: 'cloud_settings',
    key: ['id'],
    mode: 'replace',
    secrets: [
      { column: 'secret_key_sealed', field: 'secret_key', purpose: SECRET_KEY_PURPOSE },
      { column: 'streaming_auth_token_sealed', field: 'streaming_auth_token', purpose: AUTH_TOKEN_PURPOSE },
    ],
  },
  {
    name: 'cloud_credentials',
    table: 'cloud_credentials',
    key: ['id'],
    mode: 'replace',
    secrets: [{ column: 'token_sealed', field: 'token', purpose: TOKEN_PURPOSE }],
  },
  // Stored cloud results keep their model_id (no foreign key): the same ids come back.
  { name: 'cloud_models', table: 'cloud_models', key: ['id'], serial: true, mode: 'replace' },
  {
    name: 'stream_targets',
    table: 'stream_targets',
    key: ['target_id'],
    mode: 'replace',
    secrets: [{ column: 'stream_key_sealed', field: 'stream_key', purpose: STREAM_KEY_PURPOSE }],
  },
  {
    name: 'media_tls',
    table: 'media_tls',
    key: ['id'],
    mode: 'replace',
    secrets: [{ column: 'key_sealed', field: 'private_key', purpose: PRIVATE_KEY_PURPOSE }],
  },
];
