import { useEffect, useState, type RefObject } from 'react';
import { api, unwrap } from '../api/client';

export type PlayerState = 'idle' | 'connecting' | 'playing' | 'unavailable';

/** How long to wait before trying a camera again that could not be played. */
const RETRY_MS = 5_000;

/**
 * Plays a camera's live view (HLS through hls.js, loaded only when a tile first plays) in `video` while `active`.
 * The stream URL carries a short-lived media ticket, never the access token; when the ticket runs out or the
 * stream breaks, a new ticket is fetched and playback starts again.
 */
export function useLivePlayer(
  cameraId: number,
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
): { state: PlayerState; lastFrameAt: number | null } {
  const [state, setState] = useState<PlayerState>('idle');
  const [lastFrameAt, setLastFrameAt] = useState<number | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!active || !element) return;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let detach: (() => void) | null = null;

    const fail = () => {
      if (stopped) return;
      detach?.();
      detach = null;
      setState('unavailable');
      retry = setTimeout(() => void start(), RETRY_MS);
    };

    const start = async () => {
      setState('connecting');
      try {
        const ticket = unwrap(
          await api.POST('/api/v1/cameras/{id}/stream-ticket', { params: { path: { id: cameraId } } }),
        );
        const { default: Hls } = await import('hls.js/light');
        if (stopped) return;
        if (Hls.isSupported()) {
          const hls = new Hls({ liveSyncDurationCount: 2, backBufferLength: 10 });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) fail();
          });
          hls.loadSource(ticket.hls_url);
          hls.attachMedia(element);
          detach = () => hls.destroy();
        } else {
          element.src = ticket.hls_url;
          detach = () => {
            element.removeAttribute('src');
            element.load();
          };
        }
        await element.play().catch(() => undefined);
      } catch {
        fail();
      }
    };

    const onFrame = () => {
      setState('playing');
      setLastFrameAt(Date.now());
    };
    element.addEventListener('timeupdate', onFrame);
    element.addEventListener('error', fail);
    void start();
    return () => {
      stopped = true;
      clearTimeout(retry);
      element.removeEventListener('timeupdate', onFrame);
      element.removeEventListener('error', fail);
      detach?.();
    };
  }, [cameraId, video, active]);

  return { state: active ? state : 'idle', lastFrameAt };
}
