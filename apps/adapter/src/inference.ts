// The inference service: routes a task to the worker pool, a caption backend or a remote adapter, checks
// params, runs pipelines, applies the per-camera tracker and stamps latency. Routes call only this.
import { existsSync } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import { AdapterError, asAdapterError } from './errors.js';
import { decodeBase64Frame, readFrameUri } from './frames/source.js';
import type { Metrics } from './metrics.js';
import { BUILT_IN_DETECTOR, type Detectors } from './detectors/discovery.js';
import { isBuiltInModel, MODELS, weightFiles, type ModelKey } from './models/catalog.js';
import { COCO_LABELS } from './models/coco-labels.js';
import type { ModelRegistry } from './models/registry.js';
import type { WorkerPool } from './runtimes/pool.js';
import type { StepOutcome } from './runtimes/protocol.js';
import type { RemoteAdapters } from './runtimes/remote.js';
import type { SceneCaptionBackends } from './scene/local-caption/backends.js';
import { TASKS, TASK_NAMES } from './tasks/index.js';
import type { TaskDefinition, TaskResult } from './tasks/types.js';
import { IouTracker, type Trackable } from './tracking/tracker.js';

/** A frame as a request carries it: by URI, inline base64, or raw bytes (multipart, WebSocket binary). */
export interface FrameInput {
  uri?: string | undefined;
  b64?: string | undefined;
  bytes?: Uint8Array | undefined;
}

export interface InferInput {
  task: string;
  frame: FrameInput | undefined;
  params: Record<string, unknown> | undefined;
  cameraId?: string | number | undefined;
  /** performance.now() when the request was decoded; latency_ms counts from here. */
  startedAt: number;
}

export interface PipelineInput extends Omit<InferInput, 'task'> {
  steps: string[];
}

const routeName = (r: Route): string => (r.kind === 'remote' ? r.task : r.task.name);

type Route =
  | { kind: 'local'; task: TaskDefinition }
  | { kind: 'caption'; task: TaskDefinition }
  | { kind: 'remote'; task: string };

export interface InferenceDeps {
  pool: WorkerPool;
  registry: ModelRegistry;
  remotes: RemoteAdapters;
  /** scene_description's local model and caption endpoint, in ADAPTER.md's order. */
  captions: SceneCaptionBackends;
  metrics: Metrics;
  framesDir: string;
  modelsDir: string;
  /** Main-thread steps after a worker's result, per task (face_recognition names faces from the gallery). */
  finishers?: ReadonlyMap<string, ResultFinisher>;
  /** Operator detectors found at start (issue #35). */
  detectors?: Detectors;
  /** The detector of object-detector tasks without params.detector: `centernet` or an operator detector (DETECTOR). */
  defaultDetector?: string;
}

/** The tasks that run an object detector and take params.detector. */
export const DETECTOR_TASKS: ReadonlySet<string> = new Set([
  'person_counting',
  'person_detection',
  'object_detection',
]);

export type ResultFinisher = (result: TaskResult, params: Record<string, unknown>) => Promise<TaskResult>;

export class InferenceService {
  private readonly tracker = new IouTracker();

  constructor(private readonly deps: InferenceDeps) {}

  async infer(input: InferInput): Promise<TaskResult> {
    try {
      const route = await this.route(input.task, 'unknown_task');
      const params = this.checkParams(route, input.params, input.task);
      const frame = await this.readFrame(input.frame);
      const result = await this.runSegment([{ route, params }], frame, input.cameraId).then(
        (s) => s[0]!.result,
      );
      const out = { ...result, latency_ms: Math.round(performance.now() - input.startedAt) };
      this.deps.metrics.recordInfer(input.task, 'ok', out.latency_ms / 1000, modelLabel(route, params));
      return out;
    } catch (err) {
      const e = asAdapterError(err);
      this.deps.metrics.recordInfer(this.metricLabel(input.task), e.code);
      throw e;
    }
  }

  /** Task names as metric labels; arbitrary unknown names collapse to one label (bounded cardinality). */
  private metricLabel(task: string): string {
    return TASKS.has(task) || this.deps.remotes.list().some((r) => r.tasks.includes(task)) ? task : 'unknown';
  }

