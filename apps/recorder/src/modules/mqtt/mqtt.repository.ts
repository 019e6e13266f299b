// The MQTT settings: one row (id 1), made with a fresh recorder id the first time it is read.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/database.js';
import type { MqttSettingsTable } from '../../platform/db/schema.js';

export type MqttSettingsRow = Omit<MqttSettingsTable, 'id'>;

export class MqttRepository {
  constructor(private readonly db: Db) {}

  async get(): Promise<MqttSettingsRow> {
    const row = await this.db.selectFrom('mqtt_settings').selectAll().where('id', '=', 1).executeTakeFirst();
    if (row) {
      const { id: _id, ...settings } = row;
      return settings;
    }
    const fresh: MqttSettingsRow = {
      enabled: false,
      url: null,
      username: null,
      password_sealed: null,
      client_id: null,
      topic_prefix: null,
      discovery_prefix: null,
      discovery_enabled: true,
      recorder_id: randomBytes(6).toString('hex'),
      updated_at: null,
    };
    // Two first reads at once: the first insert wins and both answer with the stored row.
    await this.db
      .insertInto('mqtt_settings')
      .values({ id: 1, ...fresh })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return this.get();
  }

  async save(settings: MqttSettingsRow): Promise<void> {
    await this.db
      .insertInto('mqtt_settings')
      .values({ id: 1, ...settings })
      .onConflict((oc) => oc.column('id').doUpdateSet(settings))
      .execute();
  }
}
