// JPEG frames for AI: from a camera stream (FrameGrabber) and from a recorded file (extractFileFrames).
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { CameraStream } from '../ingest/camera-stream.js';
import { FedProcess } from '../ingest/fed-process.js';
import { consumerSupervisor } from '../ingest/consumer-supervisor.js';
import { DEFAULT_BACKOFF, type SupervisedRun, type Supervisor } from '../supervisor.js';
import { fileFramesArgs, frameGrabArgs, redact } from './args.js';

/** Cuts a byte stream of concatenated JPEGs (ffmpeg image2pipe/mjpeg) into pictures. */
export class JpegSplitter {
  #buffer: Buffer = Buffer.alloc(0);
  #scanFrom = 2;

  push(chunk: Buffer): Buffer[] {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const frames: Buffer[] = [];
    for (;;) {
      // Resynchronise on a start-of-image marker.
      const start = this.#buffer.indexOf(SOI);
      if (start < 0) {
        this.#buffer = this.#buffer.subarray(Math.max(0, this.#buffer.length - 1));
        this.#scanFrom = 2;
        break;
      }
      if (start > 0) {
        this.#buffer = this.#buffer.subarray(start);
        this.#scanFrom = 2;
      }
      // 0xFF in entropy-coded data is always stuffed (FF 00), so FF D9 only ever ends the image.
      const end = this.#buffer.indexOf(EOI, this.#scanFrom);
      if (end < 0) {
        this.#scanFrom = Math.max(2, this.#buffer.length - 1);
        break;
      }
      frames.push(Buffer.from(this.#buffer.subarray(0, end + 2)));
      this.#buffer = this.#buffer.subarray(end + 2);
      this.#scanFrom = 2;
    }
    return frames;
  }
}
const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);

export interface GrabbedFrame {
  jpeg: Buffer;
  /** increases by one per frame over the grabber's life (restarts included) */
  seq: number;
  /** when the picture arrived from ffmpeg (ms since epoch) */
  capturedAt: number;
}

export interface FrameGrabberOptions {
  ffmpegPath: string;
  /** the camera stream it decodes (no connection of its own) */
  stream: CameraStream;
  /** frames per second to produce (fractions allowed) */
  fps: number;
  /**
   * When the camera sends a keyframe at least this often (ms), only keyframes are decoded, each one a picture:
   * the models need no more (see frameGrabArgs). Unset: every frame is decoded.
   */
  keyframesSufficeWithinMs?: number;
  /** restart when no frame arrives for this long (default: 10 s or three frame periods) */
  stallTimeoutMs?: number;
  /** first restart delay, doubling up to 30 s (default 1 s) */
  backoffMs?: number;
  /** what decodes the stream into JPEGs (default: ffmpeg, frameGrabArgs); fast tests give a fake */
  decoder?: FrameDecoder;
}

/** How a decoder run is asked to decode: at `fps`, or each keyframe only. */
export interface DecodeMode {
  fps: number;
  keyframesOnly: boolean;
}

/** Starts one decoder run on the camera stream; what it writes (JPEGs, back to back) goes to `onOutput`. */
export type FrameDecoder = (
  stream: CameraStream,
  mode: DecodeMode,
  onOutput: (chunk: Buffer) => void,
) => SupervisedRun;

/** The decoder of the product: ffmpeg fed from the fan-out, progress on fd 3, JPEGs on stdout. */
export function ffmpegFrameDecoder(ffmpegPath: string, stallTimeoutMs?: number): FrameDecoder {
  return (stream, { fps, keyframesOnly }, onOutput) =>
    new FedProcess(stream, {
      ffmpegPath,
      args: frameGrabArgs(fps, keyframesOnly),
      stallTimeoutMs: stallTimeoutMs ?? Math.max(10_000, 3000 / fps),
      progressFd: 3,
      onOutput,
    });
}

/**
 * Frames for AI: one supervised ffmpeg per camera decodes the camera stream and writes JPEGs to stdout at the
 * rate its models need; the newest one is kept for whoever samples next. The supervisor restarts an ffmpeg that
 * exits or stops delivering (progress comes on fd 3, the pictures on stdout).
 */
export class FrameGrabber extends EventEmitter<{ frame: [GrabbedFrame]; failure: [string] }> {
  latest: GrabbedFrame | null = null;
  /** why the last ffmpeg ended, credentials masked */
  lastError: string | null = null;
  /** ffmpeg processes started so far */
  starts = 0;
  /** whether the current ffmpeg decodes keyframes only */
  keyframesOnly = false;
  #seq = 0;
  readonly #supervisor: Supervisor;
  readonly #onKeyframe = () => {
    if (this.#supervisor.state === 'running' && this.#keyframesSuffice() !== this.keyframesOnly) {
      void this.#supervisor.restart();
    }
  };