  /** Every step is checked before anything runs; the frame is read once and decoded once per worker job. */
  async pipeline(input: PipelineInput) {
    const routes: Route[] = [];
    for (const step of input.steps) routes.push(await this.route(step, 'unknown_pipeline_step'));
    const params = this.pipelineParams(routes, input.params);
    const frame = await this.readFrame(input.frame);
    const steps: StepOutcome[] = [];
    // Consecutive worker steps share one job (one decode, shared detector passes); others run one by one.
    let i = 0;
    while (i < routes.length) {
      let j = i + 1;
      if (routes[i]!.kind === 'local') while (j < routes.length && routes[j]!.kind === 'local') j++;
      const segment = routes.slice(i, j).map((route, k) => ({ route, params: params[i + k]! }));
      try {
        steps.push(...(await this.runSegment(segment, frame, input.cameraId)));
      } catch (err) {
        // Workers name the failing step themselves; loads, remotes and caption backends fail before any step.
        const e = asAdapterError(err);
        const step = typeof e.details?.step === 'string' ? e.details.step : routeName(segment[0]!.route);
        this.deps.metrics.recordInfer(this.metricLabel(step), e.code);
        if (e.details?.step) throw e;
        throw new AdapterError(e.code, e.message, {
          details: { ...e.details, step },
          retryAfterMs: e.retryAfterMs,
        });
      }
      i = j;
    }
    steps.forEach((s, i) =>
      this.deps.metrics.recordInfer(s.task, 'ok', s.ms / 1000, modelLabel(routes[i]!, params[i]!)),
    );
    const shaped = steps.map((s) => ({
      task: s.task,
      result: { ...s.result, latency_ms: Math.round(s.ms) },
      latency_ms: Math.round(s.ms),
    }));
    return {
      steps: shaped,
      results: Object.fromEntries(shaped.map((s) => [s.task, s.result])),
      latency_ms: Math.round(performance.now() - input.startedAt),
    };
  }

  /**
   * A built-in task's worker result as it is, without finisher or tracker: the face gallery registers faces
   * from face_recognition's descriptors. The frame is read under the same rules as any request.
   */
  async runRaw(
    task: string,
    frameInput: FrameInput,
    params: Record<string, unknown> = {},
  ): Promise<TaskResult> {
    const definition = TASKS.get(task);
    if (!definition) throw new AdapterError('unknown_task', `no built-in task ${task}`);
    const route: Route = { kind: 'local', task: definition };
    const checked = this.checkParams(route, params, task);
    const frame = await this.readFrame(frameInput);
    await this.deps.registry.ensure(definition.modelsFor?.(checked) ?? definition.models);
    const out = await this.deps.pool.run<{ steps: StepOutcome[] }>({
      steps: [{ task, params: checked }],
      frame: frame.slice(),
    });
    return out.steps[0]!.result;
  }

  /** Tasks that can be served now: local ones whose models are present and not failed, plus remote ones. */
  servableTasks(): string[] {
    const unusable = new Set(
      this.deps.registry
        .list()
        .filter((m) => m.state === 'failed' || !this.weightsPresent(m.name))
        .map((m): ModelKey => m.name)
        .concat(
          this.deps.registry
            .listDetectors()
            .filter((m) => m.state === 'failed')
            .map((m) => m.name),
        ),
    );
    const usable = (name: string) => !this.defaultModels(name).some((m) => unusable.has(m));
    const local = TASK_NAMES.filter(usable);
    const remote = this.deps.remotes.list().flatMap((r) => (r.state === 'ready' ? r.tasks : []));
    return [...new Set([...local, ...remote])];
  }

  /** Operator detectors are checked at start: only those that passed get here. */
  private weightsPresent(model: ModelKey): boolean {
    if (!isBuiltInModel(model)) return true;
    return weightFiles(MODELS[model], this.deps.modelsDir).every((f) => existsSync(f));
  }

