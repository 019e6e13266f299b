/**
 * Plays an HLS URL in `video` (hls.js, loaded on first use; the browser's own HLS where MSE is missing, as on
 * iPhones). Calls `onFail` once when playback breaks for good. Returns the function that stops it.
 */
export async function playHls(url: string, video: HTMLVideoElement, onFail: () => void): Promise<() => void> {
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    video.src = url;
    return () => {
      video.removeAttribute('src');
      video.load();
    };
  }
  // The recorder serves low-latency HLS: hls.js follows its parts with blocking reloads and plays the part hold
  // back (~0.6 s) behind the live edge.
  const hls = new Hls({ lowLatencyMode: true, backBufferLength: 10 });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFail();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => hls.destroy();
}
