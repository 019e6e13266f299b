import { randomBytes } from 'node:crypto';
import { requireSuperuser } from '../../platform/auth/guards.js';
import type { Principal, RequestContext } from '../../platform/auth/principal.js';
import type { PasswordHasher } from '../../platform/crypto/passwords.js';
import {
  BadRequestError,
  ConflictError,
  FieldValidationError,
  NotFoundError,
} from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { DigestCredentials } from './digest-credentials.js';
import type {
  PasswordChange,
  UserCreate,
  UserList,
  UserListQuery,
  UserResponse,
  UserUpdate,
} from './users.schemas.js';
import type { UserListRow, UserPatch, UserRow, UsersRepository } from './users.repository.js';

/** Ends a user's sessions (implemented by the auth module, which owns refresh tokens). */
export interface SessionRevoker {
  revokeAllSessions(userId: number): Promise<void>;
}

export const BOOTSTRAP_ADMIN = 'admin';

export function toUserResponse(row: UserListRow): UserResponse {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    is_active: row.is_active,
    is_superuser: row.is_superuser,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_login_at: row.last_login_at,
    password_change_required: row.password_change_required,
  };
}

function checkPasswordPolicy(password: string, username: string, field: string): void {
  if (password.toLowerCase().includes(username.toLowerCase())) {
    throw new FieldValidationError(['body', field], 'Password must not contain the username');
  }
}

