// One camera stream, pulled once and fanned out to every consumer (live HLS, WebRTC, snapshots, AI frames,
// stream targets). The stream arrives as MPEG-TS datagrams on a loopback UDP port: from the recording's ffmpeg
// (its second output) while the camera records, else from an ingest ffmpeg this stream runs itself for as long
// as anyone consumes it. Each consumer is an ffmpeg reading the stream on stdin; a consumer that joins gets the
// current group of pictures at once (TsGopCache), one that cannot keep up is cut off (its owner restarts it),
// and none of them can slow the sender or each other. See docs/architecture.md, "One ingest per camera stream".
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { ingestArgs, type StreamInput } from '../ffmpeg/args.js';
import type { RecordingPlan } from '../ffmpeg/recording-plan.js';
import { connectGuardEnv } from '../ffmpeg/connect-guard.js';
import { DeferredRun } from '../ffmpeg/deferred-run.js';
import type { BackoffPolicy, Supervisor, Transition } from '../supervisor.js';
import { consumerSupervisor } from './consumer-supervisor.js';
import { TsGopCache } from './ts-gop-cache.js';

/** A consumer's unread backlog beyond which it is cut off instead of buffered (about 10 s of a 6 Mbit/s camera). */
export const MAX_CONSUMER_BACKLOG = 8 * 1024 * 1024;
/** Datagrams from a new sender are taken once the current one has been silent this long. */
const SENDER_SWITCH_MS = 1000;
/**
 * A stream that is read (recorded, or pulled for consumers) and has sent nothing for this long is offline: a camera
 * sends several packets per frame, and even a 1 fps camera one frame a second. Its cached pictures are dropped
 * then, so a consumer that joins later never gets an old picture as if it were now.
 */
export const SILENT_AFTER_MS = 2500;
/** How long a stream that has just started to be read may take to send its first packet (RTSP setup, probing). */
export const FIRST_PACKET_MS = 10_000;
const LIVENESS_CHECK_MS = 500;

/** Whether the camera sends this stream now: null while nobody reads it (then nobody knows). */
export interface StreamLiveness {
  online: boolean | null;
  /** when the last packet arrived (unix ms), null before the first */
  lastPacketAt: number | null;
}

/** How a stream's own pull reads the camera, and what it converts on the way (recording-plan.ts). */
export interface PulledSource {
  input: StreamInput;
  plan: RecordingPlan;
}

export interface CameraStreamOptions {
  ffmpegPath: string;
  /** the source of this stream's own pull, for attempt n (rejects with the reason it cannot be read) */
  resolve: (attempt: number) => Promise<PulledSource>;
  backoff: BackoffPolicy;
  /** the own pull stops this long after its last consumer left (a new viewer within it starts at once) */
  lingerMs: number;
  stallTimeoutMs: number;
}

export interface StreamSink {
  /** the consumer's stdin */
  input: Writable;
  /** called once when the consumer falls too far behind and is cut off */
  overflow: () => void;
  /** called once when the stream's video codec changed (the camera was switched): the consumer starts again */
  reshaped: (codec: string) => void;
}

export interface Attachment {
  detach(): void;
}

