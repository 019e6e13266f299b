// The one row of cloud settings (id = 1); secrets are SecretBox output.
import type { Db } from '../../../platform/db/database.js';
import type { CloudSettingsRow } from '../../../platform/db/schema.js';

export type { CloudSettingsRow };

export const DEFAULT_CLOUD_SETTINGS: CloudSettingsRow = {
  recording_enabled: false,
  use_byok: true,
  access_key: null,
  secret_key_sealed: null,
  bucket: null,
  region: null,
  server_url: null,
  storage_class: null,
  streaming_enabled: false,
  streaming_protocol: 'webrtc',
  streaming_video_codec: 'h264',
  streaming_encryption: 'dtls-srtp',
  streaming_server_url: null,
  streaming_auth_token_sealed: null,
  updated_at: null,
};

export class CloudSettingsRepository {
  constructor(private readonly db: Db) {}

  async get(): Promise<CloudSettingsRow> {
    const row = await this.db.selectFrom('cloud_settings').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) return { ...DEFAULT_CLOUD_SETTINGS };
    const { id: _id, ...settings } = row;
    return settings;
  }

  async save(settings: CloudSettingsRow): Promise<void> {
    await this.db
      .insertInto('cloud_settings')
      .values({ id: 1, ...settings })
      .onConflict((oc) => oc.column('id').doUpdateSet(settings))
      .execute();
  }
}
