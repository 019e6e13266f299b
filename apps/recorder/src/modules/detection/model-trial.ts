// Try-it (API.md §8 addition): one inference of an AI model on what a camera sees now, answered at once and
// stored nowhere. The snapshot is the live module's; the adapter is the one the detection loop would pick for the
// task; the answer is mapped as the loop maps it. Only someone who may change the model may try it (a try costs
// adapter time like a run of the model).
import { AppError, FieldValidationError } from '../../platform/http/errors.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import { AdapterCallError } from '../adapters/adapter-client.js';
import type { AdapterRegistry } from '../adapters/adapter-registry.js';
import { parseModelConfig, type AIModelTryResponse } from '../ai-models/ai-models.schemas.js';
import type { AiModelsService } from '../ai-models/ai-models.service.js';
import type { LiveService } from '../live/live.service.js';
import type { CallerCredentials } from '../cluster/node-proxy.js';
import { DETECTOR_TASKS, mapResult } from './result-mapping.js';

export class ModelTrial {
  constructor(
    private readonly models: Pick<AiModelsService, 'manageable'>,
    private readonly live: Pick<LiveService, 'snapshotAnywhere'>,
    private readonly registry: Pick<AdapterRegistry, 'pick' | 'infer'>,
  ) {}

  async run(
    context: RequestContext,
    caller: CallerCredentials,
    modelId: number,
    cameraId?: number,
  ): Promise<AIModelTryResponse> {
    const model = await this.models.manageable(context, modelId);
    const camera = cameraId ?? model.assigned_camera_id;
    if (camera === null)
      throw new FieldValidationError(['body', 'camera_id'], 'The model has no camera: name one to try it on');
    // the view right on that camera, or 403/404; taken by the node that runs the camera
    const jpeg = await this.live.snapshotAnywhere(context, camera, caller);
    const adapter = this.registry.pick(model.task, { detector: DETECTOR_TASKS.has(model.task) });
    if (!adapter) throw new AppError(503, `No available adapter serves ${model.task} now`);
    const config = parseModelConfig(model.config);
    const params = typeof config === 'string' ? {} : config.params;
    let body: Record<string, unknown>;
    try {
      body = await this.registry.infer(adapter, model.task, { b64: jpeg.toString('base64') }, params, camera);
    } catch (error) {
      if (error instanceof AdapterCallError) throw new AppError(502, `${adapter.name}: ${error.message}`);
      throw error;
    }
    const mapped = mapResult(model.task, body);
    if (typeof mapped === 'string') throw new AppError(502, `${adapter.name}: ${mapped}`);
    return {
      task: model.task,
      adapter: adapter.name,
      camera_id: camera,
      label: mapped.label,
      caption: mapped.caption,
      confidence: mapped.confidence,
      count: mapped.count,
      latency_ms: mapped.latency_ms,
      detections: mapped.detections.map(({ label, confidence, bbox }) => ({ label, confidence, bbox })),
      frame: mapped.frame,
      image: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    };
  }
}
