import type Hls from 'hls.js/light';
import { useCallback, useEffect, useRef, useState } from 'react';
import { hasFootage, mediaTicket } from './queries';
import { MINUTE } from './time';
import { decodesHevc } from '../../lib/hevc';

/** How much footage one playlist covers around the instant asked for; further away, a new playlist is loaded. */
const WINDOW_BEFORE = 5 * MINUTE;
const WINDOW_AFTER = 55 * MINUTE;
/** A media ticket is renewed this long before it expires (hls.js keeps loading chunks for as long as it plays). */
const TICKET_MARGIN_MS = 60_000;
/**
 * The newest footage is the chunk being recorded, served as far as it is written when the playlist is asked for.
 * Played to that end, the player waits this long past it before asking again, so each new playlist brings a few
 * seconds more (not one fragment at a time); and while nothing newer has come, it keeps asking this often for
 * LIVE_EDGE_PATIENCE_MS (a camera reconnecting) before it says it has played everything.
 */
const LIVE_EDGE_WAIT_MS = 4000;
const LIVE_EDGE_PATIENCE_MS = 2 * MINUTE;
/** Until the video says otherwise: a frame step of 1/25 s. */
const DEFAULT_FRAME_SECONDS = 1 / 25;

export const SPEEDS = [0.5, 1, 2, 4, 8] as const;

export type RecordingPlayerState =
  | 'idle'
  | 'loading'
  | 'playing'
  | 'paused'
  | 'no-footage'
  /** played to the newest footage there is */
  | 'ended'
  | 'error';

/** One chunk of the loaded playlist: where it sits in the video (seconds) and when it was recorded (unix ms). */
interface Segment {
  start: number;
  duration: number;
  recordedAt: number;
}

interface LoadedWindow {
  startMs: number;
  endMs: number;
  hls: Hls;
  /** hls.js's own fragment list: it corrects a fragment's start once it has parsed it, so it is read live */
  segments: () => Segment[];
}

/** The video time (s) that shows wall-clock instant `ms`, or null where the playlist has no footage. */
function videoTimeOf(segments: Segment[], ms: number): number | null {
  for (const segment of segments) {
    const offset = (ms - segment.recordedAt) / 1000;
    if (offset >= 0 && offset < segment.duration) return segment.start + offset;
  }
  return null;
}

/** The wall-clock instant (unix ms) shown at video time `seconds`. */
function wallTimeOf(segments: Segment[], seconds: number): number | null {
  let last: Segment | undefined;
  for (const segment of segments) {
    if (segment.start > seconds) break;
    last = segment;
  }
  return last ? last.recordedAt + (seconds - last.start) * 1000 : null;
}

/**
 * Plays a camera's recordings in `video` from any instant: the recorder's HLS playlist over the chunks around
 * that instant (hls.js, a media ticket in its URLs, renewed while it plays), so playback runs across chunk
 * boundaries; a new playlist when the instant is outside the loaded one or playback reaches its end. The playhead
 * is the wall-clock time of the frame shown, read from the chunks' recording times (EXT-X-PROGRAM-DATE-TIME).
 */
