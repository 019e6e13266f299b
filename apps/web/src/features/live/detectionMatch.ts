// Which AI detections belong on the picture a tile shows. A detection comes 1–3 s after its picture (decode,
// inference, event delivery) while the live picture is itself 0.2–3 s behind the camera, so drawing boxes as they
// arrive puts them where people were about to be, or were. Instead each camera's recent detections are kept with
// the time of their picture (`captured_at`, recorder clock) and the tile draws, per model, the newest detection
// whose picture is not later than the picture on screen (lib/pictureTime.ts says when that was taken) — held
// until the next one, or HOLD_MS. Pure (no DOM): detectionMatch.test.ts.

export interface DetectionBox {
  label: string;
  confidence: number;
  bbox: [number, number, number, number];
}

export interface TimedDetection {
  modelId: number | undefined;
  /** when the analysed picture was taken (unix ms, recorder clock) */
  frameTime: number;
  /** the analysed picture's size: `bbox` is in its pixels */
  frame: { width: number; height: number };
  boxes: DetectionBox[];
}

/**
 * A detection is drawn on a picture up to this much older than itself: the picture-time estimates are good to a
 * couple of hundred ms (pictureTime.ts), and a box a tenth of a second early is closer than one a second late.
 */
export const EARLY_MS = 150;
/**
 * …and held on later pictures this long at most when no newer detection of the model comes (a model analyses
 * every second or two; beyond that the box no longer says where anyone is).
 */
export const HOLD_MS = 2_500;
/** Detections whose picture is this much older than the newest are forgotten (players run ≤ 3 s behind). */
const KEEP_MS = 15_000;

/** One camera's recent detections, oldest first per model. */
export class DetectionHistory {
  readonly #byModel = new Map<number | undefined, TimedDetection[]>();

  add(detection: TimedDetection): void {
    const list = this.#byModel.get(detection.modelId) ?? [];
    // Usually in order; a late one (another adapter answered slower) is put in its place.
    let index = list.length;
    while (index > 0 && list[index - 1]!.frameTime > detection.frameTime) index--;
    list.splice(index, 0, detection);
    const newest = list[list.length - 1]!.frameTime;
    while (list.length > 0 && list[0]!.frameTime < newest - KEEP_MS) list.shift();
    this.#byModel.set(detection.modelId, list);
  }

  /** What to draw on the picture taken at `pictureTime`: per model, the newest detection of it, if any fits. */
  at(pictureTime: number): TimedDetection[] {
    const shown: TimedDetection[] = [];
    for (const list of this.#byModel.values()) {
      for (let index = list.length - 1; index >= 0; index--) {
        const detection = list[index]!;
        if (detection.frameTime > pictureTime + EARLY_MS) continue;
        if (detection.frameTime >= pictureTime - HOLD_MS) shown.push(detection);
        break;
      }
    }
    return shown;
  }
}

/** Whether two selections are the same detections (so a tile redraws only when its boxes change). */
export function sameDetections(a: readonly TimedDetection[], b: readonly TimedDetection[]): boolean {
  return a.length === b.length && a.every((detection, index) => detection === b[index]);
}
