// Adapter wire contract (ADAPTER.md): inference request/responses, error envelope, capability card, health.
// The adapter validates and serialises with these schemas; the recorder imports the card and health types.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const ADAPTER_CONTRACT_VERSION = '1.1';

export const ADAPTER_TASKS = [
  'person_counting',
  'face_detection',
  'scene_description',
  'object_detection',
  'person_detection',
  'face_recognition',
] as const;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// ---- requests -------------------------------------------------------------------------------------------

export const FrameRef = Type.Object(
  {
    uri: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    b64: Type.Optional(Type.String({ minLength: 1 })),
  },
  {
    description: 'A frame by URI (frame://, opennvr://frames/, file:// inside FRAMES_DIR) or inline base64.',
  },
);
export type FrameRef = Static<typeof FrameRef>;

export const InferParams = Type.Record(Type.String(), Type.Unknown(), {
  description: 'Per-task knobs: min_confidence, max_results, landmarks (5|68), camera_id, labels...',
});

/** The frame and its camera; per-task knobs may come here too (`data.params`), as some clients send them. */
export const InferData = Type.Object(
  {
    frame: Type.Optional(FrameRef),
    camera_id: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
    params: Type.Optional(InferParams),
  },
  { additionalProperties: false },
);
export type InferData = Static<typeof InferData>;

export const InferRequest = Type.Object({
  task: Type.String({ minLength: 1, maxLength: 64 }),
  data: Type.Optional(InferData),
  input: Type.Optional(InferData),
  params: Type.Optional(InferParams),
});
export type InferRequest = Static<typeof InferRequest>;

export const PipelineRequest = Type.Object({
  steps: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 16 }),
  data: Type.Optional(InferData),
  input: Type.Optional(InferData),
  params: Type.Optional(InferParams),
});
export type PipelineRequest = Static<typeof PipelineRequest>;

// ---- responses ------------------------------------------------------------------------------------------

export const BBox = Type.Tuple([Type.Integer(), Type.Integer(), Type.Integer(), Type.Integer()], {
  description: '[x1, y1, x2, y2] in integer pixels of the original frame, top-left origin',
});
export const FrameSize = Type.Object({ width: Type.Integer(), height: Type.Integer() });

export const PersonDetection = Type.Object({
  bbox: BBox,
  confidence: Type.Number(),
  track_id: Type.Integer(),
});
export const PersonCountingResult = Type.Object({
  task: Type.Literal('person_counting'),
  count: Type.Integer(),
  confidence: Type.Number(),
  detections: Type.Array(PersonDetection),
  frame: FrameSize,
  latency_ms: Type.Integer(),
});
export type PersonCountingResult = Static<typeof PersonCountingResult>;

export const Point = Type.Tuple([Type.Integer(), Type.Integer()]);
export const Face = Type.Object({
  bbox: BBox,
  confidence: Type.Number(),
  landmarks: Type.Array(Point),
  age: Type.Integer(),
  gender: Type.Union([Type.Literal('male'), Type.Literal('female')]),
  gender_confidence: Type.Number(),
});
export const FaceDetectionResult = Type.Object({
  task: Type.Literal('face_detection'),
  faces: Type.Array(Face),
  face_count: Type.Integer(),
  frame: FrameSize,
  latency_ms: Type.Integer(),
});
export type FaceDetectionResult = Static<typeof FaceDetectionResult>;

/** face_recognition: face_detection's fields plus the best gallery match of each face. */
export const RecognisedFace = Type.Composite([
  Face,
  Type.Object({
    person: Nullable(Type.String({ description: 'name of the matched gallery person; null = unknown face' })),
    person_id: Nullable(Type.String()),
    similarity: Nullable(
      Type.Number({
        description: 'cosine similarity to the closest gallery face; null with an empty gallery',
      }),
    ),
  }),
]);
export const FaceRecognitionResult = Type.Object({
  task: Type.Literal('face_recognition'),
  faces: Type.Array(RecognisedFace),
  face_count: Type.Integer(),
  frame: FrameSize,
  latency_ms: Type.Integer(),
});
export type FaceRecognitionResult = Static<typeof FaceRecognitionResult>;

