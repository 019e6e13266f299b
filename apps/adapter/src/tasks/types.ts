// What a task is: its parameters (validated on the main thread) and its run function (executed in a worker).
import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import type { DecodedFrame } from '../frames/decode.js';
import type { ModelName } from '../models/catalog.js';
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
  modelsFor?(params: Record<string, unknown>): readonly ModelName[];
  params: TObject;
  /** Whether the result carries `detections` with `bbox`/`track_id` that the per-camera tracker may renumber. */
  tracked: boolean;
  run(ctx: TaskContext, params: Record<string, unknown>): Promise<TaskResult>;
}

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
