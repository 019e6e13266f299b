// What the recorder's modules tell each other in process (platform/events/internal-events.ts). The module that
// changes something emits; each module that must follow registers its handlers in its own `*.reactions.ts`.
import type { MotionBox } from '../media/motion/motion-detector.js';
import type { InternalEvents } from '../platform/events/internal-events.js';
import type { AlertResponse } from './alerts/alerts.schemas.js';
import type { CameraChange } from './cameras/camera-change.js';
import type { IndexedChunk, RecordingNotice } from './recordings/recording-notice.js';
import type { Detection } from './detection/result-mapping.js';
import type { TrackedObject } from './tracking/object-tracker.js';

/** One analysed picture of a live object detector (boxes in the picture's pixels). */
export interface SeenDetections {
  cameraId: number;
  modelId: number;
  resultId: number;
  /** when the picture was taken (ms since epoch) */
  at: number;
  frame: { width: number; height: number };
  detections: Detection[];
  /** the picture itself (JPEG), for the snapshots of incidents */
  jpeg: Buffer;
}

/** Where a model's tracked objects stand on a camera after a picture (or after the model stopped). */
export interface TrackedObjects {
  cameraId: number;
  modelId: number;
  at: number;
  /** every live track */
  tracks: TrackedObject[];
  /** the tracks that ended now */
  ended: TrackedObject[];
  /** the picture of this update (null when the model stopped) */
  picture: { jpeg: Buffer; width: number; height: number } | null;
}

/** `boxes`: normalised to the picture, to the thousandth. */
export type MotionChange =
  | { cameraId: number; active: true; at: number; boxes: MotionBox[] }
  | { cameraId: number; active: false; at: number; durationMs: number };

/** The people a live face_recognition model recognised in one picture of a camera. */
export interface FacesRecognised {
  cameraId: number;
  modelId: number;
  /** when the picture was taken (ms since epoch) */
  at: number;
  /** as the face gallery spells them, once each (never empty) */
  names: string[];
}

/** A tracked object in one of a camera's zones. */
export interface ZonePresence {
  cameraId: number;
  zone: string;
  trackId: string;
  label: string;
  at: number;
}

export interface RecorderEvents {
  /** a camera was created, edited, binned, restored or deleted */
  'camera.changed': CameraChange;
  /** a change to a camera's stream config that alters how it is streamed or recorded */
  'camera-config.changed': { cameraId: number };
  /**
   * what a camera's pipelines read may have changed (the camera, its stream config, this node's lease, the TLS
   * material, a restored backup): each pipeline re-reads the camera (camera-runtime.reactions.ts, which refreshes
   * the camera's streams at the same time and ends when every pipeline has)
   */
  'camera.runtime-changed': { cameraId: number };
  /** a camera's motion detection settings were replaced */
  'motion-settings.changed': { cameraId: number };
  /**
   * a watched camera went into motion or came to rest (`at`: when the picture that decided it was taken; the
   * moving boxes when it started, how long it lasted when it ended); the event log stores it as motion.start/end
   */
  'motion.changed': MotionChange;
  /** a tracked object came into a zone (zones → review items, MQTT; the event log stores it as zone.enter) */
  'zone.entered': ZonePresence;
  /** …and left it, or was lost (`dwellMs`: how long it stayed; stored as zone.exit) */
  'zone.exited': ZonePresence & { dwellMs: number };
  /** a camera's zones were replaced */
  'zones.changed': { cameraId: number };
  /** a live object detector analysed a picture (detection loop → object tracking) */
  'detections.seen': SeenDetections;
  /** a model's tracked objects on a camera moved on (object tracking → zones) */
  'objects.tracked': TrackedObjects;
  /** a live face_recognition model recognised people of the face gallery (detection loop → review items) */
  'faces.recognised': FacesRecognised;
  /** an AI model was created, changed or deleted */
  'ai-model.changed': { modelId: number };
  /** the media-source TLS material changed (upload, delete, restore) */
  'media-tls.changed': Record<string, never>;
  /** the cloud recording and streaming settings were saved with a change */
  'cloud-settings.changed': Record<string, never>;
  /** an adapter was registered or removed through the API */
  'adapters.changed': Record<string, never>;
  /** the MQTT settings were saved with a change (`withdraw`: what was published goes first) */
  'mqtt-settings.changed': { withdraw: boolean };
  /** a camera's recording changed state, or the recordings volume did (published to the event log too) */
  'recording.notice': RecordingNotice;
  /** a closed chunk was indexed */
  'recording.chunk-indexed': IndexedChunk;
  /** a camera whose recording is on has gone unrecorded by every node for longer than the grace (recording watch) */
  'recording.uncovered': { cameraId: number; name: string; reason: string; seconds: number };
  /** the scheduled integrity check found stored footage that no longer matches its evidence chain */
  'recording.integrity-failed': {
    cameraId: number;
    name: string;
    altered: number;
    missing: number;
    /** what is wrong with the chain itself (null: it holds) */
    problem: string | null;
    /** the first chunk found altered or missing */
    first: { status: string; start_time: string } | null;
  };
  /** a retention round ended with free space still under the floor */
  'storage.floor-reached': { path: string; free_bytes: number; floor_bytes: number };
  /** an alert was stored (awaited: its notifications are queued before `raise` returns) */
  'alert.raised': { alert: AlertResponse };
  /**
   * a backup's configuration was restored (awaited: everything follows before the restore answers); the cameras
   * that existed before or after it
   */
  'backup.restored': { cameraIds: number[] };
  /**
   * this node took a camera's lease or no longer holds it (awaited when it gives the lease back: the camera's
   * pipelines stop here, their last chunk indexed, before another node may start them)
   */
  'camera.ownership-changed': { cameraId: number; owned: boolean };
}

export type RecorderEventBus = InternalEvents<RecorderEvents>;
