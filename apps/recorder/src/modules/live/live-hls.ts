// On-demand live view as low-latency HLS: the first viewer of a camera stream starts one ffmpeg that reads the
// stream's fan-out (no upstream connection of its own: media/ingest) and writes fragmented MP4 to its stdout; the
// recorder lists every fragment as a ~200 ms part of a rolling playlist kept in memory (media/hls), and every other
// viewer reads the same window. Players that know LL-HLS block on the next part; others play whole segments. The
// ffmpeg is supervised: one that dies is started again and its parts follow a discontinuity with the media
// sequence going on, so players keep playing. Nobody asking for 60 s stops it. A stream transcoded to H.264 for
// players that decode nothing else (live-video.ts) is a session of its own, shared the same way.
import { liveFmp4Args } from '../../media/ffmpeg/args.js';
import { Fmp4Reader, type Fmp4Fragment } from '../../media/hls/fmp4-reader.js';
import {
  LowLatencyPlaylist,
  parseMediaName,
  type PlaylistPosition,
} from '../../media/hls/low-latency-playlist.js';
import { FedProcess } from '../../media/ingest/fed-process.js';
import type { StreamHub, StreamRole } from '../../media/ingest/stream-hub.js';
import { consumerSupervisor } from '../../media/ingest/consumer-supervisor.js';
import type { BackoffPolicy, SupervisedRun, Supervisor } from '../../media/supervisor.js';
import type { CameraStream } from '../../media/ingest/camera-stream.js';
import { AppError, NotFoundError } from '../../platform/http/errors.js';
import { keysOf, liveKey } from './stream-keys.js';
import type { LiveVideo } from './live-video.js';

/** How long the part a playlist hints at next is waited for. */
const HINTED_PART_WAIT_MS = 9_000;

/** What a session's packager hands over: its init section, then one fragment at a time (media/hls). */
export interface PackagerOutput {
  init(bytes: Buffer): void;
  fragment(fragment: Fmp4Fragment): void;
}

/**
 * Starts one run of a session's packager on the camera stream: by default an ffmpeg writing fragmented MP4 (the
 * stream copied, or transcoded to H.264 for `video` h264); fast tests give a fake.
 */
export type Packager = (stream: CameraStream, video: LiveVideo, output: PackagerOutput) => SupervisedRun;

/** The packager of the product: ffmpeg fed from the fan-out, its fMP4 read as it comes. */
export function ffmpegPackager(ffmpegPath: string): Packager {
  return (stream, video, output) => {
    const reader = new Fmp4Reader(output);
    const process = new FedProcess(stream, {
      ffmpegPath,
      args: liveFmp4Args(undefined, { transcodeVideo: video === 'h264' }),
      progressFd: 3,
      stallTimeoutMs: 20_000,
      onOutput: (chunk) => {
        try {
          reader.push(chunk);
        } catch (error) {
          process.abort(`unreadable fMP4 from the packager: ${(error as Error).message}`);
        }
      },
    });
    return process;
  };
}

export interface LiveHlsOptions {
  ffmpegPath: string;
  /** what writes a session's fMP4 (default: ffmpegPackager) */
  packager?: Packager;
  idleStopMs?: number;
  /** how long the first viewer waits for a playable playlist */
  startTimeoutMs?: number;
  /** how long a blocking playlist or preload-hint request waits for what it asked for */
  blockTimeoutMs?: number;
  /** restarts of a packager that exited (default: the consumers' backoff) */
  backoff?: BackoffPolicy;
}

interface Session {
  cameraId: number;
  supervisor: Supervisor;
  playlist: LowLatencyPlaylist;
  lastAccess: number;
  /** resolves when the playlist holds a segment players can start from */
  ready: Promise<void>;
  /** requests waiting for the first part or a blocked reload: a session is not idle while anyone waits */
  waiting: number;
  /** stops listening to the camera stream */
  unsubscribe: () => void;
}

