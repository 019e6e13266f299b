import type { CompiledQuery, Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { cacheable } from '../../platform/db/sqlite-driver.js';
import type { UsersTable } from '../../platform/db/schema.js';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Omit<UsersTable, 'id'>;
export type UserPatch = Updateable<Omit<UsersTable, 'id'>>;

/** What a user listing shows: every column but the password hash (and the lookup key). */
const LIST_COLUMNS = [
  'id',
  'username',
  'email',
  'is_active',
  'is_superuser',
  'created_at',
  'updated_at',
  'last_login_at',
] as const;
export type UserListRow = Pick<UserRow, (typeof LIST_COLUMNS)[number]>;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  #byId: CompiledQuery<UserRow> | undefined;

  /** Every authenticated request reads its user: compiled once, since building the query cost more than running it. */
  async findById(id: number): Promise<UserRow | undefined> {
    this.#byId ??= this.db.selectFrom('users').selectAll().where('id', '=', 0).compile();
    const { rows } = await this.db.executeQuery<UserRow>({ ...this.#byId, parameters: [id] });
    return rows[0];
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirst();
  }

  /** A page of users without their password hashes; on SQLite the page is reused while no data changed. */
  async list(skip: number, limit: number): Promise<{ rows: UserListRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('users')
        .select(LIST_COLUMNS)
        .orderBy('id')
        .offset(skip)
        .limit(limit)
        .modifyEnd(cacheable)
        .execute(),
      this.count(),
    ]);
    return { rows, total };
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .modifyEnd(cacheable)
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
