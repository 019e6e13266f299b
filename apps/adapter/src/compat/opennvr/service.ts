// One inference in the OpenNVR contract's terms, shared by POST /infer and the /infer/stream WebSocket: the task
// and knobs mapped onto a native task, run by the adapter's InferenceService (same workers, models and tracker as
// the native API), and the answer wrapped in the contract's `{status, model_name, model_version, inference_ms,
// result}` envelope. Outcomes are counted in the contract's metric vocabulary (compat/opennvr/metrics.ts).
import type { InferenceService } from '../../inference.js';
import { TASKS } from '../../tasks/index.js';
import { SCENE_COMPOSER_ID } from '../../tasks/scene-description.js';
import { outcomeOf, toFailure } from './errors.js';
import type { CompatMetrics } from './metrics.js';
import { COMPAT_TASKS, compatTask, modelIdentity, nativeParams, type CompatTask } from './tasks.js';

export interface CompatInferRequest {
  task: unknown;
  frame: Uint8Array;
  params: Record<string, unknown>;
  /** performance.now() when the request was read; inference_ms counts from here, like the native latency_ms. */
  startedAt: number;
}

export interface InferEnvelope {
  status: 'ok';
  model_name: string;
  model_version: string;
  inference_ms: number;
  result: Record<string, unknown>;
}

/** A task with its knobs already checked (a stream checks them once, at the handshake). */
export interface PreparedTask {
  task: CompatTask;
  params: Record<string, unknown>;
}

export function prepare(task: unknown, params: Record<string, unknown>): PreparedTask {
  const t = compatTask(task);
  return { task: t, params: nativeParams(t, params) };
}

/** The task a failed request was for (the default task when it named none), or `other`. */
function metricLabel(task: unknown): string {
  try {
    return compatTask(task).name;
  } catch {
    return 'other';
  }
}

export class OpenNvrService {
  constructor(
    private readonly inference: InferenceService,
    readonly metrics: CompatMetrics,
  ) {}

  /** Tasks advertised: the upstream names of the native tasks that can be served now. */
  tasksAdvertised(): string[] {
    const servable = new Set(this.inference.servableTasks());
    return COMPAT_TASKS.filter((t) => servable.has(t.native)).map((t) => t.name);
  }

  async infer(req: CompatInferRequest): Promise<InferEnvelope> {
    let prepared: PreparedTask;
    try {
      prepared = prepare(req.task, req.params);
    } catch (err) {
      this.metrics.record(metricLabel(req.task), outcomeOf(toFailure(err).envelope.error.category));
      throw err;
    }
    return this.run(prepared, req.frame, req.startedAt);
  }

  /** Counts a request whose body could not be read (no task known yet). */
  rejected(err: unknown): void {
    this.metrics.record('', outcomeOf(toFailure(err).envelope.error.category));
  }

  /** Runs a prepared task (counted in the metrics, failures thrown to the caller). */
  async run({ task, params }: PreparedTask, frame: Uint8Array, startedAt: number): Promise<InferEnvelope> {
    try {
      const result = await this.inference.infer({
        task: task.native,
        frame: { bytes: frame },
        params,
        startedAt,
      });
      const inferenceMs = result.latency_ms as number;
      this.metrics.record(task.name, 'ok', inferenceMs / 1000);
      const model = this.modelOf(task, params, result.model_id);
      return {
        status: 'ok',
        model_name: model.name,
        model_version: model.version,
        inference_ms: inferenceMs,
        result: task.shape(result, params.camera_id !== undefined, params),
      };
    } catch (err) {
      this.metrics.record(task.name, outcomeOf(toFailure(err).envelope.error.category));
      throw err;
    }
  }

  /** The models that answered: the task's own (with these params), or the caption backend when it captioned. */
  private modelOf(task: CompatTask, params: Record<string, unknown>, modelId: unknown) {
    const native = TASKS.get(task.native)!;
    if (typeof modelId === 'string' && modelId !== SCENE_COMPOSER_ID)
      return { name: modelId, version: modelId };
    return modelIdentity(native.modelsFor?.(params) ?? native.models);
  }
}
