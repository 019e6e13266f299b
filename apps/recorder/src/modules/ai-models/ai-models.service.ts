// AI model records (SEED.md AIModel*, API.md §8). A model belongs to the camera it is assigned to: reading it
// needs the view right on that camera, changing it the manage right; models without a camera are the
// superuser's. Every change is audited and announced to the detection loop, which applies it at once.
// Footage: a model reads its own camera's recordings; a custom `recording_path` (superusers only) may reach
// other cameras' footage, which the model reads only while its owner may view those cameras (footageRefusal).
import type { Principal, RequestContext } from '../../platform/auth/principal.js';
import { superuserRequiredFor } from '../../platform/auth/guards.js';
import { AppError, ForbiddenError, FieldValidationError, NotFoundError } from '../../platform/http/errors.js';
import { resolveInsideRoot } from '../../platform/storage/recording-dirs.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { UsersService } from '../users/users.service.js';
import type { AiModelPatch, AiModelRow, AiModelsRepository } from './ai-models.repository.js';
import {
  parseModelConfig,
  type AIModelCreate,
  type AIModelList,
  type AIModelQuery,
  type AIModelResponse,
  type AIModelStatus,
  type AIModelUpdate,
} from './ai-models.schemas.js';
import type { RecorderEventBus } from '../recorder-events.js';
import type { ModelRuns } from './model-runs.js';
import type { CallerCredentials, NodeProxy, Served } from '../cluster/node-proxy.js';

export function toModelResponse(row: AiModelRow): AIModelResponse {
  return {
    id: row.id,
    name: row.name,
    model_name: row.model_name,
    task: row.task,
    enabled: row.enabled,
    source_type: row.source_type,
    created_at: row.created_at,
    assigned_camera_id: row.assigned_camera_id,
    config: row.config,
    inference_interval: row.inference_interval,
    recording_path: row.recording_path,
    updated_at: row.updated_at,
  };
}

/** A status answer is small and immediate. */
const STATUS_FORWARDING = { maxBytes: 64 * 1024, firstByteMs: 10_000 };

export class AiModelsService {
  constructor(
    private readonly models: AiModelsRepository,
    private readonly access: CameraAccess,
    private readonly audit: AuditService,
    private readonly recordingsRoot: string,
    private readonly cameras: Pick<CamerasService, 'find'>,
    private readonly users: Pick<UsersService, 'findById'>,
    private readonly events: RecorderEventBus,
    /** how each model's runs stand (written by the detection loop) */
    private readonly runs: ModelRuns,
    /** where a camera runs, when another node runs it (and its live models) */
    private readonly nodes: Pick<NodeProxy, 'holderElsewhere'>,
  ) {}

  async create(context: RequestContext, body: AIModelCreate): Promise<AIModelResponse> {
    const candidate = {
      name: body.name,
      model_name: body.model_name,
      task: body.task,
      enabled: body.enabled,
      source_type: body.source_type,
      inference_interval: body.inference_interval,
      assigned_camera_id: body.assigned_camera_id ?? null,
      config: body.config ?? null,
      recording_path: body.recording_path ?? null,
    };
    await this.#requireWrite(context.principal, candidate.assigned_camera_id);
    this.#requirePathRight(context.principal, candidate.recording_path, null);
    this.#validate(candidate);
    const now = new Date().toISOString();
    const row = await this.models.insert({ ...candidate, created_at: now, updated_at: null });
    await this.audit.record(context, {
      action: 'ai_model.create',
      entityType: 'ai_model',
      entityId: row.id,
      details: { name: row.name, task: row.task, camera_id: row.assigned_camera_id },
    });
    this.#emit(row.id);
    return toModelResponse(row);
  }

  async list(context: RequestContext, query: AIModelQuery): Promise<AIModelList> {
    const { principal } = context;
    if (query.camera_id !== undefined) await this.access.require(principal, query.camera_id, 'view');
    const { rows, total } = await this.models.list(
      {
        enabled: query.enabled,
        task: query.task,
        cameraId: query.camera_id,
        visibleCameraIds: principal.isSuperuser ? null : await this.access.visibleIds(principal),
      },
      query,
    );
    return { models: rows.map(toModelResponse), total };
  }

