import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { UsersTable } from '../../platform/db/schema.js';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Omit<UsersTable, 'id'>;
export type UserPatch = Updateable<Omit<UsersTable, 'id'>>;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirst();
  }

  async list(skip: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db.selectFrom('users').selectAll().orderBy('id').offset(skip).limit(limit).execute(),
      this.count(),
    ]);
    return { rows, total };
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async countActiveSuperusers(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('is_superuser', '=', true)
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async insert(user: NewUserRow): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, patch: UserPatch): Promise<UserRow | undefined> {
    return this.db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  }
}
