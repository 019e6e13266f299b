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
  /** The frame at full resolution (crops around motion), decoded on first use. */
  fullFrame(): Promise<DecodedFrame>;
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

/**
 * Where things move (normalised boxes, e.g. the recorder's motion boxes): the detector looks at crops around
 * them instead of the whole picture squeezed (detectors/crops.ts); an empty list looks at nothing.
 */
export const regionsParam = Type.Optional(
  Type.Array(
    Type.Object(
      {
        x: Type.Number({ minimum: 0, maximum: 1 }),
        y: Type.Number({ minimum: 0, maximum: 1 }),
        width: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
        height: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
      },
      { additionalProperties: true },
    ),
    {
      maxItems: 64,
      description:
        'moving regions (normalised x, y, width, height): the detector looks at crops around them at its own input size, not at the whole picture squeezed; [] looks at nothing',
    },
  ),
);

/** What an object-detector task detects with, and where it looks. */
export interface DetectorSource {
  detector?: unknown;
  regions?: unknown;
}

/** The models a run of an object-detector task needs. */
export const detectorModels = (params: Record<string, unknown>): readonly ModelKey[] =>
  typeof params.detector === 'string' && params.detector !== 'centernet'
    ? [`detectors/${params.detector}`]
    : ['centernet'];

/**
 * Knobs every detector task accepts. Without a `minConfidence` default the task applies its class defaults
 * (thresholds.ts) when the caller leaves min_confidence out.
 */
export const commonParams = (defaults: { minConfidence?: number; maxResults: number }): TProperties => ({
  min_confidence:
    defaults.minConfidence === undefined
      ? Type.Optional(
          Type.Number({
            minimum: 0,
            maximum: 1,
            description: 'default: 0.45 for person, 0.3 for other classes (docs/detection-accuracy.md)',
          }),
        )
      : Type.Number({ minimum: 0, maximum: 1, default: defaults.minConfidence }),
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
