// Maps a recording run's media time to the wall clock, from ffmpeg's progress reports ("media time T was written
// at wall time W"). The earliest W − T seen is the wall time of media time 0: reports can only arrive late,
// never early, so the smallest offset is the truest. A camera that keeps its session open but stops sending
// frames, and later resumes with continuous timestamps, leaves every later report late by the length of the
// freeze; once that lateness has held for a while it is a new anchor, from that media time on, and the run should
// be cut there (the chunk before and the chunk after then both have true start and end times).
//
// On a starved machine reports also arrive late without any freeze, so two things tell a freeze from load:
// - The freeze begins after the report received just before the lateness stepped up, even when that report was
//   itself somewhat late: media up to it arrived before the freeze (the last report "on time" may lie seconds
//   earlier, and a chunk starting in between would be placed a whole freeze late).
// - A freeze is a step that holds. Lateness that keeps shrinking is a backlog being worked off (the machine
//   catching up), not a freeze: cutting there would reconnect the camera for nothing, and more load again.

/**
 * Reports later than this beyond the anchor count as a freeze of the camera, not as jitter. Cameras on Wi-Fi stall
 * and burst by a second or two, and a busy machine reads reports late by as much (an H.265 camera under load:
 * 1.0–1.3 s, held): each cut costs a new chunk, so below 3 s a chunk's times may be off by that much instead.
 */
export const DRIFT_LIMIT_MS = 3000;
/** ...when they stay that late for this long (a late read of one report is not a freeze). */
export const DRIFT_CONFIRM_MS = 2000;
/** Lateness that shrinks by more than this starts the confirmation time again (a backlog draining). */
export const DRAIN_TOLERANCE_MS = 250;

interface Anchor {
  /** media time (s) after which this anchor applies (the first anchor applies to all media before it too) */
  fromMedia: number;
  /** wall-clock ms of media time 0 under this anchor */
  origin: number;
}

interface Report {
  media: number;
  offset: number;
}

interface LateRun {
  /** the report received just before the lateness began (media before the run is on time) */
  before: Report;
  /** the run's reports, oldest first (the last LATE_REPORTS_KEPT) */
  reports: Report[];
  /** when the lateness last stepped up, or shrank by more than DRAIN_TOLERANCE_MS from `settled` */
  since: number;
  /** the offset at `since` */
  settled: number;
  /** the least late offset since `since`: the new anchor's origin once confirmed */
  held: number;
}

/** A late run longer than this many reports only needs its recent part to place a freeze. */
const LATE_REPORTS_KEPT = 64;

export class MediaClock {
  readonly #anchors: Anchor[] = [];
  #last: Report | null = null;
  #late: LateRun | null = null;

  /** Takes one progress report; when it confirms a freeze, how long it was (ms; a new anchor begins), else 0. */
  observe(outTimeSeconds: number, receivedAt: number): number {
    const report = { media: outTimeSeconds, offset: receivedAt - outTimeSeconds * 1000 };
    const previous = this.#last ?? report;
    this.#last = report;
    const { offset } = report;
    const current = this.#anchors.at(-1);
    if (!current || offset - current.origin <= DRIFT_LIMIT_MS) {
      if (current) current.origin = Math.min(current.origin, offset);
      else this.#anchors.push({ fromMedia: outTimeSeconds, origin: offset });
      this.#late = null;
      return 0;
    }
    const late = this.#late;
    if (!late) {
      this.#late = { before: previous, reports: [report], since: receivedAt, settled: offset, held: offset };
      return 0;
    }
    late.reports.push(report);
    if (late.reports.length > LATE_REPORTS_KEPT) late.before = late.reports.shift()!;
    if (offset - late.settled > DRIFT_LIMIT_MS || offset < late.settled - DRAIN_TOLERANCE_MS) {
      // Stepped up again (e.g. reports late from load, then a freeze), or a backlog shrinking: not held yet.
      late.since = receivedAt;
      late.settled = offset;
      late.held = offset;
      return 0;
    }
    late.held = Math.min(late.held, offset);
    if (receivedAt - late.since < DRIFT_CONFIRM_MS) return 0;
    // The freeze began after the last report clearly less late than the held lateness.
    let fromMedia = late.before.media;
    for (const earlier of late.reports)
      if (earlier.offset < late.held - DRIFT_LIMIT_MS) fromMedia = earlier.media;
    this.#anchors.push({ fromMedia, origin: late.held });
    this.#late = null;
    return late.held - current.origin;
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
