// Records one camera: a supervised ffmpeg writing fragmented-MP4 segments into `<camera dir>/.incoming`, and
// the bookkeeping that turns each closed segment into a chunk with exact wall-clock times.
//
// Times: ffmpeg's segment list gives each segment's start and end in seconds from the first packet, and its
// progress reports say how much media it has written at a known wall-clock moment; MediaClock turns the two
// into wall-clock times, so consecutive chunks tile the timeline. A camera that froze and resumed moves the
// clock: the run is cut there and started afresh, so every chunk's start and end stay true.
//
// Durability: ffmpeg writes a fragment at least every second and flushes it (args.ts), and the file being
// written is synced to disk every SYNC_INTERVAL_MS, so a kill loses at most a fragment and a power cut at most
// the last sync interval (plus that fragment) of the chunk being written.
import { mkdir, open, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { recordArgs, type RecordOutput, type StreamInput } from './ffmpeg/args.js';
import { mediaDuration } from './ffmpeg/probe.js';
import { connectGuardEnv } from './ffmpeg/connect-guard.js';
import type { RecordingPlan } from './ffmpeg/recording-plan.js';
import { FfmpegProcess, type FfmpegExit, type FfmpegProgress } from './ffmpeg/process.js';
import { MediaClock } from './media-clock.js';
import { Supervisor, type BackoffPolicy, type SupervisedRun, type Transition } from './supervisor.js';

export const INCOMING_DIR = '.incoming';
/** How often the chunk being written is forced to disk (the most a power cut can take of it). */
export const SYNC_INTERVAL_MS = 2000;
/** A camera whose media time has not advanced for this long is frozen: ffmpeg is restarted. */
export const STALL_TIMEOUT_MS = 20_000;

/** ffmpeg's words for a write that failed because of the disk, not the camera. */
const STORAGE_FAILURE = /No space left on device|Disk quota exceeded|Read-only file system/i;

export function isStorageFailure(exit: FfmpegExit): boolean {
  return STORAGE_FAILURE.test(exit.stderrTail);
}

/** What one attempt is asked to do: read `input`, write segments and their list as `output` says, per `plan`. */
export interface RecordingJob {
  input: StreamInput;
  output: RecordOutput;
  plan: RecordingPlan;
}

/**
 * One attempt's process: it writes `<output.prefix>-NNNNNN.mp4` segments into `output.dir`, lists each closed one
 * in `output.listFile` (`name,start,end` in seconds of media time) and reports how much media it has written.
 */
export interface RecordingRun extends SupervisedRun {
  readonly pid: number | undefined;
  on(event: 'progress', listener: (progress: FfmpegProgress) => void): unknown;
}

export type RecordingRunner = (job: RecordingJob) => RecordingRun;

/** The recorder's runs: ffmpeg, guarded for a plain user's camera (its only loopback destination is the tap). */
export function ffmpegRecordingRunner(ffmpegPath: string): RecordingRunner {
  return ({ input, output, plan }) =>
    new FfmpegProcess({
      ffmpegPath,
      args: recordArgs(input, output, plan),
      stallTimeoutMs: STALL_TIMEOUT_MS,
      ...(input.guarded
        ? { env: connectGuardEnv(output.tapPort === undefined ? [] : [output.tapPort]) }
        : {}),
    });
}

/** A supervisor transition, and whether the run that just ended failed to write rather than to read. */
export type RecorderTransition = Transition & { storageFailure: boolean };

export interface ClosedSegment {
  /** where ffmpeg wrote it */
  file: string;
  startMs: number;
  endMs: number;
  durationSeconds: number;
}

/** The segment ffmpeg is writing now, and the wall-clock time it starts at. */
export interface SegmentInProgress {
  file: string;
  startMs: number;
}

export interface CameraRecorderOptions {
  cameraDir: string;
  /** the input for an attempt; `auto` transport alternates TCP and UDP between attempts */
  input: (attempt: number) => StreamInput;
  /** what each attempt copies or converts (recording-plan.ts), as now known of the camera */
  plan: (attempt: number) => RecordingPlan;
  /** where the camera stream is also sent for its other consumers (media/ingest) */
  tapPort?: number;
  segmentSeconds: number;
  ffmpegPath: string;
  ffprobePath: string;
  /** the process of each attempt (ffmpeg unless a test says otherwise) */
  runner?: RecordingRunner;
  autoRestart: boolean;
  maxRestartAttempts: number;
  /** once `failed`, try again this often */
  slowRetryMs: number;
  backoff: BackoffPolicy;
  healthyResetMs: number;
  onSegment: (segment: ClosedSegment) => Promise<void>;
  onTransition: (transition: RecorderTransition) => void;
  /** the camera froze and resumed: the run is being cut to re-anchor its clock */
  onFreeze?: (frozenMs: number) => void;
  onError: (error: unknown) => void;
}

interface Run {
  prefix: string;
  listFile: string;
  clock: MediaClock;
  listed: Set<string>;
  listSize: number;
  /** media time (s) where the segment being written starts: the end of the last one listed */
  nextStartSeconds: number;
  /** the segment file last forced to disk, and when */
  synced: { file: string; at: number } | null;
  syncing: boolean;
}

export class CameraRecorder {
  readonly #options: CameraRecorderOptions;
  readonly #supervisor: Supervisor;
  readonly #incoming: string;
  readonly #runner: RecordingRunner;
  // Segments are finished one at a time, in order.
  #queue: Promise<void> = Promise.resolve();
  #lastExitStorageFailure = false;
  /** the run under way (null between runs) */
  #current: Run | null = null;

  constructor(options: CameraRecorderOptions) {
    this.#options = options;
    this.#incoming = join(options.cameraDir, INCOMING_DIR);
    this.#runner = options.runner ?? ffmpegRecordingRunner(options.ffmpegPath);
    this.#supervisor = new Supervisor({
      autoRestart: options.autoRestart,
      maxRestartAttempts: options.maxRestartAttempts,
      slowRetryMs: options.slowRetryMs,
      backoff: options.backoff,
      healthyResetMs: options.healthyResetMs,
      run: (attempt) => this.#run(attempt),
    });
    this.#supervisor.on('transition', (transition) =>
      options.onTransition({
        ...transition,
        storageFailure: transition.to !== 'running' && this.#lastExitStorageFailure,
      }),
    );
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

  /**
   * The segment being written (null between runs and before the run's clock knows its wall time): the one after
   * the last that ffmpeg listed. Just after ffmpeg closed a segment and before it is collected, that is the
   * closed one, whole.
   */
  inProgress(): SegmentInProgress | null {
    const run = this.#current;
    if (!run || !run.clock.anchored) return null;
    return { file: segmentFile(this.#incoming, run), startMs: run.clock.wallTime(run.nextStartSeconds) };
  }

  /** Tries again now of at the next retry (e.g. disk space came back). */
  retryNow(): void {
    this.#supervisor.retryNow();
  }

  #run(attempt: number): RecordingRun {
    const prefix = `${Date.now()}-${attempt}`;
    const run: Run = {
      prefix,
      listFile: join(this.#incoming, `${prefix}.csv`),
      clock: new MediaClock(),
      listed: new Set(),
      listSize: 0,
      nextStartSeconds: 0,
      synced: null,
      syncing: false,
    };
    const { segmentSeconds, tapPort } = this.#options;
    const process = this.#runner({
      input: this.#options.input(attempt),
      output: {
        dir: this.#incoming,
        prefix,
        segmentSeconds,
        listFile: run.listFile,
        ...(tapPort === undefined ? {} : { tapPort }),
      },
      plan: this.#options.plan(attempt),
    });
    this.#current = run;
    let cut = false;
    process.on('progress', ({ outTimeSeconds, receivedAt }) => {
      const frozenMs = run.clock.observe(outTimeSeconds, receivedAt);
      if (frozenMs > 0 && !cut) {
        cut = true;
        this.#options.onFreeze?.(frozenMs);
        void this.#supervisor.restart().catch(this.#options.onError);
      }
      this.#enqueue(() => this.#collect(run));
      this.#syncCurrent(run);
    });
    process.once('exit', (exit) => {
      if (this.#current === run) this.#current = null;
      this.#lastExitStorageFailure = !exit.requested && isStorageFailure(exit);
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
    if (size === run.listSize || !run.clock.anchored) return;
    run.listSize = size;
    const text = await readFile(run.listFile, 'utf8');
    for (const line of text.split('\n')) {
      const [name, start, end] = line.split(',');
      if (!name || start === undefined || end === undefined || run.listed.has(name)) continue;
      run.listed.add(name);
      run.nextStartSeconds = Number(end);
      const startMs = run.clock.wallTime(Number(start));
      const endMs = run.clock.wallTime(Number(end));
      await this.#options.onSegment({
        file: join(this.#incoming, name),
        startMs,
        endMs,
        durationSeconds: (endMs - startMs) / 1000,
      });
    }
  }

  /**
   * Forces the segment being written to disk every SYNC_INTERVAL_MS (and its directory entry once), so a power
   * cut takes no more than that of it. The page cache would otherwise hold up to half a minute.
   */
  #syncCurrent(run: Run): void {
    const now = Date.now();
    if (run.syncing || (run.synced && now - run.synced.at < SYNC_INTERVAL_MS)) return;
    const file = segmentFile(this.#incoming, run);
    const newFile = run.synced?.file !== file;
    run.syncing = true;
    void (async () => {
      await syncPath(file);
      if (newFile) await syncPath(this.#incoming);
    })()
      .catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.#options.onError(error);
      })
      .finally(() => {
        run.syncing = false;
        run.synced = { file, at: now };
      });
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

/** The segment after the last one ffmpeg listed is the one it is writing. */
const segmentFile = (incoming: string, run: Run) =>
  join(incoming, `${run.prefix}-${String(run.listed.size).padStart(6, '0')}.mp4`);

const pidFile = (incoming: string, prefix: string) => join(incoming, `${prefix}.pid`);

/** fsync of a file or directory (a read-only descriptor is enough on Linux). */
async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

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
