// When the picture a live player shows was taken, on the recorder's clock (unix ms) — the clock the AI's
// detection events are stamped with (`captured_at`: when the analysed picture came out of the recorder's decoder),
// so boxes can be drawn on the picture they belong to (features/live/detectionMatch.ts). Pure: no DOM, no hls.js.
//
// HLS: the recorder's live playlist stamps each segment with EXT-X-PROGRAM-DATE-TIME (when the segment's first
// picture reached the recorder), so the picture at media time t is the segment's date + (t − segment start). Same
// clock as the detections: no clock offset; error ≈ how far the two stamps stand from the picture's arrival
// (the packager's fragment delay against the decoder's); measured against a camera's burned-in clock, HLS and
// WebRTC picture times agree within ~15 ms (docs/architecture.md, Web app, live tiles).
//
// WebRTC: the recorder relays RTP as it arrives without sender reports, so the browser cannot know the capture
// time. The picture left the recorder about when the browser received its last packet (a LAN's one-way delay is a
// few ms) and the recorder relays a picture within a few tens of ms of its arrival, so the frame's receive time
// (requestVideoFrameCallback's `receiveTime`) is taken as its time, moved to the recorder's clock by the offset
// RecorderClock estimates from the live events. Error ≈ relay delay + network delay.

/** What the picture-time math needs of an HLS fragment (hls.js's Fragment has these). */
export interface DatedFragment {
  /** media time of its first picture (s) */
  start: number;
  duration: number;
  /** EXT-X-PROGRAM-DATE-TIME, unix ms; null when the playlist has none */
  programDateTime: number | null;
}

/**
 * The wall-clock time of the picture at `mediaTime` (s), from the fragment that holds it: its program date-time
 * plus how far into it the picture is. Null when no fragment holds it or the fragment carries no date.
 */
export function wallClockAt(fragments: readonly DatedFragment[], mediaTime: number): number | null {
  // A picture exactly at a boundary belongs to the fragment that starts there; rounding of media times is allowed
  // a millisecond either way.
  for (let index = fragments.length - 1; index >= 0; index--) {
    const fragment = fragments[index]!;
    if (mediaTime + 0.001 < fragment.start) continue;
    if (mediaTime > fragment.start + fragment.duration + 0.001) return null;
    if (fragment.programDateTime === null) return null;
    return fragment.programDateTime + (mediaTime - fragment.start) * 1000;
  }
  return null;
}

/** How many recent observations the clock offset is the minimum of (delays change; clocks are re-synced). */
const OFFSET_SAMPLES = 64;

/**
 * The offset between this browser's clock and the recorder's, from messages the recorder stamps when it sends
 * them (live events' `timestamp`): arrival − sent = offset + delivery delay, and a delay is never negative, so the
 * smallest of recent differences is the offset plus the shortest delay seen (a few ms on a LAN). Until a message
 * has come, the clocks are taken to agree (NTP keeps most within tens of ms).
 */
export class RecorderClock {
  readonly #differences: number[] = [];

  /** A message the recorder sent at `sentAt` (its clock) arrived at `arrivedAt` (this browser's clock). */
  observe(sentAt: number, arrivedAt: number): void {
    if (!Number.isFinite(sentAt) || !Number.isFinite(arrivedAt)) return;
    this.#differences.push(arrivedAt - sentAt);
    if (this.#differences.length > OFFSET_SAMPLES) this.#differences.shift();
  }

  /** browser clock − recorder clock (ms) */
  get offset(): number {
    return this.#differences.length === 0 ? 0 : Math.min(...this.#differences);
  }

  /** A time on this browser's clock, on the recorder's. */
  toRecorder(browserTime: number): number {
    return browserTime - this.offset;
  }
}

/** The app's one estimate of the recorder's clock (fed by the live event stream's detection listeners). */
export const recorderClock = new RecorderClock();
