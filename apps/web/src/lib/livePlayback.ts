/** A camera's live picture playing in a video element (WebRTC or HLS). */
export interface LivePlayback {
  stop(): void;
  /**
   * When the picture on screen was taken (unix ms, the recorder's clock: lib/pictureTime.ts), where the transport
   * can say; `frame`: the video frame callback's metadata of that picture, when the browser gives it. Null: the
   * player does not know (the caller takes the time it is shown).
   */
  pictureTime(frame?: VideoFrameCallbackMetadata): number | null;
  /** whether the stream carries sound (so a speaker button makes sense) */
  hasAudio(): boolean;
}

/**
 * Calls `onPicture` for every new picture the element shows — `requestVideoFrameCallback` where the browser has
 * it (a live WebRTC element's currentTime runs on even when no frame comes; its metadata say which picture),
 * else the playhead moving on. Returns the function that stops watching.
 */
export function watchPictures(
  video: HTMLVideoElement,
  onPicture: (frame?: VideoFrameCallbackMetadata) => void,
): () => void {
  if (typeof video.requestVideoFrameCallback === 'function') {
    let handle = 0;
    const next = () => {
      handle = video.requestVideoFrameCallback((_now, frame) => {
        onPicture(frame);
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

/** The time of each new picture a tile shows (recorder clock), for what is drawn over it (DetectionOverlay). */
export class PictureFeed {
  /** the picture on screen now; null before the first */
  time: number | null = null;
  readonly #listeners = new Set<(time: number) => void>();

  show(time: number): void {
    this.time = time;
    for (const listener of this.#listeners) listener(time);
  }

  listen(listener: (time: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
