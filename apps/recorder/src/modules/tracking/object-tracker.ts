// Associates one detector's detections on one camera across pictures into tracked objects (issue #19). Pictures
// come a second or more apart, so a walking person's boxes barely overlap from one to the next: each track's box
// is first moved on by its last speed, and a detection is matched to the track of the same label whose predicted
// box it overlaps most, or — when none overlaps — whose centre is nearest within about one box size. Greedy
// matching, best pairs first, is enough at a few dozen objects.
// A track that is not seen ends after a while; an object that has not moved for a while is stationary (a parked
// car) and survives much longer unseen, so a detector that loses it for a few pictures does not make it new.

/** A box in normalised picture coordinates (0–1): left, top, width, height. */
export interface NormalisedBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SeenObject {
  label: string;
  confidence: number;
  box: NormalisedBox;
}

export interface TrackedObject {
  track_id: string;
  label: string;
  confidence: number;
  box: NormalisedBox;
  /** ms since epoch */
  first_seen: number;
  last_seen: number;
  /** when it last moved (its centre left the spot it stood on); its first sighting until then */
  last_moved: number;
  stationary: boolean;
  /** the picture where it showed best (confidence × size) */
  best: { at: number; confidence: number; box: NormalisedBox; result_id: number | null };
}

export interface TrackerOptions {
  /** a moving object unseen this long has gone (ms) */
  lostAfterMs: number;
  /** a stationary one unseen this long has gone (ms) */
  stationaryLostAfterMs: number;
  /** an object whose centre stays within this distance (share of the picture's diagonal)… */
  stillDistance: number;
  /** …for this long is stationary (ms) */
  stationaryAfterMs: number;
}

export const DEFAULT_TRACKER_OPTIONS: TrackerOptions = {
  lostAfterMs: 4_000,
  stationaryLostAfterMs: 120_000,
  stillDistance: 0.02,
  stationaryAfterMs: 10_000,
};

interface Track extends TrackedObject {
  /** where its centre was when it last moved (at `last_moved`) */
  anchor: { x: number; y: number };
  /** how fast its box moved between its last two sightings (share of the picture per ms) */
  velocity: { x: number; y: number };
}

export interface TrackerUpdate {
  /** every live track after this picture (seen in it or not) */
  tracks: TrackedObject[];
  /** tracks that ended with this picture (unseen for too long) */
  ended: TrackedObject[];
}

export class ObjectTracker {
  readonly #tracks: Track[] = [];
  #next = 1;

  constructor(
    /** prefix of this tracker's ids, unique among the process's trackers and across restarts */
    private readonly idPrefix: string,
    private readonly options: TrackerOptions = DEFAULT_TRACKER_OPTIONS,
  ) {}

  /** One picture's detections, taken at `at` (ms); `resultId` names the stored result they came from. */
  update(objects: readonly SeenObject[], at: number, resultId: number | null = null): TrackerUpdate {
    // Tracks unseen for too long end first: an object seen again after that (the detector was paused while
    // nothing moved, say) is a new one, not the old track picked up where it was.
    const ended: TrackedObject[] = [];
    for (let index = this.#tracks.length - 1; index >= 0; index--) {
      const track = this.#tracks[index]!;
      const patience = track.stationary ? this.options.stationaryLostAfterMs : this.options.lostAfterMs;
      if (at - track.last_seen > patience) {
        this.#tracks.splice(index, 1);
        ended.push(publicView(track));
      }
    }
    const pairs: { track: Track; object: number; score: number }[] = [];
    for (const track of this.#tracks) {
      for (const [index, object] of objects.entries()) {
        if (object.label !== track.label) continue;
        const score = matchScore(predicted(track, at), object.box);
        if (score > 0) pairs.push({ track, object: index, score });
      }
    }
    pairs.sort((a, b) => b.score - a.score);
    const usedTracks = new Set<Track>();
    const usedObjects = new Set<number>();
    for (const { track, object, score: _score } of pairs) {
      if (usedTracks.has(track) || usedObjects.has(object)) continue;
      usedTracks.add(track);
      usedObjects.add(object);
      this.#see(track, objects[object]!, at, resultId);
    }
    for (const [index, object] of objects.entries()) {
      if (usedObjects.has(index)) continue;
      const centre = centreOf(object.box);
      const track: Track = {
        track_id: `${this.idPrefix}-${this.#next++}`,
        label: object.label,
        confidence: object.confidence,
        box: object.box,
        first_seen: at,
        last_seen: at,
        last_moved: at,
        stationary: false,
        best: { at, confidence: object.confidence, box: object.box, result_id: resultId },
        anchor: centre,
        velocity: { x: 0, y: 0 },
      };
      this.#tracks.push(track);
    }
    return { tracks: this.#tracks.map(publicView), ended };
  }

  /** Every live track ends (the model stopped). */
  endAll(): TrackedObject[] {
    return this.#tracks.splice(0).map(publicView);
  }

  #see(track: Track, object: SeenObject, at: number, resultId: number | null): void {
    const elapsed = at - track.last_seen;
    if (elapsed > 0)
      track.velocity = {
        x: (object.box.x - track.box.x) / elapsed,
        y: (object.box.y - track.box.y) / elapsed,
      };
    track.box = object.box;
    track.confidence = object.confidence;
    track.last_seen = at;
    const centre = centreOf(object.box);
    if (
      Math.hypot(centre.x - track.anchor.x, centre.y - track.anchor.y) / Math.SQRT2 >
      this.options.stillDistance
    ) {
      track.anchor = centre;
      track.last_moved = at;
    }
    track.stationary = at - track.last_moved >= this.options.stationaryAfterMs;
    if (showing(object.confidence, object.box) > showing(track.best.confidence, track.best.box))
      track.best = { at, confidence: object.confidence, box: object.box, result_id: resultId };
  }
}

/** Where the track's box should be at `at` if it keeps going as it went (not beyond the picture). */
function predicted(track: Track, at: number): NormalisedBox {
  const elapsed = Math.min(at - track.last_seen, 5_000);
  const clamp = (value: number, size: number) => Math.min(1 - size, Math.max(0, value));
  return {
    ...track.box,
    x: clamp(track.box.x + track.velocity.x * elapsed, track.box.width),
    y: clamp(track.box.y + track.velocity.y * elapsed, track.box.height),
  };
}

/** How well a detection continues a track: its overlap, or failing that, how near its centre is (0: no match). */
function matchScore(a: NormalisedBox, b: NormalisedBox): number {
  const overlap = iou(a, b);
  if (overlap > 0.05) return 1 + overlap;
  const ca = centreOf(a);
  const cb = centreOf(b);
  const reach = Math.max(a.width, a.height, b.width, b.height);
  const distance = Math.hypot(ca.x - cb.x, ca.y - cb.y);
  return distance < reach ? 1 - distance / reach : 0;
}

export function iou(a: NormalisedBox, b: NormalisedBox): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const inter = width * height;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

function centreOf(box: NormalisedBox): { x: number; y: number } {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A bigger, surer view shows more: what the best picture of a track is chosen by. */
function showing(confidence: number, box: NormalisedBox): number {
  return confidence * Math.sqrt(box.width * box.height);
}

function publicView(track: Track): TrackedObject {
  const { anchor: _anchor, velocity: _velocity, ...view } = track;
  return { ...view, box: { ...view.box }, best: { ...view.best } };
}
