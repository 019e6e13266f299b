// Scrub previews: the keyframe at or before an instant of a recorded chunk, as a small JPEG. Seeking on the input
// without accurate seek lands on that keyframe and decodes one picture, so a preview costs one keyframe's decode
// (milliseconds), not the frames between. A few at a time: a fast scrub must not start an ffmpeg per pixel.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { thumbnailArgs } from './args.js';

const run = promisify(execFile);
const MAX_JPEG_BYTES = 4 * 1024 * 1024;

export class ThumbnailMaker {
  #running = 0;
  readonly #queue: (() => void)[] = [];

  constructor(
    private readonly ffmpegPath: string,
    private readonly concurrency = 2,
  ) {}

  /** A JPEG `width` px wide of the keyframe at or before `offsetSeconds` into `file`. */
  async keyframe(file: string, offsetSeconds: number, width: number): Promise<Buffer> {
    if (this.#running >= this.concurrency) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#running += 1;
    try {
      const { stdout } = await run(this.ffmpegPath, thumbnailArgs(file, offsetSeconds, width), {
        encoding: 'buffer',
        maxBuffer: MAX_JPEG_BYTES,
        timeout: 10_000,
      });
      if (stdout.length === 0) throw new Error('no picture at that instant');
      return stdout;
    } finally {
      this.#running -= 1;
      this.#queue.shift()?.();
    }
  }
}
