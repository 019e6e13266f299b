// The adapter's tasks under the names and result shapes of the OpenNVR contract: the canonical task names of
// OpenNVR's task taxonomy (server/config/tasks.yml) with their aliases, upstream's knob names
// (`confidence_threshold`, `classes`) mapped onto the native params, and results in the §5.1 detection convention
// (`detections[{label, confidence, bbox:{x,y,w,h} normalised, track_id, attributes}]`, `frame_dimensions`).
import { DEFAULT_MATCH_THRESHOLD } from '../../faces/recognition.js';
import { isBuiltInModel, MODELS, type ModelKey } from '../../models/catalog.js';
import { COCO_LABELS } from '../../models/coco-labels.js';
import { TASKS } from '../../tasks/index.js';
import type { TaskResult } from '../../tasks/types.js';
import { malformed, OpenNvrError } from './errors.js';

type Box = [number, number, number, number];

interface NativeDetection {
  label?: string;
  bbox: Box;
  confidence: number;
  track_id?: number | null;
}

interface NativeFace {
  bbox: Box;
  confidence: number;
  landmarks: [number, number][];
  age: number;
  gender: string;
  gender_confidence: number;
}

/** face_recognition's face: face_detection's plus the gallery match. */
interface NativeRecognisedFace extends NativeFace {
  person: string | null;
  person_id: string | null;
  similarity: number | null;
}

export interface CompatTask {
  /** The canonical upstream name (what `tasks_advertised` lists). */
  name: string;
  /** Other spellings upstream's taxonomy folds into this task. */
  aliases: readonly string[];
  /** The native task that serves it. */
  native: string;
  /** Upstream knob → native param. */
  renames: Readonly<Record<string, string>>;
  /** The native result in upstream's shape; `params` are the native params it ran with. */
  shape(result: TaskResult, tracked: boolean, params: Record<string, unknown>): Record<string, unknown>;
}

const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

/** Pixel corners → the contract's normalised {x, y, w, h}; x + w and y + h never exceed 1. */
function normalisedBox([x1, y1, x2, y2]: Box, width: number, height: number) {
  const x = round4(x1 / width);
  const y = round4(y1 / height);
  return {
    x,
    y,
    w: Math.max(0, Math.min(round4((x2 - x1) / width), 1 - x)),
    h: Math.max(0, Math.min(round4((y2 - y1) / height), 1 - y)),
  };
}

function frameOf(result: TaskResult): { width: number; height: number } {
  return result.frame as { width: number; height: number };
}

/**
 * §5.1 detections. `track_id` is the tracker's id when the request named a camera (the tracker runs per camera),
 * else null as the convention asks of an untracked result.
 */
function detectionResult(result: TaskResult, tracked: boolean, task: string, label?: string) {
  const { width, height } = frameOf(result);
  const detections = (result.detections as NativeDetection[]).map((d) => ({
    label: d.label ?? label ?? 'object',
    confidence: d.confidence,
    bbox: normalisedBox(d.bbox, width, height),
    track_id: tracked ? (d.track_id ?? null) : null,
    attributes: {},
  }));
  return { task, detections, frame_dimensions: { w: width, h: height } };
}

/** A face as a §5.1 detection labelled "face"; landmarks (normalised like the box), age and gender are attributes. */
function faceDetection(f: NativeFace, width: number, height: number, extra: Record<string, unknown>) {
  return {
    label: 'face',
    confidence: f.confidence,
    bbox: normalisedBox(f.bbox, width, height),
    track_id: null,
    attributes: {
      ...extra,
      landmarks: f.landmarks.map(([x, y]) => [round4(x / width), round4(y / height)]),
      age: f.age,
      gender: f.gender,
      gender_confidence: f.gender_confidence,
    },
  };
}

// OpenNVR's UI calls the threshold `confidence`; KAI-C renames it on one path only, so both names are taken.
const confidence = { confidence_threshold: 'min_confidence', confidence: 'min_confidence' } as const;

