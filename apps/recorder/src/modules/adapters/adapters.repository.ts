import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { AiAdaptersTable } from '../../platform/db/schema.js';

export type AdapterRow = Selectable<AiAdaptersTable>;

/** Adapters registered through the API (ADAPTER_URLS ones come from the configuration). */
export class AdaptersRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<AdapterRow[]> {
    return this.db.selectFrom('ai_adapters').selectAll().orderBy('id').execute();
  }

  /** `tokenSealed`: SecretBox output of the adapter's bearer token, or null. */
  insert(name: string, url: string, tokenSealed: string | null = null): Promise<AdapterRow> {
    return this.db
      .insertInto('ai_adapters')
      .values({ name, url, created_at: new Date().toISOString(), token_sealed: tokenSealed })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(name: string): Promise<boolean> {
    const result = await this.db.deleteFrom('ai_adapters').where('name', '=', name).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
