/** A camera's live picture playing in a video element (WebRTC or HLS). */
export interface LivePlayback {
  stop(): void;
  /** when the picture on screen was taken (unix ms), where the transport says so; null: take the time it is shown */
  pictureTime(): number | null;
  /** whether the stream carries sound (so a speaker button makes sense) */
  hasAudio(): boolean;
}

/**
 * Calls `onPicture` for every new picture the element shows — `requestVideoFrameCallback` where the browser has
 * it (a live WebRTC element's currentTime runs on even when no frame comes), else the playhead moving on.
 * Returns the function that stops watching.
 */
export function watchPictures(video: HTMLVideoElement, onPicture: () => void): () => void {
  if (typeof video.requestVideoFrameCallback === 'function') {
    let handle = 0;
    const next = () => {
      handle = video.requestVideoFrameCallback(() => {
        onPicture();
        next();
      });
    };
    next();
    return () => video.cancelVideoFrameCallback(handle);
  }
  let shown = -1;
  const onTime = () => {
    if (video.currentTime <= shown) return;
    shown = video.currentTime;
    onPicture();
  };
  video.addEventListener('timeupdate', onTime);
  return () => video.removeEventListener('timeupdate', onTime);
}