export const COMPAT_TASKS: readonly CompatTask[] = [
  {
    name: 'object_detection',
    aliases: ['detect_objects', 'object-detection'],
    native: 'object_detection',
    renames: { ...confidence, classes: 'labels' },
    shape: (r, tracked) => detectionResult(r, tracked, 'object_detection'),
  },
  {
    name: 'person_detection',
    aliases: [],
    native: 'person_detection',
    renames: confidence,
    shape: (r, tracked) => detectionResult(r, tracked, 'person_detection', 'person'),
  },
  {
    // Not in upstream's taxonomy (a free-text task, as the contract allows): §5.1 plus the count.
    name: 'person_counting',
    aliases: [],
    native: 'person_counting',
    renames: confidence,
    shape: (r, tracked) => ({
      ...detectionResult(r, tracked, 'person_counting', 'person'),
      count: r.count,
      mean_confidence: r.confidence,
    }),
  },
  {
    // Faces as §5.1 detections labelled "face"; landmarks (normalised like the box), age and gender are
    // attributes.
    name: 'face_detection',
    aliases: [],
    native: 'face_detection',
    renames: confidence,
    shape: (r) => {
      const { width, height } = frameOf(r);
      const detections = (r.faces as NativeFace[]).map((f) => faceDetection(f, width, height, {}));
      return {
        task: 'face_detection',
        detections,
        face_count: detections.length,
        frame_dimensions: { w: width, h: height },
      };
    },
  },
  {
    // Upstream's reference (open-nvr/ai-adapter's insightface adapter) answers for the most confident face:
    // `recognized`, and when it is, `person_id`, `name`, `similarity`; `face_bbox` in pixel corners (null
    // without a face), `threshold`, and a `message` when nobody was recognised. Every face is in `detections`
    // too (§5.1, label "face"), its match in the attributes. The knob `threshold` is the native one.
    name: 'face_recognition',
    aliases: [],
    native: 'face_recognition',
    renames: confidence,
    shape: (r, _tracked, params) => {
      const faces = r.faces as NativeRecognisedFace[];
      const threshold = (params.threshold as number | undefined) ?? DEFAULT_MATCH_THRESHOLD;
      const best = faces.reduce<NativeRecognisedFace | undefined>(
        (top, f) => (top === undefined || f.confidence > top.confidence ? f : top),
        undefined,
      );
      const primary = !best
        ? { recognized: false, face_bbox: null, message: 'no face detected' }
        : best.person === null
          ? { recognized: false, face_bbox: best.bbox, message: `no match above threshold ${threshold}` }
          : {
              recognized: true,
              person_id: best.person_id,
              name: best.person,
              similarity: best.similarity,
              face_bbox: best.bbox,
            };
      const { width, height } = frameOf(r);
      const detections = faces.map((f) =>
        faceDetection(f, width, height, {
          person: f.person,
          person_id: f.person_id,
          similarity: f.similarity,
        }),
      );
      return {
        task: 'face_recognition',
        ...primary,
        threshold,
        detections,
        face_count: detections.length,
        frame_dimensions: { w: width, h: height },
      };
    },
  },
  {
    name: 'image_captioning',
    aliases: ['scene_caption', 'image-captioning', 'scene_description'],
    native: 'scene_description',
    renames: {},
    shape: (r) => ({ task: 'image_captioning', caption: r.caption, model_id: r.model_id }),
  },
];

/** The task a request names (upstream name, alias or — absent — the default, object detection). */
export function compatTask(name: unknown): CompatTask {
  if (name === undefined || name === null || name === '') return COMPAT_TASKS[0]!;
  const wanted = typeof name === 'string' ? name.trim() : '';
  const task = COMPAT_TASKS.find((t) => t.name === wanted || t.aliases.includes(wanted));
  if (task) return task;
  const supported = COMPAT_TASKS.map((t) => t.name);
  throw new OpenNvrError(
    400,
    'not_supported',
    'unsupported_task',
    `task ${JSON.stringify(name)} is not supported; choose one of ${supported.join(', ')}`,
    { details: { field: 'task', supported } },
  );
}

/** The knobs a task accepts under the compat surface: upstream's names, then the native ones it has no name for. */
export function acceptedParams(task: CompatTask): string[] {
  const native = Object.keys(TASKS.get(task.native)!.params.properties);
  const renamed = new Set(Object.values(task.renames));
  return [...Object.keys(task.renames), ...native.filter((k) => !renamed.has(k))];
}

/**
 * Upstream knobs → native params. Unknown knobs are refused by name (none is accepted and ignored); the native
 * schema then checks the values (its message names the native param, so renamed ones are checked here first).
 */
export function nativeParams(task: CompatTask, given: Record<string, unknown>): Record<string, unknown> {
  const accepted = acceptedParams(task);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    if (!accepted.includes(key))
      throw malformed(
        key,
        `unknown parameter "${key}" for ${task.name}; accepted: ${accepted.join(', ') || 'none'}`,
      );
    const target = task.renames[key] ?? key;
    if (target in out)
      throw malformed(key, `"${key}" and another name for the same knob are both given: send one`);
    // Thresholds come as numbers or numeric text upstream (its insightface adapter reads float(threshold)).
    const isThreshold = target === 'min_confidence' || target === 'threshold';
    out[target] = isThreshold ? threshold(key, value) : key === 'classes' ? classes(value) : value;
  }
  return out;
}

/** `classes` narrows object detection to COCO labels; a label the detector does not know is refused, not ignored. */
function classes(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((c) => typeof c === 'string'))
    throw malformed(
      'classes',
      'classes must be a non-empty list of COCO label names, e.g. ["person", "car"]',
    );
  const unknown = value.filter((c: string) => !COCO_LABELS.includes(c));
  if (unknown.length)
    throw malformed(
      'classes',
      `classes names labels the detector does not know: ${unknown.join(', ')} (COCO names only)`,
    );
  return [...new Set(value)];
}

/** Upstream accepts the threshold as a number or numeric text; 0 to 1. */
function threshold(field: string, value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n))
    throw malformed(field, `${field} must be a number, got ${JSON.stringify(value)}`);
  if (n < 0 || n > 1) throw malformed(field, `${field} must be between 0.0 and 1.0`);
  return n;
}

/** `model_name` / `model_version` of the envelope: the models that answer a task. */
export function modelIdentity(models: readonly ModelKey[]): { name: string; version: string } {
  return {
    name: models.join('+'),
    // An operator detector (`detectors/<name>`) has no version of its own: its fingerprint is in /adapters.
    version: models.map((n) => `${n}@${isBuiltInModel(n) ? MODELS[n].version : 'local'}`).join(','),
  };
}
