// Scrub previews: the keyframe at or before an instant of a recorded chunk, as a small JPEG. Seeking on the input
// without accurate seek lands on that keyframe and decodes one picture, so a preview costs one keyframe's decode
// (milliseconds), not the frames between. A few at a time: a fast scrub must not start an ffmpeg per pixel.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { thumbnailArgs } from './args.js';

const run = promisify(execFile);
const MAX_JPEG_BYTES = 4 * 1024 * 1024;

/** The machine was too busy to decode the picture in time: worth asking again, unlike a missing picture. */
export class ThumbnailTimeoutError extends Error {}

export class ThumbnailMaker {
  #running = 0;
  readonly #queue: (() => void)[] = [];

  constructor(
    private readonly ffmpegPath: string,
    private readonly concurrency = 2,
    private readonly timeoutMs = 10_000,
  ) {}

  /** A JPEG `width` px wide of the keyframe at or before `offsetSeconds` into `file`. */
  async keyframe(file: string, offsetSeconds: number, width: number): Promise<Buffer> {
    if (this.#running >= this.concurrency) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#running += 1;
    try {
      const { stdout } = await run(this.ffmpegPath, thumbnailArgs(file, offsetSeconds, width), {
        encoding: 'buffer',
        maxBuffer: MAX_JPEG_BYTES,
        timeout: this.timeoutMs,
      }).catch((error: Error & { killed?: boolean }) => {
        throw error.killed ? new ThumbnailTimeoutError('the preview took too long to decode') : error;
      });
      if (stdout.length === 0) throw new Error('no picture at that instant');
      return stdout;
    } finally {
      this.#running -= 1;
      this.#queue.shift()?.();
    }
  }
}
