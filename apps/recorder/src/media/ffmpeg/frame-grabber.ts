// Frames for AI: one ffmpeg per camera decodes the live stream and writes JPEGs to stdout at the rate its
// models need; the newest one is kept in memory for whoever samples next. ffmpeg that exits or stops
// delivering is restarted with a growing delay. Also: JPEGs of a recorded file, one per N seconds of footage.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { fileFramesArgs, frameGrabArgs, redact, type StreamInput } from './args.js';

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
  input: StreamInput;
  /** frames per second to produce (fractions allowed) */
  fps: number;
  /** restart when no frame arrives for this long (default: 10 s or three frame periods) */
  stallTimeoutMs?: number;
  /** first restart delay, doubling up to maxBackoffMs (defaults 1 s and 30 s) */
  backoffMs?: number;
  maxBackoffMs?: number;
}

const TAIL_LINES = 10;

export class FrameGrabber extends EventEmitter<{ frame: [GrabbedFrame]; failure: [string] }> {
  latest: GrabbedFrame | null = null;
  /** why the last ffmpeg ended, credentials masked */
  lastError: string | null = null;
  /** ffmpeg processes started so far */
  starts = 0;
  #child: ChildProcessByStdio<null, Readable, Readable> | null = null;
  #stopped = false;
  #seq = 0;
  #backoff: number;
  #restartTimer: NodeJS.Timeout | null = null;
  #stallTimer: NodeJS.Timeout | null = null;
  #exited: Promise<void> = Promise.resolve();

  constructor(readonly options: FrameGrabberOptions) {
    super();
    this.#backoff = options.backoffMs ?? 1000;
  }

  get running(): boolean {
    return this.#child !== null;
  }

  start(): void {
    this.#stopped = false;
    if (!this.#child && !this.#restartTimer) this.#spawn();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#restartTimer) clearTimeout(this.#restartTimer);
    this.#restartTimer = null;
    this.#clearStall();
    const child = this.#child;
    if (child) {
      const exited = this.#exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
  }

  #spawn(): void {
    const { ffmpegPath, input, fps } = this.options;
    const child = spawn(ffmpegPath, frameGrabArgs(input, fps), { stdio: ['ignore', 'pipe', 'pipe'] });
    this.#child = child;
    this.starts += 1;
    const splitter = new JpegSplitter();
    const stderr: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      for (const jpeg of splitter.push(chunk)) {
        this.#backoff = this.options.backoffMs ?? 1000;
        this.#armStall();
        const frame = { jpeg, seq: ++this.#seq, capturedAt: Date.now() };
        this.latest = frame;
        this.emit('frame', frame);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) stderr.push(redact(line.trim()));
      if (stderr.length > TAIL_LINES) stderr.splice(0, stderr.length - TAIL_LINES);
    });
    child.once('error', (error) => stderr.push(redact(error.message)));
    this.#exited = new Promise((resolve) => {
      child.once('close', (code, signal) => {
        this.#child = null;
        this.#clearStall();
        resolve();
        if (this.#stopped) return;
        this.lastError =
          stderr.at(-1) ?? `ffmpeg ended (${code === null ? `signal ${String(signal)}` : `code ${code}`})`;
        this.emit('failure', this.lastError);
        const delay = this.#backoff;
        this.#backoff = Math.min(this.#backoff * 2, this.options.maxBackoffMs ?? 30_000);
        this.#restartTimer = setTimeout(() => {
          this.#restartTimer = null;
          if (!this.#stopped) this.#spawn();
        }, delay);
        this.#restartTimer.unref();
      });
    });
    this.#armStall();
  }

  #armStall(): void {
    this.#clearStall();
    const limit = this.options.stallTimeoutMs ?? Math.max(10_000, 3000 / this.options.fps);
    this.#stallTimer = setTimeout(() => {
      this.#child?.kill('SIGKILL');
    }, limit);
    this.#stallTimer.unref();
  }

  #clearStall(): void {
    if (this.#stallTimer) clearTimeout(this.#stallTimer);
    this.#stallTimer = null;
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
