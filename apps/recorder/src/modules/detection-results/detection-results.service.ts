// Detection results (SEED.md AIDetectionResult*, API.md §8). The detection loop stores them through store();
// clients may post their own (an app doing its own inference). A result belongs to its camera: reading needs
// the view right, writing and deleting the manage right; results without a camera are the superuser's.
import type { Principal, RequestContext } from '../../platform/auth/principal.js';
import { ForbiddenError, NotFoundError } from '../../platform/http/errors.js';
import type { LeaseFence } from '../../platform/db/lease-fence.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AiModelsService } from '../ai-models/ai-models.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type {
  ActivityRangeRow,
  DetectionResultRow,
  DetectionResultsRepository,
  NewDetectionResultRow,
} from './detection-results.repository.js';
import type {
  AIDetectionResultCreate,
  AIDetectionResultList,
  AIDetectionResultQuery,
  AIDetectionResultResponse,
} from './detection-results.schemas.js';

export function toResultResponse(row: DetectionResultRow): AIDetectionResultResponse {
  return {
    id: row.id,
    model_id: row.model_id,
    task: row.task,
    created_at: row.created_at,
    model_name: row.model_name,
    camera_id: row.camera_id,
    label: row.label,
    caption: row.caption,
    annotated_image_uri: row.annotated_image_uri,
    confidence: row.confidence,
    count: row.count,
    bbox_x: row.bbox_x,
    bbox_y: row.bbox_y,
    bbox_width: row.bbox_width,
    bbox_height: row.bbox_height,
    latency_ms: row.latency_ms,
    executed_at: row.executed_at,
  };
}

export type StoredResult = Omit<NewDetectionResultRow, 'created_at'>;

export class DetectionResultsService {
  constructor(
    private readonly results: DetectionResultsRepository,
    private readonly models: AiModelsService,
    private readonly access: CameraAccess,
    private readonly audit: AuditService,
  ) {}

  async create(context: RequestContext, body: AIDetectionResultCreate): Promise<AIDetectionResultResponse> {
    const model = await this.models.get(context, body.model_id);
    const cameraId = body.camera_id ?? null;
    await this.#requireWrite(context.principal, cameraId ?? model.assigned_camera_id);
    const row = await this.results.insert({
      model_id: model.id,
      camera_id: cameraId,
      task: body.task,
      label: body.label ?? null,
      caption: body.caption ?? null,
      annotated_image_uri: body.annotated_image_uri ?? null,
      confidence: body.confidence ?? null,
      count: body.count ?? null,
      bbox_x: body.bbox_x ?? null,
      bbox_y: body.bbox_y ?? null,
      bbox_width: body.bbox_width ?? null,
      bbox_height: body.bbox_height ?? null,
      latency_ms: body.latency_ms ?? null,
      executed_at: body.executed_at ? new Date(body.executed_at).toISOString() : null,
      created_at: new Date().toISOString(),
    });
    await this.audit.record(context, {
      action: 'ai_detection_result.create',
      entityType: 'ai_detection_result',
      entityId: row.id,
      details: { model_id: row.model_id, camera_id: row.camera_id, task: row.task },
    });
    return toResultResponse(row);
  }

  /** For the detection loop: no authorization, no audit row (it is the system's own output). */
  async store(result: StoredResult): Promise<AIDetectionResultResponse> {
    return toResultResponse(await this.results.insert({ ...result, created_at: new Date().toISOString() }));
  }

  /**
   * A live result of a camera's pipeline, under the camera's lease (modules/cluster): null when another node has
   * taken the camera since the frame was read, and nothing is stored.
   */
  async storeFenced(result: StoredResult, fence: LeaseFence): Promise<AIDetectionResultResponse | null> {
    const row = await this.results.insertFenced({ ...result, created_at: new Date().toISOString() }, fence);
    return row ? toResultResponse(row) : null;
  }

  async list(context: RequestContext, query: AIDetectionResultQuery): Promise<AIDetectionResultList> {
    const { principal } = context;
    if (query.camera_id !== undefined) await this.access.require(principal, query.camera_id, 'view');
    if (query.model_id !== undefined) await this.models.get(context, query.model_id);
    const { rows, total } = await this.results.list(
      {
        modelId: query.model_id,
        cameraId: query.camera_id,
        task: query.task,
        since: query.since === undefined ? undefined : new Date(query.since).toISOString(),
        until: query.until === undefined ? undefined : new Date(query.until).toISOString(),
        visibleCameraIds: principal.isSuperuser ? null : await this.access.visibleIds(principal),
      },
      query,
    );
    return { results: rows.map(toResultResponse), total };
  }

  /**
   * The camera's findings of [fromMs, toMs] merged into ranges (the recordings timeline: recordings/activity.
   * service.ts, which has checked the caller may view the camera).
   */
  activity(cameraId: number, fromMs: number, toMs: number, gapMs: number): Promise<ActivityRangeRow[]> {
    return this.results.activity(cameraId, fromMs, toMs, gapMs);
  }

  async get(context: RequestContext, id: number): Promise<AIDetectionResultResponse> {
    return toResultResponse(await this.#visible(context.principal, id));
  }

  async delete(context: RequestContext, id: number): Promise<void> {
    const row = await this.#visible(context.principal, id);
    await this.#requireWrite(context.principal, row.camera_id);
    if (!(await this.results.delete(id))) throw new NotFoundError('Detection result');
    await this.audit.record(context, {
      action: 'ai_detection_result.delete',
      entityType: 'ai_detection_result',
      entityId: id,
      details: { model_id: row.model_id, camera_id: row.camera_id },
    });
  }

  async #visible(principal: Principal, id: number): Promise<DetectionResultRow> {
    const row = await this.results.findById(id);
    if (!row) throw new NotFoundError('Detection result');
    if (principal.isSuperuser) return row;
    if (row.camera_id === null) throw new NotFoundError('Detection result');
    try {
      await this.access.require(principal, row.camera_id, 'view', { includeBinned: true });
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError('Detection result');
      throw error;
    }
    return row;
  }

  async #requireWrite(principal: Principal, cameraId: number | null): Promise<void> {
    if (cameraId === null) {
      if (!principal.isSuperuser)
        throw new ForbiddenError('Only a superuser may write detection results without a camera');
      return;
    }
    await this.access.require(principal, cameraId, 'manage');
  }
}