  constructor(readonly options: FrameGrabberOptions) {
    super();
    const baseMs = options.backoffMs ?? DEFAULT_BACKOFF.baseMs;
    this.#supervisor = consumerSupervisor(() => this.#run(), { ...DEFAULT_BACKOFF, baseMs });
    this.#supervisor.on('transition', ({ to, error }) => {
      if (to !== 'retrying' || !error) return;
      this.lastError = error;
      this.emit('failure', error);
    });
  }

  get running(): boolean {
    return this.#supervisor.state === 'running' || this.#supervisor.state === 'starting';
  }

  start(): void {
    // The camera's keyframe interval is only known once the stream flows (and may change): the decoding mode
    // follows it.
    this.options.stream.on('keyframe', this.#onKeyframe);
    this.#supervisor.start();
  }

  async stop(): Promise<void> {
    this.options.stream.off('keyframe', this.#onKeyframe);
    await this.#supervisor.stop();
  }

  #keyframesSuffice(): boolean {
    const limit = this.options.keyframesSufficeWithinMs;
    const interval = this.options.stream.keyframeIntervalMs;
    // 10 % of slack: keyframes "every second" arrive every 1000 ± a few ms.
    return limit !== undefined && interval !== null && interval <= limit * 1.1;
  }

  #run(): SupervisedRun {
    const { ffmpegPath, stream, fps } = this.options;
    const decoder = this.options.decoder ?? ffmpegFrameDecoder(ffmpegPath, this.options.stallTimeoutMs);
    const splitter = new JpegSplitter();
    this.starts += 1;
    this.keyframesOnly = this.#keyframesSuffice();
    return decoder(stream, { fps, keyframesOnly: this.keyframesOnly }, (chunk) => {
      for (const jpeg of splitter.push(chunk)) {
        const frame = { jpeg, seq: ++this.#seq, capturedAt: Date.now() };
        this.latest = frame;
        this.emit('frame', frame);
      }
    });
  }
}

/**
 * Calls `onFrame` for one JPEG per `everySeconds` of a recorded file, in order, waiting for each call before
 * reading on (ffmpeg is paused by backpressure meanwhile). Resolves with the number of frames, rejects when
 * ffmpeg fails. `signal` aborts (ffmpeg is killed).
 */
export async function extractFileFrames(
  ffmpegPath: string,
  path: string,
  everySeconds: number,
  onFrame: (jpeg: Buffer, index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<number> {
  const child = spawn(ffmpegPath, fileFramesArgs(path, everySeconds), { stdio: ['ignore', 'pipe', 'pipe'] });
  const abort = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', abort, { once: true });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  child.once('error', (error) => (stderr += error.message));
  const splitter = new JpegSplitter();
  let index = 0;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      for (const jpeg of splitter.push(chunk)) {
        if (signal?.aborted) break;
        await onFrame(jpeg, index++);
      }
      if (signal?.aborted) break;
    }
  } finally {
    signal?.removeEventListener('abort', abort);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  const code = await closed;
  if (signal?.aborted) throw new Error('aborted');
  if (code !== 0)
    throw new Error(`ffmpeg could not read ${path}: ${redact(stderr.trim().split('\n').at(-1) ?? '')}`);
  return index;
}
