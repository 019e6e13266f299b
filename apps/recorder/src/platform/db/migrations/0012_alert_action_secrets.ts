import type { Kysely } from 'kysely';
import { maskUrlSecrets } from '../../crypto/url-secrets.js';
import type { PortableMigration } from './helpers.js';

// The purposes alert-actions.service.ts seals them with (written out here: a migration stays as it was run).
const URL_PURPOSE = 'alerts.webhook_url';
const HEADERS_PURPOSE = 'alerts.webhook_headers';
const SEALED = /^v1:/;

/**
 * The webhook URL (it may carry `user:pass@` or `?token=`) and its headers (`Authorization`, API keys) were
 * stored in plaintext: the columns are renamed to `*_sealed` and what they hold is sealed with the SecretBox.
 * Delivery records keep the URL they were sent to, so their targets are masked again (every query value, not
 * only the names redactUrl knew). A backup made before this migration names the plaintext fields `webhook_url`
 * and `webhook_headers`, which is exactly how the backup section now carries these secrets.
 */
export const alertActionSecrets: PortableMigration = {
  async up(database, _dialect, { secretBox }) {
    // Table and column names only exist at run time here, as in every migration.
    const db = database as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const rows: { id: number; webhook_url: string | null; webhook_headers: string | null }[] = await db
      .selectFrom('alert_action_config')
      .select(['id', 'webhook_url', 'webhook_headers'])
      .execute();
    const plain = (value: string | null): value is string => value !== null && !SEALED.test(value);
    // Checked before anything changes: SQLite runs migrations without a transaction around their DDL.
    if (!secretBox && rows.some((row) => plain(row.webhook_url) || plain(row.webhook_headers))) {
      throw new Error('0012_alert_action_secrets needs the master key to seal the stored webhook');
    }
    await db.schema
      .alterTable('alert_action_config')
      .renameColumn('webhook_url', 'webhook_url_sealed')
      .execute();
    await db.schema
      .alterTable('alert_action_config')
      .renameColumn('webhook_headers', 'webhook_headers_sealed')
      .execute();
    for (const row of rows) {
      if (!secretBox || (!plain(row.webhook_url) && !plain(row.webhook_headers))) continue;
      const seal = (value: string | null, purpose: string) =>
        plain(value) ? secretBox.seal(value, purpose) : value;
      await db
        .updateTable('alert_action_config')
        .set({
          webhook_url_sealed: seal(row.webhook_url, URL_PURPOSE),
          webhook_headers_sealed: seal(row.webhook_headers, HEADERS_PURPOSE),
        })
        .where('id', '=', row.id)
        .execute();
    }

    const targets: { target: string }[] = await db
      .selectFrom('alert_deliveries')
      .select('target')
      .distinct()
      .where('channel', '=', 'webhook')
      .execute();
    for (const { target } of targets) {
      const masked = maskUrlSecrets(target);
      if (masked === target) continue;
      await db
        .updateTable('alert_deliveries')
        .set({ target: masked })
        .where('channel', '=', 'webhook')
        .where('target', '=', target)
        .execute();
    }
  },
};
