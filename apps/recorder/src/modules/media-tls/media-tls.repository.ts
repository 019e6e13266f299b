import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { MediaTlsTable } from '../../platform/db/schema.js';

export type MediaTlsRow = Omit<Selectable<MediaTlsTable>, 'id'>;

/** One row (id = 1). */
export class MediaTlsRepository {
  constructor(private readonly db: Db) {}

  async get(): Promise<MediaTlsRow | null> {
    const row = await this.db.selectFrom('media_tls').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) return null;
    const { id: _id, ...material } = row;
    return material;
  }

  async save(material: MediaTlsRow): Promise<void> {
    await this.db
      .insertInto('media_tls')
      .values({ id: 1, ...material })
      .onConflict((oc) => oc.column('id').doUpdateSet(material))
      .execute();
  }

  async clear(): Promise<boolean> {
    const result = await this.db.deleteFrom('media_tls').where('id', '=', 1).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
