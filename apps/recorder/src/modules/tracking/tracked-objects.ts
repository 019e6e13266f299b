// The objects each live detector follows on each camera (issue #19): the detection loop's pictures of a model
// (detections.seen) go through that model's tracker on that camera, and every update is told to whoever follows
// objects (objects.tracked: zones now, review items later). A model that changes or goes, or a camera that is
// binned or deleted, ends its tracks, so the followers see them leave. Kept in memory: after a restart, objects are tracked anew.
import type { RecorderEventBus, SeenDetections } from '../recorder-events.js';
import { ObjectTracker } from './object-tracker.js';

export class TrackedObjects {
  readonly #trackers = new Map<string, { cameraId: number; modelId: number; tracker: ObjectTracker }>();
  /** makes track ids unique across restarts too */
  readonly #run = Date.now().toString(36);
  /** trackers made so far: a camera's new tracker (after its model changed) must not reuse its old ids */
  #made = 0;

  constructor(private readonly events: RecorderEventBus) {}

  /** A picture's detections from one model on one camera. */
  seen({ cameraId, modelId, resultId, at, frame, detections, jpeg }: SeenDetections): void {
    const key = `${cameraId}:${modelId}`;
    let entry = this.#trackers.get(key);
    if (!entry) {
      const prefix = `c${cameraId}m${modelId}-${this.#run}.${(this.#made++).toString(36)}`;
      entry = { cameraId, modelId, tracker: new ObjectTracker(prefix) };
      this.#trackers.set(key, entry);
    }
    const objects = detections.map((d) => ({
      label: d.label,
      confidence: d.confidence,
      box: {
        x: clamp(d.bbox[0] / frame.width),
        y: clamp(d.bbox[1] / frame.height),
        width: clamp((d.bbox[2] - d.bbox[0]) / frame.width),
        height: clamp((d.bbox[3] - d.bbox[1]) / frame.height),
      },
    }));
    const { tracks, ended } = entry.tracker.update(objects, at, resultId);
    this.events.emit('objects.tracked', {
      cameraId,
      modelId,
      at,
      tracks,
      ended,
      picture: { jpeg, width: frame.width, height: frame.height },
    });
  }

  /** The model changed or went: its tracks on every camera end. */
  modelChanged(modelId: number): void {
    this.#endWhere((entry) => entry.modelId === modelId);
  }

  /** The camera was binned or deleted: every model's tracks on it end (and its trackers go). */
  cameraGone(cameraId: number): void {
    this.#endWhere((entry) => entry.cameraId === cameraId);
  }

  #endWhere(matches: (entry: { cameraId: number; modelId: number }) => boolean): void {
    for (const [key, entry] of this.#trackers) {
      if (!matches(entry)) continue;
      this.#trackers.delete(key);
      this.events.emit('objects.tracked', {
        cameraId: entry.cameraId,
        modelId: entry.modelId,
        at: Date.now(),
        tracks: [],
        ended: entry.tracker.endAll(),
        picture: null,
      });
    }
  }
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}
