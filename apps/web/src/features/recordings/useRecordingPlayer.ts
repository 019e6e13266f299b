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

  const freshTicket = useCallback(async () => {
    if (!ticket.current || ticket.current.expiresAt - Date.now() < TICKET_MARGIN_MS) {
      ticket.current = await mediaTicket(cameraId);
    }
    return ticket.current.ticket;
  }, [cameraId]);

  const unload = useCallback(() => {
    generation.current += 1;
    loaded.current?.hls.destroy();
    loaded.current = null;
  }, []);

  /** Loads the playlist of the window around `ms` and plays from `ms` (or the next footage after it). */
  const load = useCallback(
    async (ms: number, autoplay: boolean, continuing = false) => {
      const element = video.current;
      if (!element) return;
      unload();
      const mine = generation.current;
      setState('loading');
      setPlayheadMs(ms);
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
          setState(continuing ? 'ended' : 'no-footage');
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
            setState(continuing ? 'ended' : 'no-footage');
          } else setState('error');
        });
        hls.once(HlsPlayer.Events.LEVEL_LOADED, () => {
          if (mine !== generation.current) return;
          const segments = window_.segments();
          const at = videoTimeOf(segments, ms) ?? segments.find((s) => s.recordedAt > ms)?.start ?? null;
          if (at === null) {
            setState(continuing ? 'ended' : 'no-footage');
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

  /** Shows the instant `ms`: a seek inside the loaded playlist, else a new playlist around it. */
  const seek = useCallback(
    (ms: number, autoplay = true) => {
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
    },
    [load],
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
    const onEnded = () => {
      const current = loaded.current;
      if (!current) return;
      const wall = wallTimeOf(current.segments(), element.currentTime);
      void load(Math.max(wall ?? current.endMs, current.startMs) + 100, true, true);
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
  }, [load]);

  // Leaving the screen (or the camera: the view is keyed by it) unloads the player.
  useEffect(() => unload, [unload]);

  const play = useCallback(() => {
    const element = video.current;
    if (!element) return;
    if (!loaded.current && playheadMs !== null) seek(playheadMs);
    else void element.play().catch(() => undefined);
  }, [playheadMs, seek]);

  const pause = useCallback(() => video.current?.pause(), []);

  const setSpeed = useCallback((next: number) => {
    setSpeedState(next);
    if (video.current) {
      video.current.defaultPlaybackRate = next;
      video.current.playbackRate = next;
    }
  }, []);

  /** One frame forward (1) or back (-1); pauses first. */
  const step = useCallback((direction: 1 | -1) => {
    const element = video.current;
    if (!element || !loaded.current) return;
    element.pause();
    // Aim at the middle of the next (previous) frame: never the same frame again, never one too far.
    const frame = frameSeconds.current;
    const shown = shownFrameTime.current ?? element.currentTime;
    element.currentTime = Math.max(0, shown + direction * frame + frame / 2);
  }, []);

  return { video, state, playheadMs, speed, seek, play, pause, setSpeed, step };
}