export function useRecordingPlayer(cameraId: number) {
  /** for the <video> element (`ref={player.video}`) */
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<RecordingPlayerState>('idle');
  const [playheadMs, setPlayheadMs] = useState<number | null>(null);
  const [speed, setSpeedState] = useState<number>(1);
  const loaded = useRef<LoadedWindow | null>(null);
  const ticket = useRef<{ ticket: string; expiresAt: number } | null>(null);
  const frameSeconds = useRef(DEFAULT_FRAME_SECONDS);
  /** the video time of the frame on screen (a paused video's currentTime may sit anywhere inside it) */
  const shownFrameTime = useRef<number | null>(null);
  // Each load gets a number: the answer of an older one (a camera switched, a second click) is ignored.
  const generation = useRef(0);
  /** `load` for itself (a load that asks again later), set once `load` exists */
  const loadAgain = useRef<(ms: number, autoplay: boolean) => void>(() => undefined);
  /** a load waiting for the chunk being recorded to grow (cancelled by anything the viewer does) */
  const waiting = useRef<number | null>(null);
  const stopWaiting = useCallback(() => {
    if (waiting.current !== null) window.clearTimeout(waiting.current);
    waiting.current = null;
  }, []);

  const freshTicket = useCallback(async () => {
    if (!ticket.current || ticket.current.expiresAt - Date.now() < TICKET_MARGIN_MS) {
      ticket.current = await mediaTicket(cameraId);
    }
    return ticket.current.ticket;
  }, [cameraId]);

  const unload = useCallback(() => {
    stopWaiting();
    generation.current += 1;
    loaded.current?.hls.destroy();
    loaded.current = null;
  }, [stopWaiting]);

  /** Loads the playlist of the window around `ms` and plays from `ms` (or the next footage after it). */
  const load = useCallback(
    async (ms: number, autoplay: boolean, continuing = false): Promise<void> => {
      const element = video.current;
      if (!element) return;
      unload();
      const mine = generation.current;
      setState('loading');
      setPlayheadMs(ms);
      // Playing on past the newest footage: it may be the chunk being recorded, which grows; ask again shortly.
      const nothingAhead = () => {
        if (continuing && ms > Date.now() - LIVE_EDGE_PATIENCE_MS) {
          setState('loading');
          // Any other load (a click, another camera) or leaving the screen unloads, which cancels this.
          waiting.current = window.setTimeout(() => {
            waiting.current = null;
            loadAgain.current(ms, autoplay);
          }, LIVE_EDGE_WAIT_MS);
        } else setState(continuing ? 'ended' : 'no-footage');
      };
      try {
        const startMs = ms - WINDOW_BEFORE;
        const endMs = ms + WINDOW_AFTER;
        const [{ default: HlsPlayer }, firstTicket, ahead] = await Promise.all([
          import('hls.js/light'),
          freshTicket(),
          // Is there anything to play from here on? (hls.js would only find out after retrying an empty playlist.)
          hasFootage(cameraId, ms, endMs),
        ]);
        if (mine !== generation.current) return;
        if (!ahead) {
          nothingAhead();
          return;
        }
        const hls = new HlsPlayer({
          autoStartLoad: false,
          maxBufferLength: 30,
          backBufferLength: 60,
          // Every request (playlist and chunks) with a ticket that has not expired.
          xhrSetup: async (xhr, url) => {
            const current = await freshTicket();
            const next = new URL(url, window.location.href);
            next.searchParams.set('ticket', current);
            xhr.open('GET', next.toString(), true);
          },
        });
        const window_: LoadedWindow = {
          startMs,
          endMs,
          hls,
          segments: () =>
            (hls.levels[0]?.details?.fragments ?? []).map((fragment) => ({
              start: fragment.start,
              duration: fragment.duration,
              recordedAt: fragment.programDateTime ?? 0,
            })),
        };
        loaded.current = window_;
        hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
          if (!data.fatal || mine !== generation.current) return;
          // A playlist without chunks: nothing was recorded in this window.
          if (data.details === HlsPlayer.ErrorDetails.LEVEL_EMPTY_ERROR) {
            unload();
            nothingAhead();
          } else setState('error');
        });
        hls.once(HlsPlayer.Events.LEVEL_LOADED, () => {
          if (mine !== generation.current) return;
          const segments = window_.segments();
          const at = videoTimeOf(segments, ms) ?? segments.find((s) => s.recordedAt > ms)?.start ?? null;
          if (at === null) {
            unload();
            nothingAhead();
            return;
          }
          hls.startLoad(at);
          element.currentTime = at;
          if (autoplay) void element.play().catch(() => undefined);
          else setState('paused');
        });
        const query = new URLSearchParams({
          start_unix: String(Math.floor(startMs / 1000)),
          end_unix: String(Math.ceil(endMs / 1000)),
          ticket: firstTicket,
          ...(decodesHevc() ? {} : { video: 'h264' }),
        });
        hls.loadSource(`/api/v1/recordings/${cameraId}/playlist.m3u8?${query}`);
        hls.attachMedia(element);
      } catch {
        if (mine === generation.current) setState('error');
      }
    },
    [cameraId, freshTicket, unload],
  );

  useEffect(() => {
    loadAgain.current = (ms, autoplay) => void load(ms, autoplay, true);
  }, [load]);

  /** Shows the instant `ms`: a seek inside the loaded playlist, else a new playlist around it. */
  const seek = useCallback(
    (ms: number, autoplay = true) => {
      stopWaiting();
      const element = video.current;
      const current = loaded.current;
      const at =
        current && ms >= current.startMs && ms < current.endMs ? videoTimeOf(current.segments(), ms) : null;
      if (!element || !current || at === null) {
        void load(ms, autoplay);
        return;
      }
      element.currentTime = at;
      setPlayheadMs(ms);
      if (autoplay) void element.play().catch(() => undefined);
      else setState('paused');
    },
    [load, stopWaiting],
  );

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const onTime = () => {
      const wall = loaded.current ? wallTimeOf(loaded.current.segments(), element.currentTime) : null;
      if (wall !== null) setPlayheadMs(wall);
    };
    const onPlaying = () => setState('playing');
    const onPause = () => setState((previous) => (previous === 'playing' ? 'paused' : previous));
    // The end of the loaded playlist is not the end of the footage: carry on with the next window.
    // (Today's playlist also ends at the newest chunk there was when it loaded: a new one brings later chunks.)
    // Played into the newest footage (the chunk being recorded, as far as it was written): the last frame stays
    // while it grows for a few seconds, then the next playlist goes on from there, never back.
    const onEnded = () => {
      const current = loaded.current;
      if (!current) return;
      const wall = wallTimeOf(current.segments(), element.currentTime);
      const next = Math.max(wall ?? current.endMs, current.startMs) + 100;
      const wait = next + LIVE_EDGE_WAIT_MS - Date.now();
      stopWaiting();
      if (wait <= 0) {
        void load(next, true, true);
        return;
      }
      setState('loading');
      waiting.current = window.setTimeout(() => {
        waiting.current = null;
        void load(next, true, true);
      }, wait);
    };
    // The length of a frame, for the frame step: the median gap between the last frames the browser presented
    // (a median, because a busy browser skips a frame now and then, more so at 8×).
    let lastMediaTime: number | null = null;
    const gaps: number[] = [];
    let frameRequest = 0;
    const onFrame: VideoFrameRequestCallback = (_now, metadata) => {
      if (lastMediaTime !== null) {
        const gap = metadata.mediaTime - lastMediaTime;
        if (gap > 0.005 && gap < 0.5) {
          gaps.push(gap);
          if (gaps.length > 15) gaps.shift();
          frameSeconds.current = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
        }
      }
      lastMediaTime = metadata.mediaTime;
      shownFrameTime.current = metadata.mediaTime;
      frameRequest = element.requestVideoFrameCallback(onFrame);
    };
    if ('requestVideoFrameCallback' in element) frameRequest = element.requestVideoFrameCallback(onFrame);
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('seeked', onTime);
    element.addEventListener('playing', onPlaying);
    element.addEventListener('pause', onPause);
    element.addEventListener('ended', onEnded);
    return () => {
      if (frameRequest) element.cancelVideoFrameCallback(frameRequest);
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('seeked', onTime);
      element.removeEventListener('playing', onPlaying);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ended', onEnded);
    };
  }, [load, stopWaiting]);

  // Leaving the screen (or the camera: the view is keyed by it) unloads the player.
  useEffect(() => unload, [unload]);

  const play = useCallback(() => {
    const element = video.current;
    if (!element) return;
    // Waiting at the newest footage: it plays on by itself.
    if (waiting.current !== null) return;
    // An ended video would start again from its beginning: go on from the playhead instead.
    if ((!loaded.current || element.ended) && playheadMs !== null) seek(playheadMs);
    else void element.play().catch(() => undefined);
  }, [playheadMs, seek]);

  const pause = useCallback(() => {
    if (waiting.current !== null) {
      stopWaiting();
      setState('paused');
    }
    video.current?.pause();
  }, [stopWaiting]);

  const setSpeed = useCallback((next: number) => {
    setSpeedState(next);
    if (video.current) {
      video.current.defaultPlaybackRate = next;
      video.current.playbackRate = next;
    }
  }, []);

  /** One frame forward (1) or back (-1); pauses first. */
  const step = useCallback(
    (direction: 1 | -1) => {
      const element = video.current;
      if (!element || !loaded.current) return;
      stopWaiting();
      element.pause();
      // Aim at the middle of the next (previous) frame: never the same frame again, never one too far.
      const frame = frameSeconds.current;
      const shown = shownFrameTime.current ?? element.currentTime;
      element.currentTime = Math.max(0, shown + direction * frame + frame / 2);
    },
    [stopWaiting],
  );

  return { video, state, playheadMs, speed, seek, play, pause, setSpeed, step };
}