  /** The models a task needs with default params (face_detection needs one detector, not both; DETECTOR's). */
  private defaultModels(name: string): readonly ModelKey[] {
    const task = TASKS.get(name)!;
    const defaults = Value.Default(task.params, {}) as Record<string, unknown>;
    if (DETECTOR_TASKS.has(name)) defaults.detector = this.deps.defaultDetector ?? BUILT_IN_DETECTOR;
    return task.modelsFor?.(defaults) ?? task.models;
  }

  /**
   * params.detector of an object-detector task: the named detector (or DETECTOR's) must exist and have passed its
   * check at start; the person tasks need a "person" class, and object_detection's labels must be the detector's.
   * The canonical name replaces the given one, so the worker and the metrics see one spelling.
   */
  private resolveDetector(task: string, params: Record<string, unknown>): void {
    if (!DETECTOR_TASKS.has(task)) return;
    const requested =
      (params.detector as string | undefined) ?? this.deps.defaultDetector ?? BUILT_IN_DETECTOR;
    const installed = this.deps.detectors?.list ?? [];
    let name = BUILT_IN_DETECTOR;
    let labels: readonly string[] = COCO_LABELS;
    if (requested.toLowerCase() !== BUILT_IN_DETECTOR) {
      const found = this.deps.detectors?.find(requested);
      if (!found) {
        const known = [BUILT_IN_DETECTOR, ...installed.map((d) => d.name)];
        throw new AdapterError(
          'invalid_params',
          `params.detector: no detector "${requested}"; known: ${known.join(', ')} (operator detectors live in <MODELS_DIR>/detectors/<name>/)`,
          { details: { task, field: 'params.detector', detectors: known } },
        );
      }
      if (found.error)
        throw new AdapterError(
          'detector_failed',
          `params.detector: detector "${found.name}" was refused at start: ${found.error}`,
          { details: { task, field: 'params.detector', detector: found.name } },
        );
      name = found.name;
      labels = found.labels;
    }
    if (task !== 'object_detection' && !labels.some((l) => l.toLowerCase() === 'person'))
      throw new AdapterError(
        'invalid_params',
        `params.detector: detector "${name}" has no "person" label, which ${task} counts`,
        { details: { task, field: 'params.detector' } },
      );
    const wanted = params.labels as string[] | undefined;
    const unknown = wanted?.filter((l) => !labels.includes(l)) ?? [];
    if (unknown.length)
      throw new AdapterError(
        'invalid_params',
        `params.labels: ${unknown.map((l) => JSON.stringify(l)).join(', ')} not among the labels of detector "${name}"`,
        { details: { task, field: 'params.labels', unknown } },
      );
    params.detector = name;
  }

  private async route(task: string, code: 'unknown_task' | 'unknown_pipeline_step'): Promise<Route> {
    const local = TASKS.get(task);
    // A built-in task whose weights are absent here goes to a remote adapter that serves it, if any.
    if (local && !this.defaultModels(task).every((m) => this.weightsPresent(m))) {
      if (await this.deps.remotes.find(task)) return { kind: 'remote', task };
    }
    if (local)
      return task === 'scene_description' && this.deps.captions.configured
        ? { kind: 'caption', task: local }
        : { kind: 'local', task: local };
    if (await this.deps.remotes.find(task)) return { kind: 'remote', task };
    const known = [...new Set([...TASK_NAMES, ...this.deps.remotes.list().flatMap((r) => r.tasks)])];
    throw new AdapterError(code, `unknown task "${task}"; known tasks: ${known.join(', ')}`, {
      details: { task, known_tasks: known },
    });
  }

  private checkParams(
    route: Route,
    params: Record<string, unknown> | undefined,
    label: string,
  ): Record<string, unknown> {
    if (route.kind === 'remote') return params ?? {};
    const schema = route.task.params;
    const value = Value.Default(schema, structuredClone(params ?? {})) as Record<string, unknown>;
    if (!Value.Check(schema, value)) {
      const errors = [...Value.Errors(schema, value)].map((e) => `${e.path || '/'}: ${e.message}`);
      throw new AdapterError('invalid_params', `invalid params for ${label}: ${errors.join('; ')}`, {
        details: { task: label, errors },
      });
    }
    this.resolveDetector(route.task.name, value);
    return value;
  }

