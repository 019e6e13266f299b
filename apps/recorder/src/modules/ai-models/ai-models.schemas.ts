import { Type, type Static } from '@sinclair/typebox';
import { SEVERITIES, type Severity } from '../../platform/events/event-types.js';
import { jsonDepthExceeds, tooDeepMessage } from '../../platform/http/json-body.js';
import { FreeText, Nullable, Paging, StringEnum, Timestamp } from '../../platform/http/schemas.js';

export const SOURCE_TYPES = ['live', 'recording'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
export const DEFAULT_INTERVAL_SECONDS = 2;
export const MODEL_STATES = ['running', 'idle', 'no_adapter', 'camera_offline', 'error'] as const;
export type ModelState = (typeof MODEL_STATES)[number];

const Name = Type.String({ minLength: 1, maxLength: 100 });
/** A task name as adapters register them (person_counting, face_detection, ...). */
const Task = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9_.-]*$' });
const Interval = Type.Integer({ minimum: 1, maximum: 86_400 });

/** SEED.md AIModelCreate with its defaults; API.md §8 bounds. */
export const AIModelCreate = Type.Object(
  {
    name: Name,
    model_name: Name,
    task: Task,
    enabled: Type.Boolean({ default: true }),
    source_type: StringEnum(SOURCE_TYPES, { default: 'live' }),
    inference_interval: Nullable(Type.Integer({ ...Interval, default: DEFAULT_INTERVAL_SECONDS })),
    assigned_camera_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    config: Type.Optional(Nullable(FreeText({ maxLength: 65_536 }))),
    recording_path: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 1000 }))),
  },
  { additionalProperties: false },
);
export type AIModelCreate = Static<typeof AIModelCreate>;

/** Partial; `null` clears the nullable fields (`null` for name, model_name, task, enabled, source_type is 422). */
export const AIModelUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    model_name: Type.Optional(Name),
    task: Type.Optional(Task),
    enabled: Type.Optional(Type.Boolean()),
    source_type: Type.Optional(StringEnum(SOURCE_TYPES)),
    inference_interval: Type.Optional(Nullable(Interval)),
    assigned_camera_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    config: Type.Optional(Nullable(FreeText({ maxLength: 65_536 }))),
    recording_path: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 1000 }))),
  },
  { additionalProperties: false },
);
export type AIModelUpdate = Static<typeof AIModelUpdate>;

export const AIModelResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  model_name: Type.String(),
  task: Type.String(),
  enabled: Type.Boolean(),
  source_type: Type.String(),
  created_at: Timestamp,
  assigned_camera_id: Nullable(Type.Integer()),
  config: Nullable(Type.String()),
  inference_interval: Nullable(Type.Integer()),
  recording_path: Nullable(Type.String()),
  updated_at: Nullable(Timestamp),
});
export type AIModelResponse = Static<typeof AIModelResponse>;

export const AIModelList = Type.Object({ models: Type.Array(AIModelResponse), total: Type.Integer() });
export type AIModelList = Static<typeof AIModelList>;

