/**
 * Whether this browser's media source plays H.265 (Safari, Chrome with a hardware decoder; not Debian's chromium).
 * Where not, players ask the recorder for H.264 (`video=h264`): it sends an H.265 camera's H.264 substream or a
 * transcode, live and recorded.
 */
export function decodesHevc(): boolean {
  return (
    typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported('video/mp4; codecs="hvc1.1.6.L120.90"')
  );
}
