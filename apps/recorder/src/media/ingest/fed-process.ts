// An ffmpeg that reads a camera stream on stdin (a consumer of the fan-out): fed from the moment it starts
// until it exits or is asked to stop; cut off as a failure when it falls too far behind.
import { FfmpegProcess, type FfmpegExit, type FfmpegProcessOptions } from '../ffmpeg/process.js';
import type { Attachment, CameraStream } from './camera-stream.js';

export class FedProcess extends FfmpegProcess {
  #attachment: Attachment | null = null;

  constructor(
    private readonly stream: CameraStream,
    options: Omit<FfmpegProcessOptions, 'stdinMedia'>,
  ) {
    super({ ...options, stdinMedia: true });
  }

  override start(): void {
    super.start();
    this.#attachment = this.stream.attach({
      input: this.stdin,
      overflow: () => this.abort('fell behind the camera stream: restarting'),
      reshaped: (codec) => this.abort(`the camera sends ${codec} video now: restarting`),
    });
    this.once('exit', () => this.#detach());
  }

  /** Detached first, so the end of its stdin is the end of its input and it finishes cleanly. */
  override stop(): Promise<FfmpegExit | null> {
    this.#detach();
    return super.stop();
  }

  #detach(): void {
    this.#attachment?.detach();
    this.#attachment = null;
  }
}
