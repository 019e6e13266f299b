// On-demand live HLS: the first viewer of a camera starts one ffmpeg that pulls the camera once and writes a
// rolling fMP4 playlist; every other viewer reads the same files. Nobody asking for 60 s stops it.
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { liveHlsArgs, type StreamInput } from '../../media/ffmpeg/args.js';
import { FfmpegProcess } from '../../media/ffmpeg/process.js';
import { AppError, NotFoundError } from '../../platform/http/errors.js';

export interface LiveHlsOptions {
  liveDir: string;
  ffmpegPath: string;
  idleStopMs?: number;
  /** how long the first viewer waits for a playable playlist */
  startTimeoutMs?: number;
}

interface Session {
  process: FfmpegProcess;
  dir: string;
  lastAccess: number;
  /** resolves when the playlist lists a segment */
  ready: Promise<void>;
  /** what it reads: a different input means a new session */
  inputKey: string;
  /** viewers waiting for the first segment: a session is not idle while anyone waits */
  waiting: number;
}

const SEGMENT_NAME = /^(init\.mp4|seg-\d+\.m4s)$/;

export class LiveHls {
  readonly #sessions = new Map<number, Session>();
  readonly #starts = new Map<number, number>();
  #sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly options: LiveHlsOptions) {}

  /** How many upstream connections were opened for the camera since start (for tests and metrics). */
  upstreamStarts(cameraId: number): number {
    return this.#starts.get(cameraId) ?? 0;
  }

  isLive(cameraId: number): boolean {
    return this.#sessions.has(cameraId);
  }

  /** The playlist, starting the camera's session when needed. */
  async playlist(cameraId: number, input: () => Promise<StreamInput>): Promise<string> {
    const session = this.#sessions.get(cameraId) ?? (await this.#start(cameraId, await input()));
    session.waiting += 1;
    try {
      await session.ready;
    } finally {
      session.waiting -= 1;
      session.lastAccess = Date.now();
    }
    return readFile(join(session.dir, 'index.m3u8'), 'utf8');
  }

  /** A segment or the init section of a running session. */
  async segment(cameraId: number, name: string): Promise<{ path: string; size: number }> {
    const session = this.#sessions.get(cameraId);
    if (!session || !SEGMENT_NAME.test(name)) throw new NotFoundError('Live segment');
    session.lastAccess = Date.now();
    const path = join(session.dir, name);
    const info = await stat(path).catch(() => null);
    if (!info) throw new NotFoundError('Live segment');
    return { path, size: info.size };
  }

  /** Ends the session when the camera should now be read differently (or not at all: input null). */
  async refresh(cameraId: number, input: StreamInput | null): Promise<void> {
    const session = this.#sessions.get(cameraId);
    if (session && (input === null || JSON.stringify(input) !== session.inputKey)) await this.stop(cameraId);
  }

  async stop(cameraId: number): Promise<void> {
    const session = this.#sessions.get(cameraId);
    if (!session) return;
    this.#sessions.delete(cameraId);
    await session.process.stop();
    await rm(session.dir, { recursive: true, force: true });
  }

  /** At start: segments left by a previous run (a crash skips the cleanup of stop()). */
  async clearLeftovers(): Promise<void> {
    if (this.#sessions.size === 0) await rm(this.options.liveDir, { recursive: true, force: true });
  }

  async close(): Promise<void> {
    if (this.#sweeper) clearInterval(this.#sweeper);
    this.#sweeper = null;
    await Promise.all([...this.#sessions.keys()].map((id) => this.stop(id)));
  }

  async #start(cameraId: number, input: StreamInput): Promise<Session> {
    const existing = this.#sessions.get(cameraId);
    if (existing) return existing;
    // A directory per session: a session still shutting down removes only its own files.
    const dir = join(this.options.liveDir, `cam-${cameraId}-${Date.now()}`);
    await mkdir(dir, { recursive: true });
    const again = this.#sessions.get(cameraId);
    if (again) return again; // another viewer won the race while we prepared the directory
    const process = new FfmpegProcess({
      ffmpegPath: this.options.ffmpegPath,
      args: liveHlsArgs(input, dir),
      stallTimeoutMs: 20_000,
    });
    const session: Session = {
      process,
      dir,
      lastAccess: Date.now(),
      ready: Promise.resolve(),
      inputKey: JSON.stringify(input),
      waiting: 0,
    };
    session.ready = this.#waitForPlaylist(session);
    this.#sessions.set(cameraId, session);
    this.#starts.set(cameraId, this.upstreamStarts(cameraId) + 1);
    process.once('exit', () => {
      if (this.#sessions.get(cameraId) === session) this.#sessions.delete(cameraId);
    });
    process.start();
    this.#sweep();
    return session;
  }

  /** Resolves once the playlist names a segment; fails (and ends the session) if ffmpeg dies or times out. */
  async #waitForPlaylist(session: Session): Promise<void> {
    const deadline = Date.now() + (this.options.startTimeoutMs ?? 15_000);
    let exited = false;
    session.process.once('exit', () => (exited = true));
    for (;;) {
      const text = await readFile(join(session.dir, 'index.m3u8'), 'utf8').catch(() => '');
      if (/\.m4s/.test(text)) return;
      if (exited || Date.now() > deadline) {
        await session.process.stop();
        throw new AppError(503, 'The camera did not deliver live video in time');
      }
      // The playlist appears as soon as ffmpeg closes the first segment; progress arrives twice a second.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          session.process.off('progress', done);
          resolve();
        };
        const timer = setTimeout(done, 250);
        session.process.once('progress', done);
      });
    }
  }

  #sweep(): void {
    if (this.#sweeper) return;
    const idleMs = this.options.idleStopMs ?? 60_000;
    this.#sweeper = setInterval(
      () => {
        const now = Date.now();
        for (const [cameraId, session] of this.#sessions) {
          if (session.waiting === 0 && now - session.lastAccess > idleMs) void this.stop(cameraId);
        }
      },
      Math.min(5000, idleMs),
    );
    this.#sweeper.unref();
  }
}
