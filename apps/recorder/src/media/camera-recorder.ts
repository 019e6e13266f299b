// Records one camera: a supervised ffmpeg writing fragmented-MP4 segments into `<camera dir>/.incoming`, and
// the bookkeeping that turns each closed segment into a chunk with exact wall-clock times.
//
// Times: ffmpeg's segment list gives each segment's start and end in seconds from the first packet, and its
// progress reports say how much media it has written at a known wall-clock moment. The earliest
// (wall time − media time) is the wall time of the first packet, so consecutive chunks tile the timeline.
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { recordArgs, type StreamInput } from './ffmpeg/args.js';
import { mediaDuration } from './ffmpeg/probe.js';
import { FfmpegProcess } from './ffmpeg/process.js';
import { Supervisor, type BackoffPolicy, type Transition } from './supervisor.js';

export const INCOMING_DIR = '.incoming';

export interface ClosedSegment {
  /** where ffmpeg wrote it */
  file: string;
  startMs: number;
  endMs: number;
  durationSeconds: number;
}

export interface CameraRecorderOptions {
  cameraDir: string;
  /** the input for an attempt; `auto` transport alternates TCP and UDP between attempts */
  input: (attempt: number) => StreamInput;
  segmentSeconds: number;
  ffmpegPath: string;
  ffprobePath: string;
  autoRestart: boolean;
  maxRestartAttempts: number;
  backoff: BackoffPolicy;
  healthyResetMs: number;
  onSegment: (segment: ClosedSegment) => Promise<void>;
  onTransition: (transition: Transition) => void;
  onError: (error: unknown) => void;
}

interface Run {
  prefix: string;
  listFile: string;
  /** wall-clock ms of media time 0 */
  origin: number | null;
  listed: Set<string>;
  listSize: number;
}

export class CameraRecorder {
  readonly #options: CameraRecorderOptions;
  readonly #supervisor: Supervisor;
  readonly #incoming: string;
  // Segments are finished one at a time, in order.
  #queue: Promise<void> = Promise.resolve();