  async get(context: RequestContext, id: number): Promise<AIModelResponse> {
    return toModelResponse(await this.#visible(context.principal, id));
  }

  /**
   * How the model's runs stand. A live model runs on the node that runs its camera: when that is another node,
   * the request goes there (unless it was forwarded here already: then this node's own view). A recording
   * model's analysis runs on every node over the chunks on its disk; each node reports its own.
   */
  async status(
    context: RequestContext,
    id: number,
    caller: CallerCredentials,
  ): Promise<Served<AIModelStatus>> {
    const model = await this.#visible(context.principal, id);
    if (model.source_type === 'live' && model.assigned_camera_id !== null && !caller.forwarded) {
      const nodeId = await this.nodes.holderElsewhere(model.assigned_camera_id);
      if (nodeId !== null) return { remote: { nodeId, ...STATUS_FORWARDING } };
    }
    return { here: this.runs.status(model) };
  }

  /** The model, when the caller may change it (manage right on its camera; without a camera: superuser). */
  async manageable(context: RequestContext, id: number): Promise<AIModelResponse> {
    const model = await this.#visible(context.principal, id);
    await this.#requireWrite(context.principal, model.assigned_camera_id);
    return toModelResponse(model);
  }

  async update(context: RequestContext, id: number, body: AIModelUpdate): Promise<AIModelResponse> {
    const current = await this.#visible(context.principal, id);
    await this.#requireWrite(context.principal, current.assigned_camera_id);
    const patch: AiModelPatch = {};
    for (const [key, value] of Object.entries(body) as [keyof AIModelUpdate, unknown][]) {
      if (value === undefined) continue;
      (patch as Record<string, unknown>)[key] = value;
    }
    const merged: AiModelRow = { ...current, ...patch };
    if (merged.assigned_camera_id !== current.assigned_camera_id)
      await this.#requireWrite(context.principal, merged.assigned_camera_id);
    this.#requirePathRight(context.principal, merged.recording_path, current.recording_path);
    this.#validate(merged);
    const row = await this.models.update(id, { ...patch, updated_at: new Date().toISOString() });
    if (!row) throw new NotFoundError('AI model');
    // A recording model pointed elsewhere analyses its new footage from the start.
    if (
      row.source_type === 'recording' &&
      (row.recording_path !== current.recording_path ||
        row.assigned_camera_id !== current.assigned_camera_id ||
        row.task !== current.task)
    ) {
      await this.models.forgetAnalysed(id);
    }
    await this.audit.record(context, {
      action: 'ai_model.update',
      entityType: 'ai_model',
      entityId: id,
      details: { fields: Object.keys(patch) },
    });
    this.#emit(id);
    return toModelResponse(row);
  }

  async delete(context: RequestContext, id: number): Promise<void> {
    const current = await this.#visible(context.principal, id);
    await this.#requireWrite(context.principal, current.assigned_camera_id);
    if (!(await this.models.delete(id))) throw new NotFoundError('AI model');
    await this.audit.record(context, {
      action: 'ai_model.delete',
      entityType: 'ai_model',
      entityId: id,
      details: { name: current.name },
    });
    this.#emit(id);
  }

  /** For the detection loop and other modules: no authorization. */
  find(id: number): Promise<AiModelRow | undefined> {
    return this.models.findById(id);
  }

  listEnabled(): Promise<AiModelRow[]> {
    return this.models.listEnabled();
  }

  analysedFiles(modelId: number): Promise<Map<string, number>> {
    return this.models.analysedFiles(modelId);
  }

  markAnalysed(modelId: number, path: string, frames: number): Promise<void> {
    return this.models.markAnalysed(modelId, path, frames);
  }

  /** Takes a file for analysis, unless another node analyses it (see AiModelsRepository.claimFile). */
  claimFile(modelId: number, path: string, staleBefore: Date): Promise<boolean> {
    return this.models.claimFile(modelId, path, staleBefore);
  }

  renewClaim(modelId: number, path: string): Promise<void> {
    return this.models.renewClaim(modelId, path);
  }

  releaseClaim(modelId: number, path: string): Promise<void> {
    return this.models.releaseClaim(modelId, path);
  }

  /**
   * Why the model may not analyse footage of camera `cameraId` (null: footage that belongs to no camera), or
   * null when it may. Asked for every chunk at analysis time, so a right lost since the model was set up
   * (a revoked grant, a demoted or deactivated owner) stops the analysis at once. A model reads for the owner
   * of its camera; its own camera's footage is always its to read, and a model without a camera is the
   * superusers'.
   */
  async footageRefusal(model: AiModelRow, cameraId: number | null): Promise<string | null> {
    const ownCamera = model.assigned_camera_id;
    if (ownCamera === null || cameraId === ownCamera) return null;
    const camera = await this.cameras.find(ownCamera);
    const user = camera ? await this.users.findById(camera.owner_id) : undefined;
    if (!user?.is_active) return `the owner of camera ${ownCamera} is not an active user`;
    const owner: Principal = { userId: user.id, username: user.username, isSuperuser: user.is_superuser };
    if (cameraId === null) {
      return owner.isSuperuser
        ? null
        : `footage outside every camera's directory is analysed only for a superuser`;
    }
    try {
      await this.access.require(owner, cameraId, 'view', { includeBinned: true });
      return null;
    } catch (error) {
      if (error instanceof AppError)
        return `the owner of camera ${ownCamera} may not view camera ${cameraId}`;
      throw error;
    }
  }

  /** A model the caller may see (view right on its camera; unassigned models: superusers), else 404. */
  async #visible(principal: Principal, id: number): Promise<AiModelRow> {
    const row = await this.models.findById(id);
    if (!row) throw new NotFoundError('AI model');
    if (principal.isSuperuser) return row;
    if (row.assigned_camera_id === null) throw new NotFoundError('AI model');
    try {
      await this.access.require(principal, row.assigned_camera_id, 'view', { includeBinned: true });
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError('AI model');
      throw error;
    }
    return row;
  }

