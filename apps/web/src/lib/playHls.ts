import { decodesHevc } from './hevc';
import type { LivePlayback } from './livePlayback';
import { wallClockAt, type DatedFragment } from './pictureTime';

/**
 * Plays an HLS URL in `video` (hls.js, loaded on first use; the browser's own HLS where MSE is missing, as on
 * iPhones). Calls `onFail` once when playback breaks for good. The picture's time is the playlist's program
 * date-time at the playhead (the recorder stamps each segment with the time its first picture arrived).
 */
export async function playHls(
  url: string,
  video: HTMLVideoElement,
  onFail: () => void,
): Promise<LivePlayback> {
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    video.src = url;
    return {
      stop: () => {
        video.removeAttribute('src');
        video.load();
      },
      pictureTime: () => null,
      // The browser's own HLS does not say; the button is offered.
      hasAudio: () => true,
    };
  }
  // The recorder serves low-latency HLS: hls.js follows its parts with blocking reloads and plays the part hold
  // back (~0.6 s) behind the live edge.
  const hls = new Hls({ lowLatencyMode: true, backBufferLength: 10 });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFail();
  });
  let audio = false;
  hls.on(Hls.Events.BUFFER_CODECS, (_event, tracks) => {
    audio = tracks.audio !== undefined || tracks.audiovideo !== undefined;
  });
  // Where H.265 does not play, the recorder sends an H.265 camera's H.264 substream, or transcodes it for us.
  hls.loadSource(decodesHevc() ? url : withParam(url, 'video', 'h264'));
  hls.attachMedia(video);
  return {
    stop: () => hls.destroy(),
    // The shown picture's own media time when the frame callback gives it (currentTime may already be past it).
    pictureTime: (frame) => {
      const details = hls.levels[Math.max(0, hls.currentLevel)]?.details;
      const dated: DatedFragment[] = [...(details?.fragments ?? [])];
      // The segment still being written (where a low-latency player mostly is) is listed only by its parts.
      const lastPart = details?.partList?.at(-1);
      if (lastPart && !details?.fragments.includes(lastPart.fragment)) {
        const open = lastPart.fragment;
        dated.push({
          start: open.start,
          duration: lastPart.end - open.start,
          programDateTime: open.programDateTime,
        });
      }
      return wallClockAt(dated, frame?.mediaTime ?? video.currentTime) ?? hls.playingDate?.getTime() ?? null;
    },
    hasAudio: () => audio,
  };
}

function withParam(url: string, name: string, value: string): string {
  const next = new URL(url, window.location.href);
  next.searchParams.set(name, value);
  return next.pathname + next.search;
}