export class UsersService {
  /** The row each principal was made from (see principalFor): the request that asks for it already read it. */
  readonly #principalRows = new WeakMap<Principal, UserRow>();

  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
    private readonly sessions: SessionRevoker,
    private readonly digest: DigestCredentials,
  ) {}

  async list(context: RequestContext, query: UserListQuery): Promise<UserList> {
    requireSuperuser(context.principal);
    const { rows, total } = await this.users.list(query.skip, query.limit);
    return { users: rows.map(toUserResponse), total };
  }

  async get(context: RequestContext, id: number): Promise<UserResponse> {
    requireSuperuser(context.principal);
    return toUserResponse(await this.#require(id));
  }

  async me(context: RequestContext): Promise<UserResponse> {
    const row = this.#principalRows.get(context.principal);
    return toUserResponse(row ?? (await this.#require(context.principal.userId)));
  }

  async create(context: RequestContext, body: UserCreate): Promise<UserResponse> {
    requireSuperuser(context.principal);
    checkPasswordPolicy(body.password, body.username, 'password');
    await this.#ensureUsernameFree(body.username);
    const row = await this.users.insert({
      username: body.username,
      username_key: body.username.toLowerCase(),
      email: body.email ?? null,
      password_hash: await this.hasher.hash(body.password),
      digest_ha1_sealed: this.digest.seal(body.username, body.password),
      is_active: body.is_active,
      is_superuser: body.is_superuser,
      created_at: new Date().toISOString(),
      updated_at: null,
      last_login_at: null,
      // Not 0: an account that had this id before (a restore may hand ids out again) had lower epochs.
      token_epoch: Date.now(),
    });
    await this.audit.record(context, {
      action: 'user.create',
      entityType: 'user',
      entityId: row.id,
      details: { username: row.username, is_superuser: row.is_superuser, is_active: row.is_active },
    });
    return toUserResponse(row);
  }

  async update(context: RequestContext, id: number, body: UserUpdate): Promise<UserResponse> {
    requireSuperuser(context.principal);
    const current = await this.#require(id);
    const username = body.username ?? current.username;
    if (body.password !== undefined) checkPasswordPolicy(body.password, username, 'password');
    if (body.username !== undefined && body.username.toLowerCase() !== current.username_key) {
      await this.#ensureUsernameFree(body.username);
    }
    const isSelf = id === context.principal.userId;
    if (isSelf && body.is_active === false) throw new BadRequestError('You cannot deactivate yourself');
    if (isSelf && body.is_superuser === false)
      throw new BadRequestError('You cannot remove your own superuser rights');

    const patch: UserPatch = { updated_at: new Date().toISOString() };
    if (body.username !== undefined) Object.assign(patch, { username, username_key: username.toLowerCase() });
    if (body.email !== undefined) patch.email = body.email;
    if (body.is_active !== undefined) patch.is_active = body.is_active;
    if (body.is_superuser !== undefined) patch.is_superuser = body.is_superuser;
    if (body.password !== undefined) patch.password_hash = await this.hasher.hash(body.password);
    // HA1 is bound to the username as well: a renamed account without a new password does Digest again after
    // its next login.
    if (body.password !== undefined) patch.digest_ha1_sealed = this.digest.seal(username, body.password);
    else if (body.username !== undefined && body.username !== current.username)
      patch.digest_ha1_sealed = null;

    // A new password or a deactivation ends the user's sessions: access tokens and tickets with the same write
    // (a reactivated account does not get them back), refresh tokens right after.
    const endSessions = body.password !== undefined || body.is_active === false;
    const row = (await this.users.update(id, patch, endSessions)) ?? (await this.#require(id));
    if (endSessions) await this.sessions.revokeAllSessions(id);
    await this.audit.record(context, {
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      details: { changed: Object.keys(body) },
    });
    return toUserResponse(row);
  }

  /** DELETE deactivates rather than erases: audit rows and camera ownership keep pointing at a real user. */
  async deactivate(context: RequestContext, id: number): Promise<void> {
    requireSuperuser(context.principal);
    await this.#require(id);
    if (id === context.principal.userId) throw new BadRequestError('You cannot deactivate yourself');
    await this.users.update(id, { is_active: false, updated_at: new Date().toISOString() }, true);
    await this.sessions.revokeAllSessions(id);
    await this.audit.record(context, { action: 'user.deactivate', entityType: 'user', entityId: id });
  }

  async changeOwnPassword(context: RequestContext, body: PasswordChange): Promise<void> {
    const user = await this.#require(context.principal.userId);
    if (!(await this.hasher.verify(user.password_hash, body.current_password))) {
      throw new BadRequestError('Current password is incorrect');
    }
    checkPasswordPolicy(body.new_password, user.username, 'new_password');
    // Every session ends, the caller's too (access tokens and tickets with the same write): log in again.
    await this.users.update(
      user.id,
      {
        password_hash: await this.hasher.hash(body.new_password),
        digest_ha1_sealed: this.digest.seal(user.username, body.new_password),
        password_change_required: false,
        updated_at: new Date().toISOString(),
      },
      true,
    );
    await this.sessions.revokeAllSessions(user.id);
    await this.audit.record(context, {
      action: 'user.password_change',
      entityType: 'user',
      entityId: user.id,
    });
  }

  /** First start: with no users at all, create the `admin` superuser. Returns the password when generated. */
  async bootstrapAdmin(
    configuredPassword: string | undefined,
  ): Promise<{ created: boolean; password?: string }> {
    if ((await this.users.count()) > 0) return { created: false };
    const password = configuredPassword ?? randomBytes(15).toString('base64url');
    const row = await this.users.insert({
      username: BOOTSTRAP_ADMIN,
      username_key: BOOTSTRAP_ADMIN,
      email: null,
      password_hash: await this.hasher.hash(password),
      digest_ha1_sealed: this.digest.seal(BOOTSTRAP_ADMIN, password),
      is_active: true,
      is_superuser: true,
      created_at: new Date().toISOString(),
      updated_at: null,
      last_login_at: null,
      token_epoch: Date.now(),
      password_change_required: configuredPassword === undefined,
    });
    await this.audit.record(
      { userId: null, username: null, ip: null, userAgent: null },
      { action: 'user.bootstrap', entityType: 'user', entityId: row.id, details: { username: row.username } },
    );
    return configuredPassword === undefined ? { created: true, password } : { created: true };
  }

  // For the auth module: credentials lookup and login bookkeeping.
  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.users.findByUsername(username);
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.users.findById(id);
  }

  /**
   * For the auth module: the caller behind a verified credential, read now; undefined unless the user is active
   * and the credential's token epoch is still theirs (a logout or password change since ends it).
   */
  async principalFor(id: number, tokenEpoch: number): Promise<Principal | undefined> {
    const row = await this.users.findById(id);
    if (!row?.is_active || row.token_epoch !== tokenEpoch) return undefined;
    const principal: Principal = { userId: row.id, username: row.username, isSuperuser: row.is_superuser };
    this.#principalRows.set(principal, row);
    return principal;
  }

  /** For URL tickets: the epoch a new ticket of this user is issued in. */
  async tokenEpochOf(id: number): Promise<number | undefined> {
    return (await this.users.findById(id))?.token_epoch;
  }

  /** For the auth module (logout): every access token and ticket of the user issued until now stops working. */
  async endTokens(id: number): Promise<void> {
    await this.users.endTokens(id);
  }

  /**
   * A login with the right password: noted, and the account's Digest HA1 made if it has none yet (an account
   * from before issue #36, or renamed since).
   */
  async recordLogin(user: UserRow, password: string): Promise<void> {
    await this.users.update(user.id, {
      last_login_at: new Date().toISOString(),
      ...(user.digest_ha1_sealed === null
        ? { digest_ha1_sealed: this.digest.seal(user.username, password) }
        : {}),
    });
  }

  /** For RTSP Digest (modules/restream): the account's HA1, null when none is stored yet. */
  digestHa1Of(user: UserRow): string | null {
    return this.digest.open(user.digest_ha1_sealed);
  }

  async #require(id: number): Promise<UserRow> {
    const row = await this.users.findById(id);
    if (!row) throw new NotFoundError('User');
    return row;
  }

  async #ensureUsernameFree(username: string): Promise<void> {
    if (await this.users.findByUsername(username)) throw new ConflictError('Username already exists');
  }
}