export const AIModelQuery = Type.Object({
  ...Paging,
  enabled: Type.Optional(Type.Boolean()),
  task: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  camera_id: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type AIModelQuery = Static<typeof AIModelQuery>;

/** Recording-mode progress (extra field of the status, null for live models). */
export const RecordingProgress = Type.Object({
  files_total: Type.Integer(),
  files_done: Type.Integer(),
  frames_analysed: Type.Integer(),
  current_file: Nullable(Type.String()),
  completed: Type.Boolean(),
});
export type RecordingProgress = Static<typeof RecordingProgress>;

export const AIModelStatus = Type.Object({
  state: StringEnum(MODEL_STATES),
  last_run_at: Nullable(Timestamp),
  runs: Type.Integer(),
  failures: Type.Integer(),
  last_error: Nullable(Type.String()),
  progress: Nullable(RecordingProgress),
  /** a live model that runs on motion (config.trigger) and whose camera is at rest: it analyses nothing now */
  waiting_for_motion: Type.Boolean(),
});
export type AIModelStatus = Static<typeof AIModelStatus>;

/** The alert rule a model may carry in `config.alert` (API.md §8), defaults applied. */
export interface AlertRule {
  labels: string[] | null;
  min_count: number;
  min_confidence: number;
  severity: Severity;
  cooldown_seconds: number;
}

/** When a live model analyses pictures: whatever happens, or only while its camera sees motion (issue #19). */
export const TRIGGERS = ['always', 'on_motion'] as const;
export type Trigger = (typeof TRIGGERS)[number];
export const DEFAULT_TRIGGER: Trigger = 'on_motion';

/**
 * Where a live model that runs on motion looks (issue #35): the whole picture, or crops around what moves (the
 * motion watch's boxes go to the adapter as params.regions; an adapter without that parameter refuses it, and the
 * model's status says so).
 */
export const LOOK_AT = ['picture', 'motion'] as const;
export type LookAt = (typeof LOOK_AT)[number];

/**
 * What `config` may hold: `alert` (the rule), `params` (passed to the adapter's /infer as is), `trigger`
 * (live models only; `triggerSet` says whether the config named it, so a recording model naming one is refused)
 * and `look_at` (live models that run on motion only).
 */
export interface ModelConfig {
  alert: AlertRule | null;
  params: Record<string, unknown>;
  trigger: Trigger;
  triggerSet: boolean;
  lookAt: LookAt;
}

/**
 * Parses a model's `config` text. Returns the problem as a sentence when it is not a JSON object of the known
 * keys with valid values (422 on create and update, so a stored config always parses).
 */
export function parseModelConfig(text: string | null | undefined): ModelConfig | string {
  const none = {
    alert: null,
    params: {},
    trigger: DEFAULT_TRIGGER,
    triggerSet: false,
    lookAt: 'picture' as const,
  };
  if (text === null || text === undefined || text.trim() === '') return none;
  // params go to the adapter through JSON.stringify, which overflows on a value nested thousands deep
  if (jsonDepthExceeds(text)) return `config: ${tooDeepMessage()}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'config must be valid JSON';
  }
  if (!isObject(value)) return 'config must be a JSON object';
  const known = ['alert', 'params', 'trigger', 'look_at'];
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length > 0)
    return `config has unknown keys: ${unknown.join(', ')} (known: ${known.join(', ')})`;
  if (value.params !== undefined && !isObject(value.params)) return 'config.params must be an object';
  const params = value.params ?? {};
  const triggerSet = value.trigger !== undefined;
  const trigger = value.trigger ?? DEFAULT_TRIGGER;
  if (typeof trigger !== 'string' || !(TRIGGERS as readonly string[]).includes(trigger))
    return `config.trigger must be one of ${TRIGGERS.join(', ')}`;
  const lookAt = value.look_at ?? 'picture';
  if (typeof lookAt !== 'string' || !(LOOK_AT as readonly string[]).includes(lookAt))
    return `config.look_at must be one of ${LOOK_AT.join(', ')}`;
  if (lookAt === 'motion' && trigger !== 'on_motion')
    return 'config.look_at motion needs config.trigger on_motion: crops are cut around what moves';
  const when = { trigger: trigger as Trigger, triggerSet, lookAt: lookAt as LookAt };
  if (value.alert === undefined || value.alert === null) return { alert: null, params, ...when };
  if (!isObject(value.alert)) return 'config.alert must be an object';
  const alert = value.alert;
  const allowed = ['labels', 'min_count', 'min_confidence', 'severity', 'cooldown_seconds'];
  const extra = Object.keys(alert).filter((key) => !allowed.includes(key));
  if (extra.length > 0) return `config.alert has unknown keys: ${extra.join(', ')}`;
  const labels = alert.labels ?? null;
  if (
    labels !== null &&
    (!Array.isArray(labels) ||
      labels.length > 100 ||
      !labels.every((l) => typeof l === 'string' && l.length > 0 && l.length <= 100))
  ) {
    return 'config.alert.labels must be an array of label strings';
  }
  const minCount = alert.min_count ?? 1;
  if (!Number.isInteger(minCount) || (minCount as number) < 1 || (minCount as number) > 10_000)
    return 'config.alert.min_count must be an integer from 1 to 10000';
  const minConfidence = alert.min_confidence ?? 0.5;
  if (typeof minConfidence !== 'number' || minConfidence < 0 || minConfidence > 1)
    return 'config.alert.min_confidence must be a number from 0 to 1';
  const severity = alert.severity ?? 'medium';
  if (typeof severity !== 'string' || !(SEVERITIES as readonly string[]).includes(severity))
    return `config.alert.severity must be one of ${SEVERITIES.join(', ')}`;
  const cooldown = alert.cooldown_seconds ?? 60;
  if (!Number.isInteger(cooldown) || (cooldown as number) < 0 || (cooldown as number) > 7 * 86_400)
    return 'config.alert.cooldown_seconds must be an integer from 0 to 604800';
  return {
    params,
    ...when,
    alert: {
      labels: labels === null ? null : (labels as string[]).map((l) => l.toLowerCase()),
      min_count: minCount as number,
      min_confidence: minConfidence,
      severity: severity as Severity,
      cooldown_seconds: cooldown as number,
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Try a model once on a camera's picture now (the model's own camera unless another is named). */
export const AIModelTryRequest = Type.Object(
  { camera_id: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
export type AIModelTryRequest = Static<typeof AIModelTryRequest>;

export const AIModelTryResponse = Type.Object({
  task: Type.String(),
  /** the adapter that answered */
  adapter: Type.String(),
  camera_id: Type.Integer(),
  label: Nullable(Type.String()),
  caption: Nullable(Type.String()),
  confidence: Nullable(Type.Number()),
  count: Nullable(Type.Integer()),
  latency_ms: Nullable(Type.Integer()),
  /** each detection's box is [x1, y1, x2, y2] in the pixels of `frame` */
  detections: Type.Array(
    Type.Object({
      label: Type.String(),
      confidence: Type.Number(),
      bbox: Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }),
    }),
  ),
  frame: Nullable(Type.Object({ width: Type.Integer(), height: Type.Integer() })),
  /** the snapshot the model analysed, as a data:image/jpeg;base64 URL (nothing is stored) */
  image: Type.String(),
});
export type AIModelTryResponse = Static<typeof AIModelTryResponse>;
