import { useEffect, useState, type RefObject } from 'react';
import { api, unwrap } from '../api/client';
import { playHls } from './playHls';
import { playWhep } from './playWhep';

export type PlayerState = 'idle' | 'connecting' | 'playing' | 'unavailable';
export type Transport = 'webrtc' | 'hls';

/** How long to wait before trying a camera again that could not be played. */
const RETRY_MS = 5_000;
/** A stream that has shown no frame after this long is treated as broken. */
const FIRST_FRAME_MS = 15_000;

/**
 * Plays a camera's live view in `video` while `active` — in a grid, the stream the camera's config names for
 * grid tiles (its substream by default, when it has one); in the single-camera view, the main stream: WebRTC
 * (WHEP) when the camera publishes it, otherwise —
 * or when WebRTC cannot connect, e.g. UDP blocked between browser and recorder — HLS. Stream URLs carry a
 * short-lived media ticket, never the access token; when a stream breaks, a new ticket is fetched and playback
 * starts again (WebRTC first again: the network may have healed).
 */
export function useLivePlayer(
  cameraId: number,
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  view: 'grid' | 'full' = 'grid',
): { state: PlayerState; transport: Transport | null; lastFrameAt: number | null } {
  const [state, setState] = useState<PlayerState>('idle');
  const [transport, setTransport] = useState<Transport | null>(null);
  const [lastFrameAt, setLastFrameAt] = useState<number | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!active || !element) return;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let firstFrame: ReturnType<typeof setTimeout> | undefined;
    let detach: (() => void) | null = null;
    let current: Transport | null = null;
    // After a WebRTC attempt that failed, the next one is HLS; after HLS fails, WebRTC gets another chance.
    let skipWebrtc = false;

    const fail = () => {
      if (stopped) return;
      detach?.();
      detach = null;
      skipWebrtc = current === 'webrtc';
      setState('unavailable');
      clearTimeout(firstFrame);
      clearTimeout(retry);
      retry = setTimeout(() => void start(), RETRY_MS);
    };

    const start = async () => {
      setState('connecting');
      try {
        const ticket = unwrap(
          await api.POST('/api/v1/cameras/{id}/stream-ticket', { params: { path: { id: cameraId } } }),
        );
        if (stopped) return;
        let stop: (() => void) | null = null;
        if (ticket.webrtc && !skipWebrtc) {
          const whepUrl = view === 'grid' ? ticket.grid_whep_url : ticket.whep_url;
          stop = await playWhep(cameraId, whepUrl, element, fail).catch(() => null);
          current = 'webrtc';
        }
        if (!stop) {
          // A media ticket serves several requests until it expires: HLS goes on with the same one.
          stop = await playHls(view === 'grid' ? ticket.grid_hls_url : ticket.hls_url, element, fail);
          current = 'hls';
        }
        if (stopped) return stop();
        detach = stop;
        setTransport(current);
        firstFrame = setTimeout(fail, FIRST_FRAME_MS);
        await element.play().catch(() => undefined);
      } catch {
        fail();
      }
    };

    const onFrame = () => {
      clearTimeout(firstFrame);
      setState('playing');
      setLastFrameAt(Date.now());
    };
    element.addEventListener('timeupdate', onFrame);
    element.addEventListener('error', fail);
    void start();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(firstFrame);
      element.removeEventListener('timeupdate', onFrame);
      element.removeEventListener('error', fail);
      detach?.();
    };
  }, [cameraId, video, active, view]);

  return { state: active ? state : 'idle', transport: active ? transport : null, lastFrameAt };
}