  constructor(options: CameraRecorderOptions) {
    this.#options = options;
    this.#incoming = join(options.cameraDir, INCOMING_DIR);
    this.#supervisor = new Supervisor({
      autoRestart: options.autoRestart,
      maxRestartAttempts: options.maxRestartAttempts,
      backoff: options.backoff,
      healthyResetMs: options.healthyResetMs,
      run: (attempt) => this.#run(attempt),
    });
    this.#supervisor.on('transition', options.onTransition);
  }

  get state() {
    return this.#supervisor.state;
  }

  async start(): Promise<void> {
    await mkdir(this.#incoming, { recursive: true });
    this.#supervisor.start();
  }

  /** Stops ffmpeg (it closes the current segment) and waits until every segment is indexed. */
  async stop(): Promise<void> {
    await this.#supervisor.stop();
    await this.#queue;
  }

  #run(attempt: number): FfmpegProcess {
    const prefix = `${Date.now()}-${attempt}`;
    const run: Run = {
      prefix,
      listFile: join(this.#incoming, `${prefix}.csv`),
      origin: null,
      listed: new Set(),
      listSize: 0,
    };
    const { segmentSeconds } = this.#options;
    const process = new FfmpegProcess({
      ffmpegPath: this.#options.ffmpegPath,
      args: recordArgs(this.#options.input(attempt), {
        dir: this.#incoming,
        prefix,
        segmentSeconds,
        listFile: run.listFile,
      }),
      // API.md: no new data for two segment lengths means the stream is stuck.
      stallTimeoutMs: Math.max(20_000, 2 * segmentSeconds * 1000),
    });
    process.on('progress', ({ outTimeSeconds, receivedAt }) => {
      const origin = receivedAt - outTimeSeconds * 1000;
      run.origin = run.origin === null ? origin : Math.min(run.origin, origin);
      this.#enqueue(() => this.#collect(run));
    });
    process.once('exit', () => {
      this.#enqueue(async () => {
        await this.#collect(run);
        await this.#recoverUnlisted(run);
        await rm(run.listFile, { force: true });
        await rm(pidFile(this.#incoming, prefix), { force: true });
      });
    });
    // Started by the supervisor right after this returns; the pid file lets a restarted recorder find an
    // ffmpeg that outlived a crash of this process (a child is not killed with its parent).
    setImmediate(() => {
      if (process.pid !== undefined) {
        writeFile(pidFile(this.#incoming, prefix), String(process.pid)).catch(this.#options.onError);
      }
    });
    return process;
  }

  #enqueue(task: () => Promise<void>): void {
    this.#queue = this.#queue.then(task).catch(this.#options.onError);
  }

  /** Reads segments ffmpeg has closed since the last look. */
  async #collect(run: Run): Promise<void> {
    const size = await stat(run.listFile).then(
      (s) => s.size,
      () => 0,
    );
    if (size === run.listSize || run.origin === null) return;
    run.listSize = size;
    const text = await readFile(run.listFile, 'utf8');
    for (const line of text.split('\n')) {
      const [name, start, end] = line.split(',');
      if (!name || start === undefined || end === undefined || run.listed.has(name)) continue;
      run.listed.add(name);
      const startMs = Math.round(run.origin + Number(start) * 1000);
      const endMs = Math.round(run.origin + Number(end) * 1000);
      await this.#options.onSegment({
        file: join(this.#incoming, name),
        startMs,
        endMs,
        durationSeconds: (endMs - startMs) / 1000,
      });
    }
  }

  /** A segment ffmpeg never listed (killed mid-chunk): index what is playable of it. */
  async #recoverUnlisted(run: Run): Promise<void> {
    const names = (await readdir(this.#incoming)).filter(
      (n) => n.startsWith(`${run.prefix}-`) && n.endsWith('.mp4'),
    );
    for (const name of names.sort()) {
      if (run.listed.has(name)) continue;
      const segment = await recoverSegment(this.#options.ffprobePath, join(this.#incoming, name));
      if (segment) await this.#options.onSegment(segment);
      else await rm(join(this.#incoming, name), { force: true });
    }
  }
}

const pidFile = (incoming: string, prefix: string) => join(incoming, `${prefix}.pid`);

/**
 * Ends ffmpeg processes left writing into this directory by a recorder that crashed. Only processes whose
 * command line names the directory are touched.
 */
export async function killOrphans(incoming: string): Promise<number> {
  let killed = 0;
  for (const name of await readdir(incoming).catch(() => [] as string[])) {
    if (!name.endsWith('.pid')) continue;
    const pid = Number(await readFile(join(incoming, name), 'utf8').catch(() => ''));
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (pid > 0 && cmdline.includes(incoming)) {
      process.kill(pid, 'SIGKILL');
      killed += 1;
      // Gone once /proc no longer lists it (it may linger as a zombie of its dead parent until reaped).
      for (let i = 0; i < 100 && (await processAlive(pid)); i++) await new Promise((r) => setTimeout(r, 50));
    }
    await rm(join(incoming, name), { force: true });
  }
  return killed;
}

async function processAlive(pid: number): Promise<boolean> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
  return status !== null && !/^State:\s+Z/m.test(status);
}

/**
 * Times for a segment file found without its list entry: it ends at its last write and lasts as long as its
 * playable media. Null when nothing in it plays.
 */
export async function recoverSegment(ffprobePath: string, file: string): Promise<ClosedSegment | null> {
  const [info, duration] = await Promise.all([
    stat(file).catch(() => null),
    mediaDuration(ffprobePath, file),
  ]);
  if (!info || info.size === 0 || duration === null) return null;
  const endMs = Math.round(info.mtimeMs);
  return { file, startMs: Math.round(endMs - duration * 1000), endMs, durationSeconds: duration };
}