export class LiveHls {
  /** by camera and role (`<id>/<role>`): a camera's main and substream are separate sessions */
  readonly #sessions = new Map<string, Session>();
  readonly #starting = new Map<string, Promise<Session>>();
  readonly #runs = new Map<number, number>();
  #sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly streams: Pick<StreamHub, 'stream'>,
    private readonly options: LiveHlsOptions,
  ) {}

  /** How many HLS ffmpeg runs were started for the camera since start (for tests and metrics). */
  runs(cameraId: number): number {
    return this.#runs.get(cameraId) ?? 0;
  }

  isLive(cameraId: number, role?: StreamRole): boolean {
    return keysOf(this.#sessions, cameraId, role).length > 0;
  }

  /** Whether the stream's H.264 transcode runs (tests, metrics). */
  isTranscoding(cameraId: number, role: StreamRole): boolean {
    return this.#sessions.has(liveKey(cameraId, role, 'h264'));
  }

  /**
   * The multivariant playlist (what players open), starting the session of the camera's stream when needed and
   * answering once it can be played; `query` goes on the media playlist's URI.
   */
  async multivariant(cameraId: number, role: StreamRole, video: LiveVideo, query: string): Promise<string> {
    const session = await this.#ready(cameraId, role, video);
    return session.playlist.renderMultivariant(`media.m3u8${query}`);
  }

  /**
   * The media playlist. With `position` (a blocking reload: `_HLS_msn`/`_HLS_part`), answered once the playlist
   * holds it; `query` goes on every URI in it.
   */
  async mediaPlaylist(
    cameraId: number,
    role: StreamRole,
    video: LiveVideo,
    position: PlaylistPosition | null,
    query: string,
  ): Promise<string> {
    const session = await this.#ready(cameraId, role, video);
    if (position) {
      if (session.playlist.tooFarAhead(position)) {
        throw new AppError(400, '_HLS_msn is more than two segments past the end of the playlist');
      }
      const listed = await this.#whileWaiting(session, () =>
        session.playlist.waitFor(position, this.#blockTimeoutMs),
      );
      if (!listed) throw new AppError(503, 'The requested part of the live playlist did not arrive in time');
    }
    return session.playlist.render(query);
  }

  /** The session of the camera's stream, started when needed, once players can start on it. */
  async #ready(cameraId: number, role: StreamRole, video: LiveVideo): Promise<Session> {
    const session =
      this.#sessions.get(liveKey(cameraId, role, video)) ?? (await this.#start(cameraId, role, video));
    await this.#whileWaiting(session, () => session.ready);
    return session;
  }

  /**
   * An init section, part or segment of a running session. The part the playlist hints at next (preload hint)
   * is waited for; anything else is there or not.
   */
  async media(cameraId: number, role: StreamRole, video: LiveVideo, name: string): Promise<Buffer> {
    const session = this.#sessions.get(liveKey(cameraId, role, video));
    const wanted = parseMediaName(name);
    if (!session || !wanted) throw new NotFoundError('Live segment');
    if (wanted.kind === 'part' && wanted.seq === session.playlist.nextPartSeq) {
      // Longer than a blocking reload: across a packager restart (the camera's source was edited) the next part
      // may take several seconds, and hls.js waits up to 10 s for its first byte; a 404 before then is an error
      // in the browser's console and a needless retry.
      await this.#whileWaiting(session, () => session.playlist.waitForPart(wanted.seq, HINTED_PART_WAIT_MS));
    }
    session.lastAccess = Date.now();
    const bytes = session.playlist.media(name);
    if (!bytes) throw new NotFoundError('Live segment');
    return bytes;
  }

  /** Ends the camera's sessions (of one role, or every role). */
  async stop(cameraId: number, role?: StreamRole): Promise<void> {
    await Promise.all(keysOf(this.#sessions, cameraId, role).map((key) => this.#stop(key)));
  }

  async #stop(key: string): Promise<void> {
    const session = this.#sessions.get(key);
    if (!session) return;
    this.#sessions.delete(key);
    session.unsubscribe();
    await session.supervisor.stop();
    session.playlist.release();
  }

  async close(): Promise<void> {
    if (this.#sweeper) clearInterval(this.#sweeper);
    this.#sweeper = null;
    await Promise.all([...this.#sessions.keys()].map((key) => this.#stop(key)));
  }

  #start(cameraId: number, role: StreamRole, video: LiveVideo): Promise<Session> {
    const key = liveKey(cameraId, role, video);
    let starting = this.#starting.get(key);
    if (!starting) {
      starting = this.#create(cameraId, role, video).finally(() => this.#starting.delete(key));
      this.#starting.set(key, starting);
    }
    return starting;
  }

  async #create(cameraId: number, role: StreamRole, video: LiveVideo): Promise<Session> {
    const key = liveKey(cameraId, role, video);
    const stream = await this.streams.stream(cameraId, role);
    const playlist = new LowLatencyPlaylist({ segmentTargetSeconds: 1, windowSegments: 6 });
    const packager = this.options.packager ?? ffmpegPackager(this.options.ffmpegPath);
    const supervisor = consumerSupervisor(() => {
      this.#runs.set(cameraId, this.runs(cameraId) + 1);
      const run = packager(stream, video, {
        init: (bytes) => playlist.startRun(bytes),
        fragment: (fragment) => playlist.addPart(fragment),
      });
      run.once('exit', () => playlist.endRun());
      return run;
    }, this.options.backoff);
    const session: Session = {
      cameraId,
      supervisor,
      playlist,
      lastAccess: Date.now(),
      ready: Promise.resolve(),
      waiting: 0,
      // The camera was switched to another codec: what this session plays was chosen by the old one (copy or
      // transcode, live-video.ts), so it ends and its players choose again.
      unsubscribe: stream.onCodecChange(() => {
        if (this.#sessions.get(key) === session) void this.#stop(key);
      }),
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

  /**
   * Resolves once the playlist holds its first whole segment; fails (and ends the session) when none comes in
   * time. Not the first part: hls.js starts only from a listed segment and, given parts alone, reloads and waits
   * (measured: 1.5–3 s to the first frame, against the rest of one keyframe interval here).
   */
  async #waitForPlaylist(key: string, session: Session, unreadable: () => string | null): Promise<void> {
    const deadline = Date.now() + (this.options.startTimeoutMs ?? 15_000);
    // Woken by the segment; every 100 ms it also looks whether the camera turned out unreadable.
    while (!(await session.playlist.waitFor({ msn: 0 }, 100))) {
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
    }
  }

  /** Runs `wait` counted as a waiting request, so the idle sweep leaves the session alone meanwhile. */
  async #whileWaiting<T>(session: Session, wait: () => Promise<T>): Promise<T> {
    session.waiting += 1;
    try {
      return await wait();
    } finally {
      session.waiting -= 1;
      session.lastAccess = Date.now();
    }
  }

  get #blockTimeoutMs(): number {
    return this.options.blockTimeoutMs ?? 6_000;
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
