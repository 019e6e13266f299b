// Small grey pictures of a camera stream for motion detection: one supervised ffmpeg fed from the camera's
// fan-out (no connection of its own) decodes at the motion rate and writes fixed-size raw frames to stdout.
import { EventEmitter } from 'node:events';
import { greyFramesArgs } from '../ffmpeg/args.js';
import type { CameraStream } from '../ingest/camera-stream.js';
import { consumerSupervisor } from '../ingest/consumer-supervisor.js';
import { FedProcess } from '../ingest/fed-process.js';
import { DEFAULT_BACKOFF, type BackoffPolicy, type SupervisedRun, type Supervisor } from '../supervisor.js';

export interface GreyFramesOptions {
  ffmpegPath: string;
  stream: CameraStream;
  fps: number;
  width: number;
  height: number;
  /** what decodes the stream into raw grey frames (default: ffmpeg, greyFramesArgs); fast tests give a fake */
  decoder?: GreyDecoder;
  backoff?: BackoffPolicy;
}

/** Starts one decoder run; what it writes (width × height bytes per frame, back to back) goes to `onOutput`. */
export type GreyDecoder = (
  stream: CameraStream,
  size: { fps: number; width: number; height: number },
  onOutput: (chunk: Buffer) => void,
) => SupervisedRun;

/** The decoder of the product: ffmpeg fed from the fan-out, progress on fd 3, raw frames on stdout. */
export function ffmpegGreyDecoder(ffmpegPath: string): GreyDecoder {
  return (stream, { fps, width, height }, onOutput) =>
    new FedProcess(stream, {
      ffmpegPath,
      args: greyFramesArgs(fps, width, height),
      stallTimeoutMs: Math.max(10_000, 3000 / fps),
      progressFd: 3,
      onOutput,
    });
}

export class GreyFrames extends EventEmitter<{ frame: [Uint8Array, number] }> {
  readonly #supervisor: Supervisor;

  constructor(private readonly options: GreyFramesOptions) {
    super();
    this.#supervisor = consumerSupervisor(() => this.#run(), options.backoff ?? DEFAULT_BACKOFF);
  }

  start(): void {
    this.#supervisor.start();
  }

  stop(): Promise<void> {
    return this.#supervisor.stop();
  }

  #run(): SupervisedRun {
    const { ffmpegPath, stream, fps, width, height } = this.options;
    const decoder = this.options.decoder ?? ffmpegGreyDecoder(ffmpegPath);
    const size = width * height;
    // Per run: a frame cut short by a crash is dropped, never glued to the next run's first.
    let pending: Buffer = Buffer.alloc(0);
    return decoder(stream, { fps, width, height }, (chunk) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (pending.length >= size) {
        // A copy of its own, so the chunk it came in is not kept alive with it.
        this.emit('frame', new Uint8Array(pending.subarray(0, size)), Date.now());
        pending = pending.subarray(size);
      }
    });
  }
}