  async #requireWrite(principal: Principal, cameraId: number | null): Promise<void> {
    if (cameraId === null) {
      if (!principal.isSuperuser)
        throw new ForbiddenError('Only a superuser may manage AI models without a camera');
      return;
    }
    await this.access.require(principal, cameraId, 'manage');
  }

  /**
   * A custom recording_path reads footage by directory, past the camera rights the rest of the API applies:
   * only a superuser may set or change one. Others analyse a camera's recordings by assigning the model to it.
   */
  #requirePathRight(principal: Principal, next: string | null, current: string | null): void {
    if (principal.isSuperuser || next === null || next === current) return;
    throw superuserRequiredFor(
      ['body', 'recording_path'],
      "Only a superuser may set recording_path; to analyse a camera's recordings, set assigned_camera_id",
    );
  }

  /** The rules a schema cannot express, checked on the merged record on create and update (422). */
  #validate(model: {
    enabled: boolean;
    source_type: string;
    assigned_camera_id: number | null;
    config: string | null;
    recording_path: string | null;
  }): void {
    const config = parseModelConfig(model.config);
    if (typeof config === 'string') throw new FieldValidationError(['body', 'config'], config);
    if (config.triggerSet && model.source_type !== 'live')
      throw new FieldValidationError(
        ['body', 'config'],
        'config.trigger applies to live models only: a recording model analyses every chunk',
      );
    if (config.lookAt === 'motion' && model.source_type !== 'live')
      throw new FieldValidationError(
        ['body', 'config'],
        'config.look_at applies to live models only: a recording model analyses whole pictures',
      );
    if (model.enabled && model.source_type === 'live' && model.assigned_camera_id === null)
      throw new FieldValidationError(
        ['body', 'assigned_camera_id'],
        'An enabled live model needs assigned_camera_id',
        'missing',
      );
    if (model.recording_path !== null) {
      if (model.source_type !== 'recording')
        throw new FieldValidationError(
          ['body', 'recording_path'],
          'recording_path applies to recording models only',
        );
      if (resolveInsideRoot(this.recordingsRoot, model.recording_path) === null)
        throw new FieldValidationError(
          ['body', 'recording_path'],
          'recording_path must stay inside the recordings root',
        );
    }
    if (
      model.enabled &&
      model.source_type === 'recording' &&
      model.recording_path === null &&
      model.assigned_camera_id === null
    )
      throw new FieldValidationError(
        ['body', 'recording_path'],
        'An enabled recording model needs recording_path or assigned_camera_id',
        'missing',
      );
  }

  #emit(modelId: number): void {
    this.events.emit('ai-model.changed', { modelId });
  }
}