export const SceneDescriptionResult = Type.Object({
  task: Type.Literal('scene_description'),
  caption: Type.String(),
  model_id: Type.String(),
  frame: FrameSize,
  latency_ms: Type.Integer(),
});
export type SceneDescriptionResult = Static<typeof SceneDescriptionResult>;

export const ObjectDetection = Type.Object({
  label: Type.String(),
  bbox: BBox,
  confidence: Type.Number(),
  track_id: Type.Integer(),
});
export const ObjectDetectionResult = Type.Object({
  task: Type.Union([Type.Literal('object_detection'), Type.Literal('person_detection')]),
  detections: Type.Array(ObjectDetection),
  count: Type.Integer(),
  frame: FrameSize,
  latency_ms: Type.Integer(),
});
export type ObjectDetectionResult = Static<typeof ObjectDetectionResult>;

/** Any task's result (remote adapters may serve tasks with other shapes, so the union stays open). */
export const InferResult = Type.Object(
  { latency_ms: Type.Integer() },
  { additionalProperties: true, description: 'Task-specific body, see the *Result schemas' },
);

export const PipelineResponse = Type.Object({
  steps: Type.Array(Type.Object({ task: Type.String(), result: InferResult, latency_ms: Type.Integer() })),
  results: Type.Record(Type.String(), InferResult),
  latency_ms: Type.Integer(),
});
export type PipelineResponse = Static<typeof PipelineResponse>;

// ---- errors ---------------------------------------------------------------------------------------------

export const AdapterErrorCategory = Type.Union([
  Type.Literal('invalid_request'),
  Type.Literal('not_found'),
  Type.Literal('model_error'),
  Type.Literal('overloaded'),
  Type.Literal('not_supported'),
  Type.Literal('permission_denied'),
]);
export type AdapterErrorCategory = Static<typeof AdapterErrorCategory>;

export const AdapterErrorEnvelope = Type.Object({
  status: Type.Literal('error'),
  error: Type.Object({
    category: AdapterErrorCategory,
    code: Type.String(),
    message: Type.String(),
    transient: Type.Boolean(),
    retry_after_ms: Type.Optional(Type.Integer()),
    details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  }),
});
export type AdapterErrorEnvelope = Static<typeof AdapterErrorEnvelope>;

// ---- health, adapters, hardware -------------------------------------------------------------------------

export const ModelState = Type.Union([
  Type.Literal('unloaded'),
  Type.Literal('loading'),
  Type.Literal('ready'),
  Type.Literal('failed'),
]);
export type ModelState = Static<typeof ModelState>;

/** An operator detector's facts (extra field of /health and /adapters entries named `detectors/<name>`). */
export const DetectorFacts = Type.Object({
  labels: Type.Integer({ description: 'classes in labels.txt' }),
  default: Type.Boolean({ description: 'DETECTOR names it: tasks without params.detector use it' }),
  layout: Type.Optional(
    Type.String({ description: 'yolov5, yolov8, yolox or nms (absent when refused early)' }),
  ),
  input: Type.Optional(Type.Array(Type.Integer(), { description: '[width, height] in pixels' })),
  resize: Type.Optional(Type.String()),
  align: Type.Optional(Type.String()),
  channels: Type.Optional(Type.String()),
  normalize: Type.Optional(Type.String({ description: '0-1, 0-255 or mean-std' })),
  output_shape: Type.Optional(Type.Array(Type.Integer())),
});

export const HealthModel = Type.Object({
  name: Type.String(),
  tasks: Type.Array(Type.String()),
  runtime: Type.String(),
  state: ModelState,
  loaded_at: Nullable(Type.String({ format: 'date-time' })),
  load_ms: Nullable(Type.Integer()),
  load_count: Type.Optional(Type.Integer({ description: 'completed loads since start (extra field)' })),
  fingerprint: Type.Optional(Type.String({ description: 'sha256 over the weight files (extra field)' })),
  error: Type.Optional(Type.String()),
  detector: Type.Optional(DetectorFacts),
});