  /** Flat pipeline params go to every step that knows them; a key no step knows is an error. */
  private pipelineParams(
    routes: Route[],
    params: Record<string, unknown> | undefined,
  ): Record<string, unknown>[] {
    const given = params ?? {};
    const knows = (r: Route, k: string) => r.kind === 'remote' || k in r.task.params.properties;
    const unknown = Object.keys(given).filter((k) => !routes.some((r) => knows(r, k)));
    if (unknown.length) {
      throw new AdapterError('invalid_params', `no pipeline step accepts params: ${unknown.join(', ')}`, {
        details: { unknown },
      });
    }
    return routes.map((r) => {
      const mine = Object.fromEntries(Object.entries(given).filter(([k]) => knows(r, k)));
      return this.checkParams(r, mine, r.kind === 'remote' ? r.task : r.task.name);
    });
  }

  /** A frame's bytes under the adapter's frame source rules. */
  frameBytes(frame: FrameInput | undefined): Promise<Uint8Array> {
    return this.readFrame(frame);
  }

  private async readFrame(frame: FrameInput | undefined): Promise<Uint8Array> {
    if (frame?.bytes) return frame.bytes;
    if (frame?.b64) return decodeBase64Frame(frame.b64);
    if (frame?.uri) return readFrameUri(frame.uri, this.deps.framesDir);
    throw new AdapterError(
      'frame_missing',
      'a frame is required: data.frame.uri, data.frame.b64 or a multipart "frame" part',
    );
  }

  private async runSegment(
    segment: { route: Route; params: Record<string, unknown> }[],
    frame: Uint8Array,
    cameraId: string | number | undefined,
  ): Promise<StepOutcome[]> {
    const first = segment[0]!.route;
    const started = performance.now();
    if (first.kind === 'remote') {
      const remote = await this.deps.remotes.find(first.task);
      if (!remote) throw new AdapterError('task_unavailable', `no remote adapter serves ${first.task} now`);
      const result = (await this.deps.remotes.infer(
        remote,
        first.task,
        frame,
        segment[0]!.params,
      )) as TaskResult;
      return [{ task: first.task, result, ms: performance.now() - started }];
    }
    if (first.kind === 'caption') {
      const { params } = segment[0]!;
      const described = await this.deps.captions.describe(frame, params.prompt as string | undefined);
      // No caption backend could answer: the scene composer (in the worker pool) does.
      if (!described)
        return this.runSegment([{ route: { ...first, kind: 'local' }, params }], frame, cameraId);
      const result: TaskResult = {
        task: 'scene_description',
        caption: described.caption,
        model_id: described.modelId,
        ...(described.frame && { frame: described.frame }),
      };
      return [{ task: 'scene_description', result, ms: performance.now() - started }];
    }
    const locals = segment.map((s) => (s.route as { task: TaskDefinition }).task);
    await this.deps.registry.ensure([
      ...new Set(locals.flatMap((t, k) => t.modelsFor?.(segment[k]!.params) ?? t.models)),
    ]);
    // Each worker job owns (and transfers) its own copy of the bytes.
    const job = {
      steps: segment.map((s, k) => ({ task: locals[k]!.name, params: s.params })),
      frame: frame.slice(),
    };
    const out = await this.deps.pool.run<{ steps: StepOutcome[] }>(job);
    for (const [k, step] of out.steps.entries()) {
      const finish = this.deps.finishers?.get(step.task);
      if (finish) step.result = await finish(step.result, segment[k]!.params);
      const camera = (segment[k]!.params.camera_id as string | number | undefined) ?? cameraId;
      if (camera !== undefined && locals[k]!.tracked) {
        this.tracker.assign(
          `${locals[k]!.name === 'object_detection' ? 'obj' : 'person'}:${camera}`,
          step.result.detections as Trackable[],
        );
      }
    }
    return out.steps;
  }
}

/** The metrics' model label of a step: the built-in model(s) it ran on, or where it went (remote, caption). */
function modelLabel(route: Route, params: Record<string, unknown>): string {
  if (route.kind !== 'local') return route.kind;
  return (route.task.modelsFor?.(params) ?? route.task.models).join('+');
}
