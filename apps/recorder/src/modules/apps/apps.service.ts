// Registered apps (API.md §13). An app registers its manifest (upsert by manifest.id) with a superuser's token
// or its own API key. A key is handed out once, stored only as a SHA-256 hash, and authenticates as a bearer
// token only while a superuser has the app enabled. The app then acts as its own account `app.<id>`: a
// superuser when the manifest asks for `admin`, otherwise with the camera grants given to that account.
import { createHash, randomBytes } from 'node:crypto';
import { requireSuperuser } from '../../platform/auth/guards.js';
import type { Principal, RequestContext } from '../../platform/auth/principal.js';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../platform/http/errors.js';
import { FieldValidationError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { UsersService } from '../users/users.service.js';
import type { AppRow, AppsRepository } from './apps.repository.js';
import type {
  AppList,
  AppListQuery,
  AppRegisterRequest,
  AppRegisterResponse,
  AppResponse,
} from './apps.schemas.js';

/** Every app key starts with this, so the authentication hook can tell it from a JWT without a lookup. */
export const APP_KEY_PREFIX = 'nvrapp_';
const MAX_MANIFEST_BYTES = 64 * 1024;

export const isAppKey = (token: string): boolean => token.startsWith(APP_KEY_PREFIX);
export const hashAppKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');
export const appAccountName = (appId: string): string => `app.${appId}`;

export class AppsService {
  constructor(
    private readonly repository: AppsRepository,
    private readonly users: UsersService,
    private readonly audit: AuditService,
  ) {}

  async register(
    context: RequestContext,
    body: AppRegisterRequest,
  ): Promise<{ created: boolean; app: AppRegisterResponse }> {
    const { manifest } = body;
    const caller = context.principal;
    if (caller.appId !== undefined) {
      if (caller.appId !== manifest.id) throw new ForbiddenError('An app key may only register its own app');
    } else requireSuperuser(caller);
    if (!isHttpUrl(body.url))
      throw new FieldValidationError(['body', 'url'], 'Only http and https URLs are allowed');
    const manifestText = JSON.stringify(manifest);
    if (Buffer.byteLength(manifestText) > MAX_MANIFEST_BYTES) {
      throw new FieldValidationError(
        ['body', 'manifest'],
        `The manifest may be at most ${MAX_MANIFEST_BYTES} bytes`,
      );
    }
    const permissions = [...(manifest.permissions ?? [])].sort();
    const now = new Date().toISOString();
    const key = body.wants_key ? `${APP_KEY_PREFIX}${randomBytes(32).toString('base64url')}` : null;
    const keyFields = key ? { api_key_hash: hashAppKey(key), api_key_created_at: now } : {};
    const fields = {
      name: manifest.name,
      version: manifest.version,
      url: body.url,
      sdk_version: body.sdk_version ?? null,
      manifest: manifestText,
      permissions: JSON.stringify(permissions),
    };

    const existing = await this.repository.find(manifest.id);
    let row: AppRow | undefined;
    let rightsChanged = false;
    if (existing) {
      // Asking for other rights than the ones a superuser approved needs approval again.
      rightsChanged = existing.permissions !== fields.permissions;
      row = await this.repository.update(manifest.id, {
        ...fields,
        ...keyFields,
        ...(rightsChanged && existing.enabled ? { enabled: false } : {}),
        updated_at: now,
      });
    } else {
      const inserted = await this.repository.insert({
        id: manifest.id,
        ...fields,
        enabled: false,
        user_id: null,
        api_key_hash: null,
        api_key_created_at: null,
        ...keyFields,
        created_at: now,
        updated_at: null,
      });
      // Lost a race with a concurrent registration of the same id: update what it created.
      row = inserted
        ? await this.repository.find(manifest.id)
        : await this.repository.update(manifest.id, { ...fields, ...keyFields, updated_at: now });
    }
    if (!row) throw new NotFoundError('App');
    if (rightsChanged && existing?.enabled && row.user_id !== null)
      await this.#deactivateAccount(context, row.user_id);
    await this.audit.record(context, {
      action: 'app.register',
      entityType: 'app',
      entityId: row.id,
      details: {
        name: row.name,
        version: row.version,
        permissions,
        key_issued: key !== null,
        ...(rightsChanged && existing?.enabled ? { disabled_for_new_rights: true } : {}),
      },
    });
    return { created: !existing, app: { ...toResponse(row), ...(key ? { api_key: key } : {}) } };
  }

  async list(context: RequestContext, query: AppListQuery): Promise<AppList> {
    requireSuperuser(context.principal);
    const { rows, total } = await this.repository.list(query.skip, query.limit);
    return { apps: rows.map(toResponse), total };
  }

  /** A superuser reads any app; an app reads itself. */
  async get(context: RequestContext, id: string): Promise<AppResponse> {
    if (context.principal.appId !== id) requireSuperuser(context.principal);
    return toResponse(await this.#require(id));
  }

  /** Removes the app and with it its key; its account is deactivated (accounts are never erased). */
  async delete(context: RequestContext, id: string): Promise<void> {
    requireSuperuser(context.principal);
    const app = await this.#require(id);
    await this.repository.delete(id);
    if (app.user_id !== null) await this.#deactivateAccount(context, app.user_id);
    await this.audit.record(context, { action: 'app.delete', entityType: 'app', entityId: id });
  }

  /** Approves the rights the manifest asks for: the app's key now authenticates as its account. */
  async enable(context: RequestContext, id: string): Promise<AppResponse> {
    requireSuperuser(context.principal);
    const app = await this.#require(id);
    const admin = (JSON.parse(app.permissions) as string[]).includes('admin');
    let userId = app.user_id ?? (await this.repository.accountIdByUsername(appAccountName(id)));
    if (userId === null) {
      const account = await this.users.create(context, {
        username: appAccountName(id),
        // Nobody ever logs in as an app: the password is random and thrown away.
        password: randomBytes(32).toString('base64url'),
        is_active: true,
        is_superuser: admin,
      });
      userId = account.id;
    } else {
      await this.users.update(context, userId, { is_active: true, is_superuser: admin });
    }
    const row = await this.repository.update(id, {
      enabled: true,
      user_id: userId,
      updated_at: new Date().toISOString(),
    });
    if (!row) throw new NotFoundError('App');
    await this.audit.record(context, {
      action: 'app.enable',
      entityType: 'app',
      entityId: id,
      details: { permissions: JSON.parse(app.permissions) as string[], user_id: userId },
    });
    return toResponse(row);
  }

  async disable(context: RequestContext, id: string): Promise<AppResponse> {
    requireSuperuser(context.principal);
    const app = await this.#require(id);
    const row = await this.repository.update(id, { enabled: false, updated_at: new Date().toISOString() });
    if (!row) throw new NotFoundError('App');
    if (app.user_id !== null) await this.#deactivateAccount(context, app.user_id);
    await this.audit.record(context, { action: 'app.disable', entityType: 'app', entityId: id });
    return toResponse(row);
  }

  /** The principal an app key stands for; 401 for an unknown key or an app that is not enabled. */
  async authenticate(key: string): Promise<Principal> {
    const app = await this.repository.findByKeyHash(hashAppKey(key));
    if (!app?.enabled || app.user_id === null) throw new UnauthorizedError('Could not validate credentials');
    const user = await this.users.findById(app.user_id);
    if (!user?.is_active) throw new UnauthorizedError('Could not validate credentials');
    return { userId: user.id, username: user.username, isSuperuser: user.is_superuser, appId: app.id };
  }

  async #deactivateAccount(context: RequestContext, userId: number): Promise<void> {
    // An app cannot switch off the account it is calling with (that would be "deactivate yourself").
    if (userId === context.principal.userId) return;
    const user = await this.users.findById(userId);
    if (user?.is_active) await this.users.update(context, userId, { is_active: false, is_superuser: false });
  }

  async #require(id: string): Promise<AppRow> {
    const row = await this.repository.find(id);
    if (!row) throw new NotFoundError('App');
    return row;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function toResponse(row: AppRow): AppResponse {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    url: row.url,
    sdk_version: row.sdk_version,
    manifest: JSON.parse(row.manifest) as Record<string, unknown>,
    permissions: JSON.parse(row.permissions) as string[],
    enabled: row.enabled,
    user_id: row.user_id,
    key_set: row.api_key_hash !== null,
    key_created_at: row.api_key_created_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
