// Maps a recording run's media time to the wall clock, from ffmpeg's progress reports ("media time T was written
// at wall time W"). The earliest W − T seen is the wall time of media time 0: reports can only arrive late,
// never early, so the smallest offset is the truest. A camera that keeps its session open but stops sending
// frames, and later resumes with continuous timestamps, leaves every later report late by the length of the
// freeze; once that lateness has held for a while it is a new anchor, from that media time on, and the run should
// be cut there (the chunk before and the chunk after then both have true start and end times).

/** Reports later than this beyond the anchor count as a freeze of the camera, not as jitter. */
export const DRIFT_LIMIT_MS = 1000;
/** ...when they stay that late for this long (a late read of one report is not a freeze). */
export const DRIFT_CONFIRM_MS = 1000;

interface Anchor {
  /** media time (s) after which this anchor applies (the first anchor applies to all media before it too) */
  fromMedia: number;
  /** wall-clock ms of media time 0 under this anchor */
  origin: number;
}

export class MediaClock {
  readonly #anchors: Anchor[] = [];
  /** media time of the last report that was on time: media after it arrived after the freeze */
  #onTimeMedia = 0;
  /** since when reports have been late, and the least late among them */
  #late: { since: number; offset: number } | null = null;

  /** Takes one progress report; when it confirms a freeze, how long it was (ms; a new anchor begins), else 0. */
  observe(outTimeSeconds: number, receivedAt: number): number {
    const offset = receivedAt - outTimeSeconds * 1000;
    const current = this.#anchors.at(-1);
    if (!current || offset - current.origin <= DRIFT_LIMIT_MS) {
      if (current) current.origin = Math.min(current.origin, offset);
      else this.#anchors.push({ fromMedia: outTimeSeconds, origin: offset });
      this.#onTimeMedia = outTimeSeconds;
      this.#late = null;
      return 0;
    }
    if (!this.#late) {
      this.#late = { since: receivedAt, offset };
      return 0;
    }
    this.#late.offset = Math.min(this.#late.offset, offset);
    if (receivedAt - this.#late.since < DRIFT_CONFIRM_MS) return 0;
    this.#anchors.push({ fromMedia: this.#onTimeMedia, origin: this.#late.offset });
    this.#onTimeMedia = outTimeSeconds;
    this.#late = null;
    return this.#anchors.at(-1)!.origin - current.origin;
  }

  get anchored(): boolean {
    return this.#anchors.length > 0;
  }

  /** Wall-clock ms of a media time (seconds) of this run. */
  wallTime(mediaSeconds: number): number {
    const anchors = this.#anchors;
    if (anchors.length === 0) throw new Error('no progress report yet');
    let anchor = anchors[0]!;
    for (const candidate of anchors.slice(1)) if (mediaSeconds > candidate.fromMedia) anchor = candidate;
    return Math.round(anchor.origin + mediaSeconds * 1000);
  }
}
