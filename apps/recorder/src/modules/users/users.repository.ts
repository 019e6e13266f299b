import { sql, type Insertable, type Updateable } from 'kysely';
import { CompiledRead } from '../../platform/db/compiled-read.js';
import type { Db } from '../../platform/db/database.js';
import { cacheable } from '../../platform/db/result-cache.js';
import type { UserRow, UsersTable } from '../../platform/db/schema.js';

export type { UserRow };
export type NewUserRow = Omit<Insertable<UsersTable>, 'id'>;
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
  'password_change_required',
] as const;
export type UserListRow = Pick<UserRow, (typeof LIST_COLUMNS)[number]>;

/**
 * The epoch that ends a user's access tokens and tickets (platform/auth/jwt.ts): max(epoch + 1, now in ms). Never
 * a value the user had before; the time keeps it apart from the epochs of an account that had this id before a
 * restore (a new account starts at its creation time).
 */
const nextTokenEpoch = (nowMs: number) =>
  sql<number>`case when token_epoch + 1 > ${nowMs} then token_epoch + 1 else ${nowMs} end`;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  // The reads every request makes (its user) and the user listing are compiled once (see CompiledRead).
  // (the user row is also answered from the SQLite result cache while nothing was written: see sqlite-driver.ts)
  readonly #byId = new CompiledRead<UserRow>(1, (db, id) =>
    db.selectFrom('users').selectAll().where('id', '=', id).modifyEnd(cacheable),
  );
  readonly #page = new CompiledRead<UserListRow>(2, (db, skip, limit) =>
    db.selectFrom('users').select(LIST_COLUMNS).orderBy('id').offset(skip).limit(limit).modifyEnd(cacheable),
  );
  readonly #count = new CompiledRead<{ total: number }>(0, (db) =>
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .modifyEnd(cacheable),
  );

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.#byId.run(this.db, id);
    return row;
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
    const [rows, total] = await Promise.all([this.#page.run(this.db, skip, limit), this.count()]);
    return { rows, total };
  }

  async count(): Promise<number> {
    const [row] = await this.#count.run(this.db);
    return Number(row!.total);
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

  /** `endTokens`: in the same statement, every access token and ticket of the user stops working. */
  async update(id: number, patch: UserPatch, endTokens = false): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set(endTokens ? { ...patch, token_epoch: nextTokenEpoch(Date.now()) } : patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async endTokens(id: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ token_epoch: nextTokenEpoch(Date.now()) })
      .where('id', '=', id)
      .execute();
  }
}