export class CameraStream extends EventEmitter<{
  keyframe: [];
  pull: [Transition];
  liveness: [StreamLiveness];
  codec: [string];
}> {
  readonly #options: CameraStreamOptions;
  readonly #sinks = new Set<StreamSink>();
  readonly #cache = new TsGopCache();
  /** the video codec last seen, kept across senders: a camera switched to another codec restarts the consumers */
  #lastVideoCodec: string | null = null;
  #socket: Socket | null = null;
  #port = 0;
  #sender: string | null = null;
  #lastPacketAt = 0;
  #recorded = false;
  /** arrival times of the last keyframes, for the keyframe interval */
  #keyframeTimes: number[] = [];
  #pull: Supervisor | null = null;
  #lingerTimer: NodeJS.Timeout | null = null;
  #online: boolean | null = null;
  /** since when the stream has been read without a break (0: it is not read) */
  #readSince = 0;
  #livenessTimer: NodeJS.Timeout | null = null;
  /** upstream connections this stream opened itself (for tests and metrics) */
  pulls = 0;

  constructor(options: CameraStreamOptions) {
    super();
    this.#options = options;
  }

  /** Binds the loopback port the stream is sent to. */
  async open(): Promise<void> {
    if (this.#socket) return;
    const socket = createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
    socket.on('message', (data, from) => this.#receive(data, from));
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => {
        socket.off('error', reject);
        resolve();
      });
    });
    socket.on('error', () => undefined);
    this.#socket = socket;
    this.#port = socket.address().port;
    this.#livenessTimer = setInterval(() => this.#checkLiveness(), LIVENESS_CHECK_MS);
    this.#livenessTimer.unref();
  }

  /** The video codec the stream carries (from its PMT; ffmpeg's name), null until it has arrived. */
  get videoCodec(): string | null {
    return this.#cache.videoCodec;
  }

  /** Whether the stream carries sound (from its PMT), null until it has arrived. */
  get hasAudio(): boolean | null {
    return this.#cache.hasAudio;
  }

  /** Whether the camera sends this stream now (see StreamLiveness). */
  get liveness(): StreamLiveness {
    return { online: this.#online, lastPacketAt: this.#lastPacketAt || null };
  }

  /** Where a sender (the recording's ffmpeg, or this stream's own pull) sends the stream. */
  get port(): number {
    if (!this.#socket) throw new Error('camera stream not open');
    return this.#port;
  }

  /**
   * The camera's keyframe interval as received (ms, the median of the last few), or null until known. A
   * consumer that needs fewer pictures than that can decode keyframes only.
   */
  get keyframeIntervalMs(): number | null {
    const times = this.#keyframeTimes;
    if (times.length < 4) return null;
    const intervals = times.slice(1).map((time, i) => time - times[i]!);
    return intervals.sort((a, b) => a - b)[Math.floor(intervals.length / 2)]!;
  }

  /**
   * The recording's ffmpeg sends this stream (or stopped sending it): while it does, the stream does not pull
   * the camera itself, so the camera serves one session.
   */
  setRecorded(recorded: boolean): void {
    if (this.#recorded === recorded) return;
    this.#recorded = recorded;
    this.#updatePull();
    this.#noteReading();
  }

  /** Starts feeding a consumer: the current group of pictures at once, then every packet as it arrives. */
  attach(sink: StreamSink): Attachment {
    this.#sinks.add(sink);
    // Only pictures of a stream that is still flowing: after a silence they are old, never to be shown as now.
    if (Date.now() - this.#lastPacketAt <= SILENT_AFTER_MS)
      for (const packet of this.#cache.joinPackets()) this.#write(sink, packet);
    this.#updatePull();
    return {
      detach: () => {
        if (!this.#sinks.delete(sink)) return;
        this.#updatePull();
      },
    };
  }

  /** The camera is read differently now: a running own pull starts again with the new source. */
  async restartPull(): Promise<void> {
    if (!this.#pull) return;
    const pull = this.#pull;
    this.#pull = null;
    await pull.stop();
    this.#updatePull();
  }

  /**
   * Calls `listener` with the reason when the stream's own pull fails to read the camera (a consumer waiting
   * for its first picture can give up at once instead of at its timeout). Returns the unsubscribe.
   */
  onPullFailure(listener: (reason: string) => void): () => void {
    const onTransition = (transition: Transition) => {
      if ((transition.to === 'retrying' || transition.to === 'failed') && transition.error) {
        listener(transition.error);
      }
    };
    this.on('pull', onTransition);
    return () => this.off('pull', onTransition);
  }

  /** Calls `listener` with the new codec when the stream's video codec changes. Returns the unsubscribe. */
  onCodecChange(listener: (codec: string) => void): () => void {
    this.on('codec', listener);
    return () => this.off('codec', listener);
  }

  /** Stops the own pull and closes the port. */
  async close(): Promise<void> {
    this.#sinks.clear();
    if (this.#livenessTimer) clearInterval(this.#livenessTimer);
    this.#livenessTimer = null;
    if (this.#lingerTimer) clearTimeout(this.#lingerTimer);
    this.#lingerTimer = null;
    const pull = this.#pull;
    this.#pull = null;
    await pull?.stop();
    const socket = this.#socket;
    this.#socket = null;
    // Closed once the port is released (a process that closes everything then exits).
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  #receive(data: Buffer, from: RemoteInfo): void {
    const sender = `${from.address}:${from.port}`;
    const now = Date.now();
    if (sender !== this.#sender) {
      // Two senders for a moment (the own pull ending as the recording starts): one stream at a time.
      if (this.#sender !== null && now - this.#lastPacketAt < SENDER_SWITCH_MS) return;
      this.#sender = sender;
      this.#cache.reset();
      this.#keyframeTimes = [];
    }
    this.#lastPacketAt = now;
    if (this.#online !== true) this.#setOnline(true);
    if (this.#cache.push(data)) {
      this.#keyframeTimes.push(now);
      if (this.#keyframeTimes.length > 9) this.#keyframeTimes.shift();
      this.emit('keyframe');
    }
    const codec = this.#cache.videoCodec;
    if (codec !== null && codec !== this.#lastVideoCodec) {
      const before = this.#lastVideoCodec;
      this.#lastVideoCodec = codec;
      if (before !== null) this.#reshaped(codec);
    }
    for (const sink of this.#sinks) this.#write(sink, data);
  }

  /**
   * The camera sends another video codec now (its user switched it, and it came back with the new one): each
   * consumer's decoder or muxer was set up for the old one, so each starts again from the cache (which holds the
   * new stream's PAT, PMT and keyframe), and whoever chose something by the codec hears of it.
   */
  #reshaped(codec: string): void {
    const sinks = [...this.#sinks];
    this.#sinks.clear();
    for (const sink of sinks) sink.reshaped(codec);
    this.#updatePull();
    this.emit('codec', codec);
  }

  #write(sink: StreamSink, data: Buffer): void {
    if (sink.input.writableEnded) return;
    if (sink.input.writableLength > MAX_CONSUMER_BACKLOG || sink.input.destroyed) {
      this.#sinks.delete(sink);
      sink.overflow();
      this.#updatePull();
      return;
    }
    sink.input.write(data);
  }

  /**
   * Offline once a stream that is read has been silent past SILENT_AFTER_MS (or sent nothing within FIRST_PACKET_MS
   * of being read), unknown while nobody reads it. Going offline drops the cached pictures.
   */
  #checkLiveness(): void {
    if (this.#readSince === 0) {
      if (this.#online !== null) this.#setOnline(null);
      return;
    }
    if (this.#online === false) return;
    const [since, limit] =
      this.#online === true
        ? [this.#lastPacketAt, SILENT_AFTER_MS]
        : [Math.max(this.#lastPacketAt, this.#readSince), FIRST_PACKET_MS];
    if (Date.now() - since > limit) {
      this.#cache.reset();
      this.#setOnline(false);
    }
  }

  #setOnline(online: boolean | null): void {
    this.#online = online;
    this.emit('liveness', this.liveness);
  }

  /** Notes since when the stream has been read (recorded or pulled), for the first packet's allowance. */
  #noteReading(): void {
    const read = this.#recorded || this.#pull !== null;
    if (!read) this.#readSince = 0;
    else if (this.#readSince === 0) this.#readSince = Date.now();
  }

  /** The own pull runs while someone consumes the stream and the recording does not send it. */
  #updatePull(): void {
    const wanted = this.#sinks.size > 0 && !this.#recorded && this.#socket !== null;
    if (wanted) {
      if (this.#lingerTimer) clearTimeout(this.#lingerTimer);
      this.#lingerTimer = null;
      if (!this.#pull) this.#startPull();
      return;
    }
    if (!this.#pull) return;
    if (this.#recorded) {
      this.#stopPull();
      return;
    }
    this.#lingerTimer ??= setTimeout(() => {
      this.#lingerTimer = null;
      if (this.#sinks.size === 0) this.#stopPull();
    }, this.#options.lingerMs);
    this.#lingerTimer.unref();
  }

  #startPull(): void {
    const { resolve, ffmpegPath, backoff, stallTimeoutMs } = this.#options;
    const pull = consumerSupervisor(
      (attempt) =>
        new DeferredRun(async () => {
          const { input, plan } = await resolve(attempt);
          this.pulls += 1;
          return {
            ffmpegPath,
            args: ingestArgs(input, this.port, plan),
            stallTimeoutMs,
            ...(input.guarded ? { env: connectGuardEnv([this.port]) } : {}),
          };
        }),
      backoff,
    );
    pull.on('transition', (transition) => this.emit('pull', transition));
    this.#pull = pull;
    this.#noteReading();
    pull.start();
  }

  #stopPull(): void {
    const pull = this.#pull;
    this.#pull = null;
    this.#noteReading();
    void pull?.stop();
  }
}
