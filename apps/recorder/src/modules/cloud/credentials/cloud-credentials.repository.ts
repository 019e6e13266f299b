// Per-user provider credentials; the token column holds SecretBox output only.
import type { Selectable } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import type { CloudCredentialsTable } from '../../../platform/db/schema.js';

export type CredentialRow = Selectable<CloudCredentialsTable>;

export class CloudCredentialsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: CredentialRow): Promise<void> {
    await this.db.insertInto('cloud_credentials').values(row).execute();
  }

  find(id: string): Promise<CredentialRow | undefined> {
    return this.db.selectFrom('cloud_credentials').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(userId: number, skip: number, limit: number): Promise<{ rows: CredentialRow[]; total: number }> {
    const rows = await this.db
      .selectFrom('cloud_credentials')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .offset(skip)
      .limit(limit)
      .execute();
    const count = await this.db
      .selectFrom('cloud_credentials')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  }

  /** Names of the caller's models that use the credential. */
  async usedBy(id: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('cloud_models')
      .select('name')
      .where('credential_id', '=', id)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.name);
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('cloud_credentials').where('id', '=', id).execute();
  }
}
