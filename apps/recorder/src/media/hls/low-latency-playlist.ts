// A rolling low-latency HLS window kept in memory (RFC 8216bis: partial segments, blocking playlist reload,
// preload hints). Each fMP4 fragment the packager writes becomes a part (~200 ms); a segment is closed at the first
// keyframe part after the segment target, so players without LL-HLS support still get whole segments. Parts are
// numbered across segments (`part-<n>.m4s`), so the preload hint always names the part that really comes next,
// even when that part opens a new segment (a `<segment>.<part>` name would then never exist). Runs of
// the packager (after a crash or an upstream loss) follow each other with a discontinuity and a fresh init
// section, and the media sequence numbers go on, so players keep their place.
import { h264CodecsOf, type Fmp4Fragment } from './fmp4-reader.js';

export interface LowLatencyOptions {
  /** a segment closes at the first keyframe at or after this many seconds */
  segmentTargetSeconds: number;
  /** complete segments kept (and listed) behind the one being written */
  windowSegments: number;
}

interface Part {
  /** its number in the session, across segments and packager runs */
  seq: number;
  bytes: Buffer;
  duration: number;
  independent: boolean;
}

interface Segment {
  msn: number;
  parts: Part[];
  duration: number;
  complete: boolean;
  /** the init section's version its parts decode with */
  init: number;
  /** the first segment of a packager run after another */
  discontinuity: boolean;
  /** when its first picture reached the recorder (unix ms), for EXT-X-PROGRAM-DATE-TIME */
  startedAt: number;
  joined?: Buffer;
}

/** What a playlist request may wait for: a whole segment, or one part of it. */
export interface PlaylistPosition {
  msn: number;
  part?: number;
}

type MediaName =
  { kind: 'init'; version: number } | { kind: 'segment'; msn: number } | { kind: 'part'; seq: number };

const NAME = /^(?:init-(\d+)\.mp4|seg-(\d+)\.m4s|part-(\d+)\.m4s)$/;

export function parseMediaName(name: string): MediaName | null {
  const match = NAME.exec(name);
  if (!match) return null;
  if (match[1] !== undefined) return { kind: 'init', version: Number(match[1]) };
  if (match[2] !== undefined) return { kind: 'segment', msn: Number(match[2]) };
  return { kind: 'part', seq: Number(match[3]) };
}

export class LowLatencyPlaylist {
  readonly #segments: Segment[] = [];
  readonly #inits = new Map<number, Buffer>();
  #initVersion = -1;
  #codecs: string | null = null;
  #nextMsn = 0;
  #nextPartSeq = 0;
  #discontinuitySequence = 0;
  #runEnded = false;
  /** only ever grows: players must not see the target durations shrink */
  #targetDuration = 1;
  #partTarget = 0;
  readonly #waiters = new Set<() => void>();

  constructor(private readonly options: LowLatencyOptions) {}

  /** A packager run begins with its init section. */
  startRun(init: Buffer): void {
    this.#initVersion += 1;
    this.#inits.set(this.#initVersion, init);
    this.#codecs = h264CodecsOf(init);
    this.#runEnded = this.#segments.length > 0;
  }

  /** The packager run ended (exit or crash): the segment it was writing is as complete as it will get. */
  endRun(): void {
    const open = this.#open();
    if (open) open.complete = true;
  }

