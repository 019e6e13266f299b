// One ffmpeg run. Starts it, reads its progress, keeps a redacted tail of its stderr for error messages,
// notices when it stalls, and stops it politely: `q` on stdin (or, when stdin carries its media, the end of
// that stream), then SIGTERM, then SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { redact, redactArgs } from './args.js';

/** Emitted only when the media time written has advanced since the last report. */
export interface FfmpegProgress {
  /** media time written so far, in seconds */
  outTimeSeconds: number;
  /** wall clock when the block arrived (ms since epoch) */
  receivedAt: number;
}

export interface FfmpegExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** last lines ffmpeg wrote to stderr, credentials masked */
  stderrTail: string;
  /** true when we asked it to stop */
  requested: boolean;
  /** true when the stall watchdog killed it */
  stalled: boolean;
}

export interface FfmpegProcessOptions {
  ffmpegPath: string;
  args: string[];
  /** kill when the media time written has not advanced for this long; 0 disables */
  stallTimeoutMs: number;
  /** grace periods of the stop sequence */
  quitGraceMs?: number;
  termGraceMs?: number;
  /**
   * Where the args send `-progress`: `pipe:1` (stdout, the default) or `pipe:3`, which leaves stdout free for
   * media (frames, snapshots).
   */
  progressFd?: 1 | 3;
  /** stdin carries the media it reads (a camera stream fan-out): stopping ends that stream instead of `q` */
  stdinMedia?: boolean;
  /** what it writes to stdout (pictures), with `progressFd: 3` */
  onOutput?: (chunk: Buffer) => void;
  /** its environment (the connection guard's, for a plain user's camera); the recorder's own otherwise */
  env?: NodeJS.ProcessEnv;
}

const TAIL_LINES = 20;
/**
 * Lines ffmpeg repeats for every picture and that say nothing about a failure: kept out of the tail, where they
 * would push out the line that does. (A camera's MJPEG is full-range YUV: each conversion to H.264's says so.)
 */
const NOISE = /deprecated pixel format used, make sure you did set range correctly/;

export class FfmpegProcess extends EventEmitter<{ progress: [FfmpegProgress]; exit: [FfmpegExit] }> {
  readonly #options: FfmpegProcessOptions;
  #child: ChildProcess | null = null;
  #stderr: string[] = [];
  #requested = false;
  #stalled = false;
  #stallTimer: NodeJS.Timeout | null = null;
  #lastOutTimeMicros = Number.NEGATIVE_INFINITY;
  #exited: Promise<FfmpegExit> | null = null;

  constructor(options: FfmpegProcessOptions) {
    super();
    this.#options = options;
  }

  /** The command line as it may be logged. */
  get commandLine(): string {
    return redactArgs([this.#options.ffmpegPath, ...this.#options.args]).join(' ');
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** The process's stdin (media, with `stdinMedia`). */
  get stdin(): Writable {
    if (!this.#child?.stdin) throw new Error('not started');
    return this.#child.stdin;
  }

  get running(): boolean {
    return this.#child !== null && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  start(): void {
    if (this.#child) throw new Error('already started');
    // Its own process group: a Ctrl-C or hangup meant for the recorder must not end a recording behind the
    // supervisor's back (the recorder stops it with `q` when it shuts down).
    const progressOnFd3 = this.#options.progressFd === 3;
    const child = spawn(this.#options.ffmpegPath, this.#options.args, {
      stdio: progressOnFd3 ? ['pipe', 'pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'],
      detached: true,
      ...(this.#options.env ? { env: this.#options.env } : {}),
    });
    this.#child = child;
    // ffmpeg may exit before it reads our `q` or the rest of its media.
    child.stdin.on('error', () => undefined);
    const progress = (progressOnFd3 ? child.stdio[3] : child.stdout) as Readable;
    if (progressOnFd3) {
      const onOutput = this.#options.onOutput;
      child.stdout.on('data', (chunk: Buffer) => onOutput?.(chunk));
    }
    this.#exited = new Promise((resolve) => {
      child.once('close', (code, signal) => {
        this.#clearStall();
        const exit: FfmpegExit = {
          code,
          signal,
          stderrTail: this.#stderr.join('\n'),
          requested: this.#requested,
          stalled: this.#stalled,
        };
        this.emit('exit', exit);
        resolve(exit);
      });
      child.once('error', (error) => {
        this.#stderr.push(redact(error.message));
      });
    });
    let block: string[] = [];
    let partialOut = '';
    progress.on('data', (chunk: Buffer) => {
      const lines = (partialOut + chunk.toString('utf8')).split('\n');
      partialOut = lines.pop() ?? '';
      for (const line of lines) {
        // Each progress report is a block of key=value lines closed by `progress=continue|end`.
        if (line.startsWith('progress=')) {
          this.#onProgress(block);
          block = [];
        } else block.push(line);
      }
    });
    let partial = '';
    child.stderr.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim() && !NOISE.test(line)) this.#stderr.push(redact(line.trim()));
      if (this.#stderr.length > TAIL_LINES) this.#stderr.splice(0, this.#stderr.length - TAIL_LINES);
    });
    this.#armStall();
  }

  /** Asks ffmpeg to finish (it closes the current segment cleanly), escalating if it does not. */
  async stop(): Promise<FfmpegExit | null> {
    const child = this.#child;
    if (!child || !this.#exited) return null;
    this.#requested = true;
    if (!this.running) return this.#exited;
    const { quitGraceMs = 5000, termGraceMs = 3000 } = this.#options;
    if (this.#options.stdinMedia) child.stdin!.end();
    else child.stdin!.end('q');
    const escalate = (signal: NodeJS.Signals, afterMs: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          if (this.running) child.kill(signal);
          resolve();
        }, afterMs);
        void this.#exited!.then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    await escalate('SIGTERM', quitGraceMs);
    await escalate('SIGKILL', termGraceMs);
    return this.#exited;
  }

  /** Ends the process at once as a failure (not a requested stop), with the reason in its error tail. */
  abort(reason: string): void {
    if (!this.running) return;
    this.#stderr.push(reason);
    this.#child?.kill('SIGKILL');
  }

  /** Resolves when the process has exited. */
  exited(): Promise<FfmpegExit> {
    if (!this.#exited) throw new Error('not started');
    return this.#exited;
  }

  /**
   * Only media progress counts: ffmpeg keeps reporting while a camera holds the session open and sends no
   * frames, and such a frozen stream must reach the stall watchdog.
   */
  #onProgress(block: string[]): void {
    const line = block.find((entry) => entry.startsWith('out_time_us='));
    const micros = Number(line?.slice('out_time_us='.length));
    if (!Number.isFinite(micros) || micros <= this.#lastOutTimeMicros) return;
    this.#lastOutTimeMicros = micros;
    this.#armStall();
    this.emit('progress', { outTimeSeconds: micros / 1e6, receivedAt: Date.now() });
  }

  #armStall(): void {
    this.#clearStall();
    if (this.#options.stallTimeoutMs <= 0) return;
    this.#stallTimer = setTimeout(() => {
      if (!this.running) return;
      this.#stalled = true;
      this.#stderr.push(`no video for ${Math.round(this.#options.stallTimeoutMs / 1000)} s: restarting`);
      this.#child?.kill('SIGKILL');
    }, this.#options.stallTimeoutMs);
    this.#stallTimer.unref();
  }

  #clearStall(): void {
    if (this.#stallTimer) clearTimeout(this.#stallTimer);
    this.#stallTimer = null;
  }
}
