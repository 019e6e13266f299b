// Per-user cloud provider models (API.md §12): a provider model identifier, the credential to call it with (the
// caller's own: 404 otherwise; of the same provider: 400 otherwise) and a validated JSON config.
import type { RequestContext } from '../../../platform/auth/principal.js';
import { BadRequestError, NotFoundError } from '../../../platform/http/errors.js';
import type { AuditService } from '../../audit/audit.service.js';
import type { Provider } from '../credentials/cloud-credentials.schemas.js';
import type { CloudCredentialsService, OpenCredential } from '../credentials/cloud-credentials.service.js';
import type { CloudModelRow, CloudModelsRepository } from './cloud-models.repository.js';
import type {
  CloudModelCreate,
  CloudModelList,
  CloudModelQuery,
  CloudModelResponse,
  CloudModelUpdate,
} from './cloud-models.schemas.js';
import { parseModelConfig, type ModelConfig } from './model-config.js';

/** Everything a provider call needs about a model. */
export interface ResolvedModel {
  model: CloudModelRow;
  provider: Provider;
  config: ModelConfig;
  credential: OpenCredential;
}

export class CloudModelsService {
  constructor(
    private readonly repository: CloudModelsRepository,
    private readonly credentials: CloudCredentialsService,
    private readonly audit: AuditService,
  ) {}

  async create(context: RequestContext, body: CloudModelCreate): Promise<CloudModelResponse> {
    const userId = context.principal.userId;
    await this.#checkCredential(userId, body.credential_id, body.provider);
    parseModelConfig(body.provider, body.config);
    const row = await this.repository.insert({
      user_id: userId,
      name: body.name,
      provider: body.provider,
      credential_id: body.credential_id,
      model_id: body.model_id,
      task: body.task,
      config: body.config ?? null,
      enabled: body.enabled ?? true,
      created_at: new Date().toISOString(),
      updated_at: null,
    });
    await this.audit.record(context, {
      action: 'cloud_model.create',
      entityType: 'cloud_model',
      entityId: row.id,
      details: { name: row.name, provider: row.provider, model_id: row.model_id, task: row.task },
    });
    return toResponse(row);
  }

  async list(context: RequestContext, query: CloudModelQuery): Promise<CloudModelList> {
    const { rows, total } = await this.repository.list(context.principal.userId, query.skip, query.limit);
    return { models: rows.map(toResponse), total };
  }

  async get(context: RequestContext, id: number): Promise<CloudModelResponse> {
    return toResponse(await this.#own(context.principal.userId, id));
  }

  async update(context: RequestContext, id: number, body: CloudModelUpdate): Promise<CloudModelResponse> {
    const userId = context.principal.userId;
    const current = await this.#own(userId, id);
    const next = {
      name: body.name ?? current.name,
      provider: body.provider ?? current.provider,
      credential_id: body.credential_id ?? current.credential_id,
      model_id: body.model_id ?? current.model_id,
      task: body.task ?? current.task,
      config: body.config === undefined ? current.config : body.config,
      enabled: body.enabled ?? current.enabled,
    };
    if (body.credential_id !== undefined || body.provider !== undefined) {
      await this.#checkCredential(userId, next.credential_id, next.provider as Provider);
    }
    parseModelConfig(next.provider as Provider, next.config);
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== current[key]);
    const row = await this.repository.update(id, { ...next, updated_at: new Date().toISOString() });
    await this.audit.record(context, {
      action: 'cloud_model.update',
      entityType: 'cloud_model',
      entityId: id,
      details: { changed },
    });
    return toResponse(row);
  }

  async remove(context: RequestContext, id: number): Promise<void> {
    const row = await this.#own(context.principal.userId, id);
    await this.repository.delete(id);
    await this.audit.record(context, {
      action: 'cloud_model.delete',
      entityType: 'cloud_model',
      entityId: id,
      details: { name: row.name },
    });
  }

  /** The caller's model with its credential opened, for an inference call. */
  async resolveOwn(userId: number, id: number, loc: string[] = ['body', 'model_id']): Promise<ResolvedModel> {
    const model = await this.repository.find(id);
    if (!model || model.user_id !== userId) throw new NotFoundError('Cloud model');
    return this.#resolve(model, loc);
  }

  /** For the job worker: the model as it is now, whoever asks. Undefined when it was deleted. */
  async resolveForJob(id: number): Promise<ResolvedModel | undefined> {
    const model = await this.repository.find(id);
    return model ? this.#resolve(model, ['model']) : undefined;
  }

  async #resolve(model: CloudModelRow, loc: string[]): Promise<ResolvedModel> {
    if (!model.enabled)
      throw new BadRequestError({ code: 'model_disabled', message: 'This cloud model is disabled' });
    const credential = await this.credentials.open(model.credential_id);
    if (!credential) throw new BadRequestError('The cloud model has no credential any more');
    const provider = model.provider as Provider;
    return {
      model,
      provider,
      config: parseModelConfig(provider, model.config, [...loc, 'config']),
      credential,
    };
  }

  async #checkCredential(userId: number, credentialId: string, provider: Provider): Promise<void> {
    const credential = await this.credentials.owned(userId, credentialId);
    if (credential.provider !== provider) {
      throw new BadRequestError({
        code: 'provider_mismatch',
        message: `The credential is for ${credential.provider}, the model for ${provider}`,
      });
    }
  }

  async #own(userId: number, id: number): Promise<CloudModelRow> {
    const row = await this.repository.find(id);
    if (!row || row.user_id !== userId) throw new NotFoundError('Cloud model');
    return row;
  }
}

function toResponse(row: CloudModelRow): CloudModelResponse {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    provider: row.provider,
    credential_id: row.credential_id,
    model_id: row.model_id,
    task: row.task,
    config: row.config,
    enabled: row.enabled,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
