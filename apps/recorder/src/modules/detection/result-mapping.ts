// From an adapter's /infer answer to a stored detection result and the `detection` event payload. Answers of
// the known tasks are checked against the contract schemas first: a malformed answer stores nothing.
import {
  FaceDetectionResult,
  FaceRecognitionResult,
  ObjectDetectionResult,
  PersonCountingResult,
  SceneDescriptionResult,
} from '@nvr/contracts';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** Tasks of object detectors: the detection loop sends them only to adapters with the v1.1 detector block. */
export const DETECTOR_TASKS: ReadonlySet<string> = new Set([
  'person_counting',
  'person_detection',
  'object_detection',
]);

const SCHEMAS: Record<string, TSchema> = {
  person_counting: PersonCountingResult,
  person_detection: ObjectDetectionResult,
  object_detection: ObjectDetectionResult,
  face_detection: FaceDetectionResult,
  face_recognition: FaceRecognitionResult,
  scene_description: SceneDescriptionResult,
};

export interface Detection {
  label: string;
  confidence: number;
  bbox: [number, number, number, number];
  track_id?: number;
}

export interface MappedResult {
  label: string | null;
  caption: string | null;
  confidence: number | null;
  count: number | null;
  bbox: { x: number; y: number; width: number; height: number } | null;
  latency_ms: number | null;
  detections: Detection[];
  frame: { width: number; height: number } | null;
  /** face_recognition: the people recognised, once each, as the gallery spells them (empty otherwise) */
  names: string[];
}

type Row = Record<string, unknown>;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The mapped result, or the reason the answer cannot be stored. */
export function mapResult(task: string, body: Row): MappedResult | string {
  const schema = SCHEMAS[task];
  if (schema && !Value.Check(schema, body)) {
    const first = [...Value.Errors(schema, body)][0];
    return `adapter answer for ${task} does not match the contract${first ? ` (${first.path || '/'}: ${first.message})` : ''}`;
  }
  const detections = detectionsOf(task, body);
  // The most confident detection stands for the result in the single-box columns (SEED.md's shape).
  const top = detections.reduce<Detection | null>(
    (a, d) => (!a || d.confidence > a.confidence ? d : a),
    null,
  );
  const frame = body.frame as { width: number; height: number } | undefined;
  let count = num(body.count) ?? num(body.face_count);
  if (count === null && detections.length > 0) count = detections.length;
  const caption = typeof body.caption === 'string' ? body.caption : null;
  let confidence = top?.confidence ?? null;
  if (task === 'person_counting') confidence = num(body.confidence);
  return {
    label: top?.label ?? (task === 'person_counting' ? 'person' : null),
    caption,
    confidence: confidence === null ? null : Math.min(1, Math.max(0, confidence)),
    count: count === null ? null : Math.max(0, Math.round(count)),
    bbox: top
      ? {
          x: top.bbox[0],
          y: top.bbox[1],
          width: Math.max(0, top.bbox[2] - top.bbox[0]),
          height: Math.max(0, top.bbox[3] - top.bbox[1]),
        }
      : null,
    latency_ms: num(body.latency_ms) === null ? null : Math.round(num(body.latency_ms)!),
    detections,
    frame: frame && num(frame.width) !== null && num(frame.height) !== null ? frame : null,
    names: task === 'face_recognition' ? recognisedNames(body) : [],
  };
}

/** The distinct names of a face_recognition answer's recognised faces (unknown faces have none). */
function recognisedNames(body: Row): string[] {
  const faces = Array.isArray(body.faces) ? (body.faces as Row[]) : [];
  const names = faces
    .map((face) => face?.person)
    .filter((p): p is string => typeof p === 'string' && p !== '');
  return [...new Set(names)];
}

function detectionsOf(task: string, body: Row): Detection[] {
  const list = Array.isArray(body.detections) ? body.detections : Array.isArray(body.faces) ? body.faces : [];
  const fallbackLabel = task === 'face_detection' ? 'face' : task.startsWith('person') ? 'person' : 'object';
  const out: Detection[] = [];
  for (const item of list as Row[]) {
    if (item === null || typeof item !== 'object') continue;
    const bbox = item.bbox;
    const confidence = num(item.confidence);
    if (
      !Array.isArray(bbox) ||
      bbox.length !== 4 ||
      !bbox.every((v) => typeof v === 'number') ||
      confidence === null
    )
      continue;
    out.push({
      label: labelOf(task, item, fallbackLabel),
      confidence,
      bbox: bbox.map((v: number) => Math.round(v)) as Detection['bbox'],
      ...(typeof item.track_id === 'number' ? { track_id: item.track_id } : {}),
    });
  }
  return out;
}

/**
 * A face_recognition face is labelled with the recognised person's name, or `unknown` (alert rules match names
 * and `unknown` like any label; labels are lower case everywhere, rule labels too).
 */
function labelOf(task: string, item: Row, fallback: string): string {
  if (task === 'face_recognition')
    return typeof item.person === 'string' ? item.person.toLowerCase() : 'unknown';
  return typeof item.label === 'string' ? item.label.toLowerCase() : fallback;
}
