// Stored inference outcomes (synchronous calls and jobs).
import type { Db } from '../../../platform/db/database.js';
import type { CloudResultRow } from '../../../platform/db/schema.js';

export type { CloudResultRow };

export class CloudResultsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: CloudResultRow): Promise<void> {
    await this.db.insertInto('cloud_results').values(row).execute();
  }

  find(id: string): Promise<CloudResultRow | undefined> {
    return this.db.selectFrom('cloud_results').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
