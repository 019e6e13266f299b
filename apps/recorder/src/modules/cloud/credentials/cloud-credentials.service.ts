// Per-user cloud provider credentials (API.md §12). The token is sealed with the secret box and never leaves the
// recorder except in the Authorization header of a provider call: not in responses, logs or the audit log.
import { randomUUID } from 'node:crypto';
import { superuserRequiredFor } from '../../../platform/auth/guards.js';
import type { RequestContext } from '../../../platform/auth/principal.js';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import { ConflictError, FieldValidationError, NotFoundError } from '../../../platform/http/errors.js';
import type { AuditService } from '../../audit/audit.service.js';
import type { CloudCredentialsRepository, CredentialRow } from './cloud-credentials.repository.js';
import type {
  CredentialCreate,
  CredentialList,
  CredentialQuery,
  CredentialResponse,
  Provider,
} from './cloud-credentials.schemas.js';

export const TOKEN_PURPOSE = 'cloud.provider_token';

/** account_info keys that point the recorder somewhere else: only a superuser may set them. */
const ENDPOINT_KEYS = ['base_url', 'allow_private_network'] as const;

/** What a provider call needs; only ever handed to the provider clients. */
export interface OpenCredential {
  id: string;
  userId: number;
  provider: Provider;
  token: string;
  accountInfo: Record<string, unknown>;
}

export class CloudCredentialsService {
  constructor(
    private readonly repository: CloudCredentialsRepository,
    private readonly secretBox: SecretBox,
    private readonly audit: AuditService,
  ) {}

  async create(context: RequestContext, body: CredentialCreate): Promise<CredentialResponse> {
    checkEndpoint(context, body.account_info ?? null);
    const now = new Date().toISOString();
    const row: CredentialRow = {
      id: randomUUID(),
      user_id: context.principal.userId,
      provider: body.provider,
      token_sealed: this.secretBox.seal(body.token, TOKEN_PURPOSE),
      account_info: body.account_info ? JSON.stringify(body.account_info) : null,
      created_at: now,
      updated_at: null,
    };
    await this.repository.insert(row);
    await this.audit.record(context, {
      action: 'cloud_credential.create',
      entityType: 'cloud_credential',
      entityId: row.id,
      details: { provider: row.provider },
    });
    return toResponse(row);
  }

  async list(context: RequestContext, query: CredentialQuery): Promise<CredentialList> {
    const { rows, total } = await this.repository.list(context.principal.userId, query.skip, query.limit);
    return { credentials: rows.map(toResponse), total };
  }

  async get(context: RequestContext, id: string): Promise<CredentialResponse> {
    return toResponse(await this.#own(context.principal.userId, id));
  }

  async remove(context: RequestContext, id: string): Promise<void> {
    const row = await this.#own(context.principal.userId, id);
    const models = await this.repository.usedBy(id);
    if (models.length > 0) {
      throw new ConflictError({
        code: 'credential_in_use',
        message: 'Cloud models still use this credential; delete or move them first',
        models,
      });
    }
    await this.repository.delete(id);
    await this.audit.record(context, {
      action: 'cloud_credential.delete',
      entityType: 'cloud_credential',
      entityId: id,
      details: { provider: row.provider },
    });
  }

  /** The caller's credential (404 for anyone else's), without its secret. */
  async owned(userId: number, id: string): Promise<CredentialRow> {
    return this.#own(userId, id);
  }

  /** The credential with its token, for a provider call. Undefined when it is gone. */
  async open(id: string): Promise<OpenCredential | undefined> {
    const row = await this.repository.find(id);
    if (!row) return undefined;
    return {
      id: row.id,
      userId: row.user_id,
      provider: row.provider as Provider,
      token: this.secretBox.open(row.token_sealed, TOKEN_PURPOSE),
      accountInfo: row.account_info ? (JSON.parse(row.account_info) as Record<string, unknown>) : {},
    };
  }

  async #own(userId: number, id: string): Promise<CredentialRow> {
    const row = await this.repository.find(id);
    if (!row || row.user_id !== userId) throw new NotFoundError('Cloud credential');
    return row;
  }
}

/**
 * A custom endpoint makes the recorder connect where the credential says: plain users may not choose that (403
 * naming the key), and a base URL must be a plain base that the provider path is appended to (422).
 */
function checkEndpoint(context: RequestContext, accountInfo: Record<string, unknown> | null): void {
  if (!accountInfo) return;
  const key = ENDPOINT_KEYS.find((name) => accountInfo[name] !== undefined);
  if (key && !context.principal.isSuperuser) {
    throw superuserRequiredFor(['body', 'account_info', key], `Only a superuser may set account_info.${key}`);
  }
  const base = accountInfo.base_url;
  if (typeof base !== 'string') return;
  const url = new URL(base);
  if (url.search || url.hash || base.includes('?') || base.includes('#') || url.username || url.password) {
    throw new FieldValidationError(
      ['body', 'account_info', 'base_url'],
      'A base URL without credentials, query or fragment: the provider path is appended to it',
    );
  }
}

function toResponse(row: CredentialRow): CredentialResponse {
  return {
    id: row.id,
    user_id: row.user_id,
    provider: row.provider,
    account_info: row.account_info,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
