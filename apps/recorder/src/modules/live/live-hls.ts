// On-demand live HLS: the first viewer of a camera starts one ffmpeg that reads the camera stream's fan-out
// (no upstream connection of its own: media/ingest) and writes a rolling fMP4 playlist; every other viewer
// reads the same files. The ffmpeg is supervised: one that dies is started again on the same playlist, going
// on with the segment numbers, so players keep playing. Nobody asking for 60 s stops it.
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { liveHlsArgs } from '../../media/ffmpeg/args.js';
import { FedProcess } from '../../media/ingest/fed-process.js';
import type { StreamHub, StreamRole } from '../../media/ingest/stream-hub.js';
import { consumerSupervisor } from '../../media/ingest/consumer-supervisor.js';
import type { Supervisor } from '../../media/supervisor.js';
import { AppError, NotFoundError } from '../../platform/http/errors.js';
import { keysOf, streamKey } from './stream-keys.js';

export interface LiveHlsOptions {
  liveDir: string;
  ffmpegPath: string;
  idleStopMs?: number;
  /** how long the first viewer waits for a playable playlist */
  startTimeoutMs?: number;
}

interface Session {
  cameraId: number;
  supervisor: Supervisor;
  dir: string;
  lastAccess: number;
  /** resolves when the playlist lists a segment */
  ready: Promise<void>;
  /** viewers waiting for the first segment: a session is not idle while anyone waits */
  waiting: number;
}

const SEGMENT_NAME = /^(init\.mp4|seg-\d+\.m4s)$/;

export class LiveHls {
  /** by camera and role (`<id>/<role>`): a camera's main and substream are separate sessions */
  readonly #sessions = new Map<string, Session>();
  readonly #starting = new Map<string, Promise<Session>>();
  readonly #runs = new Map<number, number>();
  #sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly streams: StreamHub,
    private readonly options: LiveHlsOptions,
  ) {}

  /** How many HLS ffmpeg runs were started for the camera since start (for tests and metrics). */
  runs(cameraId: number): number {
    return this.#runs.get(cameraId) ?? 0;
  }

  isLive(cameraId: number, role?: StreamRole): boolean {
    if (role) return this.#sessions.has(streamKey(cameraId, role));
    return [...this.#sessions.values()].some((session) => session.cameraId === cameraId);
  }

  /** The playlist, starting the session of the camera's stream when needed. */
  async playlist(cameraId: number, role: StreamRole): Promise<string> {
    const key = streamKey(cameraId, role);
    const session = this.#sessions.get(key) ?? (await this.#start(cameraId, role));
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
  async segment(cameraId: number, role: StreamRole, name: string): Promise<{ path: string; size: number }> {
    const session = this.#sessions.get(streamKey(cameraId, role));
    if (!session || !SEGMENT_NAME.test(name)) throw new NotFoundError('Live segment');
    session.lastAccess = Date.now();
    const path = join(session.dir, name);
    const info = await stat(path).catch(() => null);
    if (!info) throw new NotFoundError('Live segment');
    return { path, size: info.size };
  }

  /** Ends the camera's sessions (of one role, or every role). */
  async stop(cameraId: number, role?: StreamRole): Promise<void> {
    await Promise.all(keysOf(this.#sessions, cameraId, role).map((key) => this.#stop(key)));
  }

  async #stop(key: string): Promise<void> {
    const session = this.#sessions.get(key);
    if (!session) return;
    this.#sessions.delete(key);
    await session.supervisor.stop();
    await rm(session.dir, { recursive: true, force: true });
  }

  /** At start: segments left by a previous run (a crash skips the cleanup of stop()). */
  async clearLeftovers(): Promise<void> {
    if (this.#sessions.size === 0) await rm(this.options.liveDir, { recursive: true, force: true });
  }

  async close(): Promise<void> {
    if (this.#sweeper) clearInterval(this.#sweeper);
    this.#sweeper = null;
    await Promise.all([...this.#sessions.keys()].map((key) => this.#stop(key)));
  }

  #start(cameraId: number, role: StreamRole): Promise<Session> {
    const key = streamKey(cameraId, role);
    let starting = this.#starting.get(key);
    if (!starting) {
      starting = this.#create(cameraId, role).finally(() => this.#starting.delete(key));
      this.#starting.set(key, starting);
    }
    return starting;
  }

  async #create(cameraId: number, role: StreamRole): Promise<Session> {
    const key = streamKey(cameraId, role);
    const stream = await this.streams.stream(cameraId, role);
    // A directory per session: a session still shutting down removes only its own files.
    const dir = join(this.options.liveDir, `cam-${cameraId}-${role}-${Date.now()}`);
    await mkdir(dir, { recursive: true });
    // A restarted ffmpeg goes on numbering after the last segment the one before listed.
    const numbering = { next: 0 };
    const supervisor = consumerSupervisor(() => {
      this.#runs.set(cameraId, this.runs(cameraId) + 1);
      const process = new FedProcess(stream, {
        ffmpegPath: this.options.ffmpegPath,
        args: liveHlsArgs(dir, numbering.next),
        stallTimeoutMs: 20_000,
      });
      process.once('exit', () => void nextSegmentAfter(dir).then((next) => (numbering.next = next)));
      return process;
    });
    const session: Session = {
      cameraId,
      supervisor,
      dir,
      lastAccess: Date.now(),
      ready: Promise.resolve(),
      waiting: 0,
    };
    // A camera that cannot be read fails the first viewer at once, not at the start timeout.
    let unreadable: string | null = null;
    const unsubscribe = stream.onPullFailure((reason) => (unreadable = reason));
    session.ready = this.#waitForPlaylist(key, session, () => unreadable).finally(unsubscribe);
    this.#sessions.set(key, session);
    session.supervisor.start();
    this.#sweep();
    return session;
  }

  /** Resolves once the playlist names a segment; fails (and ends the session) when none comes in time. */
  async #waitForPlaylist(key: string, session: Session, unreadable: () => string | null): Promise<void> {
    const deadline = Date.now() + (this.options.startTimeoutMs ?? 15_000);
    for (;;) {
      const text = await readFile(join(session.dir, 'index.m3u8'), 'utf8').catch(() => '');
      if (/\.m4s/.test(text)) return;
      const reason = unreadable();
      if (reason || Date.now() > deadline || this.#sessions.get(key) !== session) {
        if (this.#sessions.get(key) === session) await this.#stop(key);
        throw new AppError(
          503,
          reason
            ? `The camera could not be read: ${reason}`
            : 'The camera did not deliver live video in time',
        );
      }
      // The playlist appears as soon as ffmpeg closes the first segment.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  #sweep(): void {
    if (this.#sweeper) return;
    const idleMs = this.options.idleStopMs ?? 60_000;
    this.#sweeper = setInterval(
      () => {
        const now = Date.now();
        for (const [key, session] of this.#sessions) {
          if (session.waiting === 0 && now - session.lastAccess > idleMs) void this.#stop(key);
        }
      },
      Math.min(5000, idleMs),
    );
    this.#sweeper.unref();
  }
}

/** After a run ends: the number after the last segment its playlist lists (0 when none). */
async function nextSegmentAfter(dir: string): Promise<number> {
  const text = await readFile(join(dir, 'index.m3u8'), 'utf8').catch(() => '');
  const numbers = [...text.matchAll(/^seg-(\d+)\.m4s$/gm)].map((match) => Number(match[1]) + 1);
  return Math.max(0, ...numbers);
}