  addPart(fragment: Fmp4Fragment): void {
    if (this.#initVersion < 0) throw new Error('a part before the init section');
    let segment = this.#open();
    const startsNew =
      !segment ||
      segment.init !== this.#initVersion ||
      (fragment.independent && segment.duration >= this.options.segmentTargetSeconds - 0.001);
    if (segment && startsNew) segment.complete = true;
    if (!segment || startsNew) {
      // A run's first part must be a keyframe to start a segment players can decode; others wait for one.
      if (!fragment.independent) return;
      segment = {
        msn: this.#nextMsn++,
        parts: [],
        duration: 0,
        complete: false,
        init: this.#initVersion,
        discontinuity: this.#runEnded,
        // The packager writes a fragment once its last picture is in, so its first one came about its duration
        // ago: the date is when the segment's first picture reached the recorder, the clock AI detections'
        // captured_at is on (a live view draws boxes by it: apps/web/src/lib/pictureTime.ts).
        startedAt: Date.now() - Math.round(fragment.durationSeconds * 1000),
      };
      this.#runEnded = false;
      this.#segments.push(segment);
    }
    segment.parts.push({
      seq: this.#nextPartSeq++,
      bytes: fragment.bytes,
      duration: fragment.durationSeconds,
      independent: fragment.independent,
    });
    segment.duration += fragment.durationSeconds;
    this.#partTarget = Math.max(this.#partTarget, roundUp(fragment.durationSeconds));
    this.#targetDuration = Math.max(this.#targetDuration, Math.ceil(segment.duration - 0.001));
    this.#trim();
    for (const wake of [...this.#waiters]) wake();
  }

  /** Resolves true once the position is in the playlist, false when `timeoutMs` passes first. */
  waitFor(position: PlaylistPosition, timeoutMs: number): Promise<boolean> {
    return this.#waitUntil(() => this.has(position), timeoutMs);
  }

  /** Resolves true once part `seq` has been written, false when `timeoutMs` passes first. */
  waitForPart(seq: number, timeoutMs: number): Promise<boolean> {
    return this.#waitUntil(() => seq < this.#nextPartSeq, timeoutMs);
  }

  #waitUntil(ready: () => boolean, timeoutMs: number): Promise<boolean> {
    if (ready()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        if (!ready()) return;
        done(true);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      const done = (found: boolean) => {
        clearTimeout(timer);
        this.#waiters.delete(wake);
        resolve(found);
      };
      this.#waiters.add(wake);
    });
  }

  /** Wakes every waiting request (the session ends). */
  release(): void {
    for (const wake of [...this.#waiters]) wake();
    this.#waiters.clear();
  }

  has(position: PlaylistPosition): boolean {
    const segment = this.#segment(position.msn);
    if (!segment) return position.msn < (this.#segments[0]?.msn ?? 0);
    if (position.part === undefined) return segment.complete;
    if (segment.parts.length > position.part) return true;
    // A part past the end of a closed segment: players ask for the part after the last one they saw without
    // knowing that the segment closed there. The first part of the next segment answers it (RFC 8216bis: the
    // playlist holds that part "or a later" one); holding the request instead stalls the player.
    return segment.complete && this.#segment(position.msn + 1) !== undefined;
  }

  /** How far ahead of the playlist a request may ask (RFC 8216bis: two segments past the last). */
  tooFarAhead(position: PlaylistPosition): boolean {
    return position.msn > this.#nextMsn + 1;
  }

  media(name: string): Buffer | null {
    const parsed = parseMediaName(name);
    if (!parsed) return null;
    if (parsed.kind === 'init') return this.#inits.get(parsed.version) ?? null;
    if (parsed.kind === 'part') {
      for (const segment of this.#segments)
        for (const part of segment.parts) if (part.seq === parsed.seq) return part.bytes;
      return null;
    }
    const segment = this.#segment(parsed.msn);
    if (!segment) return null;
    if (!segment.complete) return null;
    segment.joined ??= Buffer.concat(segment.parts.map((part) => part.bytes));
    return segment.joined;
  }

  /** The number of the next part the packager will write (a preload-hint request may wait for it). */
  get nextPartSeq(): number {
    return this.#nextPartSeq;
  }

  /**
   * The multivariant playlist naming the media playlist as its one variant. Players are pointed here: hls.js
   * given a media playlist first waits a target duration before it loads it again and starts (measured ~0.8 s).
   */
  renderMultivariant(mediaUri: string): string {
    const bits = this.#segments
      .filter((segment) => segment.complete && segment.duration > 0)
      .map(
        (segment) => (segment.parts.reduce((sum, part) => sum + part.bytes.length, 0) * 8) / segment.duration,
      );
    const bandwidth = Math.max(1, Math.round(Math.max(0, ...bits)));
    const codecs = this.#codecs ? `,CODECS="${this.#codecs}"` : '';
    return `#EXTM3U\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth}${codecs}\n${mediaUri}\n`;
  }

  /** The media playlist; `query` (e.g. `?ticket=…`) is appended to every URI in it. */
  render(query = ''): string {
    const first = this.#segments[0];
    const partTarget = this.#partTarget || 0.2;
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:9',
      `#EXT-X-TARGETDURATION:${this.#targetDuration}`,
      `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${format(3 * partTarget)}`,
      `#EXT-X-PART-INF:PART-TARGET=${format(partTarget)}`,
      `#EXT-X-MEDIA-SEQUENCE:${first?.msn ?? this.#nextMsn}`,
      `#EXT-X-DISCONTINUITY-SEQUENCE:${this.#discontinuitySequence}`,
    ];
    // Parts are listed for the last few segments only (the spec asks for the last three target durations).
    const partsFrom = this.#segments.length - 3;
    let init = -1;
    this.#segments.forEach((segment, index) => {
      if (segment.discontinuity && index > 0) lines.push('#EXT-X-DISCONTINUITY');
      if (segment.init !== init) {
        init = segment.init;
        lines.push(`#EXT-X-MAP:URI="init-${init}.mp4${query}"`);
      }
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.startedAt).toISOString()}`);
      if (index >= partsFrom) {
        for (const part of segment.parts) {
          const independent = part.independent ? ',INDEPENDENT=YES' : '';
          lines.push(
            `#EXT-X-PART:DURATION=${format(part.duration)},URI="part-${part.seq}.m4s${query}"${independent}`,
          );
        }
      }
      if (segment.complete)
        lines.push(`#EXTINF:${format(segment.duration)},`, `seg-${segment.msn}.m4s${query}`);
    });
    lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-${this.#nextPartSeq}.m4s${query}"`);
    return `${lines.join('\n')}\n`;
  }

  #open(): Segment | undefined {
    const last = this.#segments.at(-1);
    return last && !last.complete ? last : undefined;
  }

  #segment(msn: number): Segment | undefined {
    const first = this.#segments[0];
    return first ? this.#segments[msn - first.msn] : undefined;
  }

  #trim(): void {
    const complete = this.#segments.filter((segment) => segment.complete).length;
    let excess = complete - this.options.windowSegments;
    while (excess-- > 0) {
      const dropped = this.#segments.shift()!;
      if (this.#segments[0]?.discontinuity) this.#discontinuitySequence += 1;
      const stillUsed = this.#segments.some((segment) => segment.init === dropped.init);
      if (!stillUsed && dropped.init !== this.#initVersion) this.#inits.delete(dropped.init);
    }
  }
}

function roundUp(seconds: number): number {
  // to the millisecond, upwards, without float noise turning 0.2 into 0.201
  return Math.ceil(seconds * 1000 - 1e-6) / 1000;
}

function format(seconds: number): string {
  return seconds.toFixed(3);
}
