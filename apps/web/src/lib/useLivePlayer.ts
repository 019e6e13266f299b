import { useEffect, useState, type RefObject } from 'react';
import { api, unwrap } from '../api/client';
import { PictureFeed, watchPictures, type LivePlayback } from './livePlayback';
import { playHls } from './playHls';
import { recorderClock } from './pictureTime';
import { playWhep } from './playWhep';
import type { TransportChoice } from './transportChoice';

/** `stalled`: it played, and no new picture has come for a while — the camera is offline, never shown as live. */
export type PlayerState = 'idle' | 'connecting' | 'playing' | 'stalled' | 'unavailable';
export type Transport = 'webrtc' | 'hls';

/** How long to wait before trying a camera again that could not be played. */
const RETRY_MS = 5_000;
/** A stream that has shown no frame after this long is treated as broken. */
const FIRST_FRAME_MS = 15_000;
/**
 * A WebRTC session that has shown no frame after this long is given up for HLS at once: the offer was answered
 * but the media does not get through (UDP blocked on the way). A working one shows its first frame within about a
 * second (the recorder's stream is already flowing; at most one keyframe interval to wait).
 */
const WEBRTC_FIRST_FRAME_MS = 6_000;
/**
 * No new picture for this long while playing: the tile says the camera is offline (a camera sends several
 * pictures a second; the recorder itself calls a stream offline after 2.5 s of silence).
 */
const STALL_MS = 3_000;
/** Stalled this long: the player starts again with a new ticket (the camera may be back, the session not). */
const RESTART_STALLED_MS = 30_000;
/** The caption's clock is updated at most this often (a state change per picture would redraw every tile 15×/s). */
const CLOCK_UPDATE_MS = 250;

/**
 * Plays a camera's live view in `video` while `active` — in a grid, the stream the camera's config names for
 * grid tiles (its substream by default, when it has one); in the single-camera view, the main stream: WebRTC
 * (WHEP) when the camera publishes it and the browser has WebRTC, otherwise — or when WebRTC cannot connect or
 * no picture comes through it in WEBRTC_FIRST_FRAME_MS, e.g. UDP blocked between browser and recorder — HLS;
 * always HLS when the user chose `hls`. Stream URLs carry a
 * short-lived media ticket, never the access token; when a stream breaks, a new ticket is fetched and playback
 * starts again (WebRTC first again: the network may have healed).
 */
export function useLivePlayer(
  cameraId: number,
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  view: 'grid' | 'full' = 'grid',
  choice: TransportChoice = 'auto',
): {
  state: PlayerState;
  transport: Transport | null;
  lastFrameAt: number | null;
  /** the stream carries sound */
  audio: boolean;
  /** the time of each picture shown (recorder clock) */
  pictures: PictureFeed;
} {
  const [state, setState] = useState<PlayerState>('idle');
  const [transport, setTransport] = useState<Transport | null>(null);
  const [lastFrameAt, setLastFrameAt] = useState<number | null>(null);
  const [audio, setAudio] = useState(false);
  const [pictures] = useState(() => new PictureFeed());

  useEffect(() => {
    const element = video.current;
    if (!active || !element) return;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let firstFrame: ReturnType<typeof setTimeout> | undefined;
    let detach: (() => void) | null = null;
    let playback: LivePlayback | null = null;
    let current: Transport | null = null;
    /** when the last new picture was shown (performance clock), and the time it was taken (unix ms) */
    let pictureShownAt = 0;
    let pictureTakenAt = 0;
    let clockShownAt = 0;
    let playing = false;
    // After a WebRTC attempt that failed, the next one is HLS; after HLS fails, WebRTC gets another chance.
    let skipWebrtc = false;

    const fail = () => {
      if (stopped) return;
      detach?.();
      detach = null;
      playback = null;
      playing = false;
      skipWebrtc = current === 'webrtc';
      setState('unavailable');
      clearTimeout(firstFrame);
      clearTimeout(retry);
      retry = setTimeout(() => void start(), RETRY_MS);
    };
    // WebRTC answered but no picture came: HLS now, not after the retry delay.
    const noWebrtcPicture = () => {
      fail();
      clearTimeout(retry);
      void start();
    };

    const start = async () => {
      setState('connecting');
      try {
        const ticket = unwrap(
          await api.POST('/api/v1/cameras/{id}/stream-ticket', { params: { path: { id: cameraId } } }),
        );
        if (stopped) return;
        let started: LivePlayback | null = null;
        if (ticket.webrtc && choice === 'auto' && !skipWebrtc && typeof RTCPeerConnection === 'function') {
          const whepUrl = view === 'grid' ? ticket.grid_whep_url : ticket.whep_url;
          started = await playWhep(cameraId, whepUrl, element, fail).catch(() => null);
          current = 'webrtc';
        }
        if (!started) {
          // A media ticket serves several requests until it expires: HLS goes on with the same one.
          started = await playHls(view === 'grid' ? ticket.grid_hls_url : ticket.hls_url, element, fail);
          current = 'hls';
        }
        if (stopped) return started.stop();
        playback = started;
        detach = () => started.stop();
        setTransport(current);
        firstFrame =
          current === 'webrtc'
            ? setTimeout(noWebrtcPicture, WEBRTC_FIRST_FRAME_MS)
            : setTimeout(fail, FIRST_FRAME_MS);
        await element.play().catch(() => undefined);
      } catch {
        fail();
      }
    };

    const onPicture = (frame?: VideoFrameCallbackMetadata) => {
      if (!playback) return;
      const now = performance.now();
      pictureShownAt = now;
      pictureTakenAt = playback.pictureTime(frame) ?? recorderClock.toRecorder(Date.now());
      pictures.show(pictureTakenAt);
      clearTimeout(firstFrame);
      if (!playing) {
        playing = true;
        setState('playing');
      }
      if (now - clockShownAt >= CLOCK_UPDATE_MS) {
        clockShownAt = now;
        setLastFrameAt(pictureTakenAt);
        setAudio(playback.hasAudio());
      }
    };
    // No new picture for a while: offline, with the time of the last real picture; for long, start again.
    const stallCheck = setInterval(() => {
      if (!playback || pictureShownAt === 0) return;
      const silent = performance.now() - pictureShownAt;
      if (playing && silent > STALL_MS) {
        playing = false;
        setLastFrameAt(pictureTakenAt);
        setState('stalled');
      } else if (!playing && silent > RESTART_STALLED_MS) {
        pictureShownAt = 0;
        fail();
      }
    }, 500);
    const unwatch = watchPictures(element, onPicture);
    element.addEventListener('error', fail);
    void start();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(firstFrame);
      clearInterval(stallCheck);
      unwatch();
      element.removeEventListener('error', fail);
      detach?.();
    };
  }, [cameraId, video, active, view, choice, pictures]);

  return {
    state: active ? state : 'idle',
    transport: active ? transport : null,
    lastFrameAt,
    audio: active && audio,
    pictures,
  };
}
