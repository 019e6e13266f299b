// The typed event map (API.md §9). Every producer publishes through EventBus.publish with one of these types;
// payloads are open objects because producers add detail over time, but the fields named here are the contract.

/** Ordered: `info` < `low` < `medium` < `high` < `critical`. */
export const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const severityRank = (severity: Severity): number => SEVERITIES.indexOf(severity);

type Open = Record<string, unknown>;

export interface EventMap {
  /**
   * an AI model's result on a camera's picture; `captured_at`: when that picture came out of the recorder's
   * decoder (ms since epoch) — what a live view matches its picture against (EXT-X-PROGRAM-DATE-TIME is on the
   * same clock); `sampled_at`/`stored_at`: when it was sent for analysis / its result stored; `names`: the people
   * a face_recognition model recognised, as the face gallery spells them (absent when none)
   */
  detection: Open & {
    model_id?: number;
    task?: string;
    result_id?: number;
    count?: number;
    names?: string[];
    captured_at?: number;
    sampled_at?: number;
    stored_at?: number;
  };
  'alert.created': Open & { alert: Open };
  /**
   * an AI rule's alert followed its incident: what it saw since (`data.count`, `data.labels`, `data.last_seen_at`,
   * its title) changed; never a notification, and its acknowledgement stays as it was
   */
  'alert.updated': Open & { alert: Open };
  /** one event per camera (and one for system alerts) touched by an acknowledge call */
  'alert.acknowledged': Open & { ids: number[]; acknowledged_by: string; acknowledged_at: string };
  'camera.online': Open;
  'camera.offline': Open & { reason?: string };
  'recording.started': Open & { path?: string };
  'recording.failed': Open & { error?: string; reason?: string };
  /** a camera's recording could not write: disk full or read-only */
  'storage.error': Open & { error?: string };
  /** the recordings volume is missing (not mounted): nothing is recorded, reconciled or deleted until it is back */
  'storage.unavailable': Open & { error?: string; path?: string };
  'storage.available': Open & { path?: string };
  'adapter.model_changed': Open & { adapter?: string };
  'adapter.unavailable': Open & { adapter?: string };
  'job.updated': Open & { job_id?: number | string; status?: string };
  /**
   * something started moving in the camera's picture: the moving boxes, normalised; `at`: when the picture that
   * showed it was taken (ms since epoch)
   */
  'motion.start': Open & {
    at: number;
    boxes: { x: number; y: number; width: number; height: number; area: number }[];
  };
  /** the camera's picture has been still for a while (or motion detection stopped) */
  'motion.end': Open & { at: number; duration_ms: number };
  /** a tracked object's standing point came into one of the camera's zones */
  'zone.enter': Open & { zone: string; track_id: string; label: string; at: number };
  /** …and left it (or the object was lost); `dwell_ms`: how long it stayed */
  'zone.exit': Open & { zone: string; track_id: string; label: string; at: number; dwell_ms: number };
  /** an incident began: a review item (its id, labels, zones, severity, times) */
  'review.opened': Open & { review_id?: number };
  /**
   * …gained a label, a zone, an alert, its snapshot or its clip, or was marked (not) reviewed; a mark of several
   * items is one event per camera with `review_ids` (up to 1000), `count` and `reviewed` instead
   */
  'review.updated': Open & { review_id?: number };
  /** …ended (nothing moving for a while); its clip follows when the footage is recorded */
  'review.closed': Open & { review_id?: number };
}

export type EventType = keyof EventMap;

export const EVENT_TYPES: readonly EventType[] = [
  'detection',
  'alert.created',
  'alert.updated',
  'alert.acknowledged',
  'camera.online',
  'camera.offline',
  'recording.started',
  'recording.failed',
  'storage.error',
  'storage.unavailable',
  'storage.available',
  'adapter.model_changed',
  'adapter.unavailable',
  'job.updated',
  'motion.start',
  'motion.end',
  'zone.enter',
  'zone.exit',
  'review.opened',
  'review.updated',
  'review.closed',
];

/** What a producer hands to publish(): `camera_id` absent or null makes it a system event. */
export interface EventInput<T extends EventType = EventType> {
  type: T;
  camera_id?: number | null;
  source: string;
  severity?: Severity | null;
  data: EventMap[T];
}

/** A stored event, as clients see it (SSE `data:`, WebSocket messages, /events/latest). */
export interface BusEvent<T extends EventType = EventType> {
  id: number;
  type: T;
  camera_id: number | null;
  source: string;
  severity: Severity | null;
  timestamp: string;
  data: EventMap[T];
}