export const AdapterHealth = Type.Object({
  status: Type.Union([
    Type.Literal('ok'),
    Type.Literal('loading'),
    Type.Literal('degraded'),
    Type.Literal('error'),
  ]),
  version: Type.String(),
  started_at: Type.String({ format: 'date-time' }),
  uptime_seconds: Type.Integer(),
  hardware: Type.Object({
    cpu_model: Type.String(),
    cpu_cores: Type.Integer(),
    ram_total_mb: Type.Integer(),
    ram_free_mb: Type.Integer(),
    gpus: Type.Array(
      Type.Object({ name: Type.String(), vram_total_mb: Type.Integer(), vram_free_mb: Type.Integer() }),
    ),
  }),
  models: Type.Array(HealthModel),
  inflight: Type.Integer(),
  queue_depth: Type.Integer(),
});
export type AdapterHealth = Static<typeof AdapterHealth>;

export const ModelInfo = Type.Object({
  name: Type.String(),
  version: Type.String(),
  fingerprint: Type.String(),
});

export const AdapterListing = Type.Array(
  Type.Object({
    name: Type.String(),
    tasks: Type.Array(Type.String()),
    runtime: Type.String(),
    enabled: Type.Boolean(),
    state: Type.String(),
    model: ModelInfo,
    url: Type.Optional(Type.String()),
    /** Remote adapters: whether a bearer token is configured for it (the token is never listed). */
    token_set: Type.Optional(Type.Boolean()),
    /** Remote adapters: why the last probe failed; operator detectors: why they were refused. */
    error: Type.Optional(Type.String()),
    detector: Type.Optional(DetectorFacts),
  }),
);
export type AdapterListing = Static<typeof AdapterListing>;

export const HardwareEvaluation = Type.Object({
  verdict: Type.Union([Type.Literal('ok'), Type.Literal('warn'), Type.Literal('blocked')]),
  reasoning: Type.String(),
  checked_at: Type.String({ format: 'date-time' }),
  details: Type.Record(Type.String(), Type.Unknown()),
});
export type HardwareEvaluation = Static<typeof HardwareEvaluation>;

// ---- capabilities ---------------------------------------------------------------------------------------

export const CapabilityList = Type.Array(Type.String());

export const DetectorSpec = Type.Object({
  input: Type.Object({
    width: Type.Integer(),
    height: Type.Integer(),
    layout: Type.String({ description: 'e.g. NHWC' }),
    dtype: Type.String({ description: 'e.g. float32' }),
    pixel_format: Type.String({ description: 'e.g. RGB' }),
  }),
  labels: Type.Array(Type.String()),
  max_detections: Type.Integer(),
});

export const CapabilityCard = Type.Object({
  contract_version: Type.Literal(ADAPTER_CONTRACT_VERSION),
  adapter: Type.Object({
    name: Type.String(),
    version: Type.String(),
    vendor: Type.String(),
    license: Type.String(),
  }),
  model: Type.Object({
    name: Type.String(),
    version: Type.String(),
    framework: Type.String(),
    fingerprint: Type.String({ pattern: '^sha256:[0-9a-f]{64}$' }),
  }),
  tasks: Type.Array(Type.String()),
  permissions: Type.Object({
    gpu: Type.Boolean(),
    network_egress: Type.Array(Type.String()),
    host_filesystem: Type.Array(Type.String()),
    shared_memory_paths: Type.Array(Type.String()),
    host_metadata: Type.Boolean(),
  }),
  scheduling: Type.Object({
    max_inflight: Type.Integer(),
    preferred_batch_size: Type.Integer(),
    fair_queuing: Type.Boolean(),
  }),
  cost: Type.Object({
    currency: Type.String(),
    estimated_per_call: Type.Number(),
    is_metered: Type.Boolean(),
  }),
  detector: Type.Optional(DetectorSpec),
  accelerator: Type.Object({ backend: Type.String(), device: Type.String() }),
  endpoints: Type.Object({
    infer: Type.Object({ supported: Type.Boolean(), input_content_types: Type.Array(Type.String()) }),
    infer_stream: Type.Object({ supported: Type.Boolean(), max_concurrent_streams: Type.Integer() }),
  }),
});
export type CapabilityCard = Static<typeof CapabilityCard>;
