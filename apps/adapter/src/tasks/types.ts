// What a task is: its parameters (validated on the main thread) and its run function (executed in a worker).
import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import type { DecodedFrame } from '../frames/decode.js';
import type { ModelKey, ModelName } from '../models/catalog.js';
import type { ModelCache } from '../models/instances.js';

export interface TaskContext {
  frame: DecodedFrame;
  models: ModelCache;
  /** Per-frame memo so pipeline steps share one detector pass (e.g. person_counting + object_detection). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export type TaskResult = Record<string, unknown> & { task: string };

export interface TaskDefinition {
  name: string;
  summary: string;
  /** Every model the task may use (health and /adapters list these). */
  models: readonly ModelName[];
  /** The models a run with these params needs, when that is fewer than `models`. */
  modelsFor?(params: Record<string, unknown>): readonly ModelKey[];
  params: TObject;
  /** Whether the result carries `detections` with `bbox`/`track_id` that the per-camera tracker may renumber. */
  tracked: boolean;
  run(ctx: TaskContext, params: Record<string, unknown>): Promise<TaskResult>;
}

/**
 * The object detector a run uses: `centernet` (built in) or an operator detector's folder name. The inference
 * service checks the name and fills in the default (DETECTOR) before a worker sees the params.
 */
export const detectorParam = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'centernet, or an operator detector in <MODELS_DIR>/detectors/<name>/ (default: DETECTOR)',
  }),
);

/** The models a run of an object-detector task needs. */
export const detectorModels = (params: Record<string, unknown>): readonly ModelKey[] =>
  typeof params.detector === 'string' && params.detector !== 'centernet'
    ? [`detectors/${params.detector}`]
    : ['centernet'];

/** Knobs every detector task accepts. */
export const commonParams = (defaults: { minConfidence: number; maxResults: number }): TProperties => ({
  min_confidence: Type.Number({ minimum: 0, maximum: 1, default: defaults.minConfidence }),
  max_results: Type.Integer({ minimum: 1, maximum: 1000, default: defaults.maxResults }),
  camera_id: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 128 }), Type.Integer()])),
});

export function paramsSchema(properties: TProperties): TObject {
  return Type.Object(properties, { additionalProperties: false });
}

export const frameSize = (frame: DecodedFrame) => ({
  width: frame.original.width,
  height: frame.original.height,
});

export const round3 = (n: number) => Math.round(n * 1000) / 1000;
