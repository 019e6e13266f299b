// One restreamed camera stream: an ffmpeg fed from the stream's fan-out (media/ingest: never a second camera
// session) that writes the video (copied) and the sound as RTP to loopback ports, and the readers those packets
// are handed to. Its SDP — what ffmpeg prints for its RTP outputs — becomes the DESCRIBE answer. The video's
// packets since the last keyframe are kept, so a reader that joins a running stream starts with a whole picture.
// An ffmpeg that ends (the camera's stream restarted, its codec changed, the sender fell behind) ends the upstream
// and drops its readers: their RTP timing starts over, which RTSP clients take as a new session (they reconnect).
import { createSocket, type Socket } from 'node:dgram';
import { restreamRtpArgs, type RtpTarget } from '../../media/ffmpeg/args.js';
import type { CameraStream } from '../../media/ingest/camera-stream.js';
import { FedProcess } from '../../media/ingest/fed-process.js';

/** Where an upstream's packets go: one per reader that has sent PLAY. */
export interface RtpReader {
  /** a packet of track `track` (RTP, or RTCP sender report with `rtcp`) */
  deliver(track: number, rtcp: boolean, packet: Buffer): void;
  /** the upstream ended: the reader is disconnected */
  end(reason: string): void;
}

export interface UpstreamOptions {
  ffmpegPath: string;
  /** whether the stream carries sound (its fan-out's PMT, else its probe) */
  audio: boolean;
  /** how long ffmpeg may take to print its SDP (it needs the stream's first keyframe) */
  describeTimeoutMs?: number;
}

/** Packets of the current group of pictures kept for joining readers, at most (a camera without keyframes). */
const MAX_GOP_PACKETS = 4000;
const VIDEO = 0;

interface TrackSockets {
  rtp: Socket;
  rtcp: Socket;
}

export class RestreamUpstream {
  readonly readers = new Set<RtpReader>();
  #process: FedProcess | null = null;
  #tracks: TrackSockets[] = [];
  #sdp: string | null = null;
  #gop: Buffer[] = [];
  #gopTimestamp: number | null = null;
  #videoCodec: 'h264' | 'hevc' | null = null;
  #ended = false;
  readonly #endListeners = new Set<(reason: string) => void>();

  constructor(
    private readonly stream: CameraStream,
    private readonly options: UpstreamOptions,
  ) {}

  get ended(): boolean {
    return this.#ended;
  }

  /** The SDP of the stream's tracks as ffmpeg wrote it (addresses and ports still its loopback ones). */
  get sdp(): string {
    if (this.#sdp === null) throw new Error('the restream has not started');
    return this.#sdp;
  }

  get trackCount(): number {
    return this.options.audio ? 2 : 1;
  }

  /** Calls `listener` once when the upstream ends (its ffmpeg exited, or stop()). */
  onEnd(listener: (reason: string) => void): void {
    this.#endListeners.add(listener);
  }

  /** Binds the ports, starts ffmpeg and resolves once its SDP is known; rejects (and ends) when it cannot. */
  async start(): Promise<void> {
    const count = this.options.audio ? 2 : 1;
    for (let track = 0; track < count; track++) {
      const sockets = { rtp: await bind(), rtcp: await bind() };
      this.#tracks.push(sockets);
      sockets.rtp.on('message', (packet) => this.#rtp(track, packet));
      sockets.rtcp.on('message', (packet) => this.#send(track, true, packet));
    }
    const target = (track: TrackSockets): RtpTarget => ({
      rtp: track.rtp.address().port,
      rtcp: track.rtcp.address().port,
    });
    let stdout = '';
    const sdp = new Promise<string>((resolve, reject) => {
      const process = new FedProcess(this.stream, {
        ffmpegPath: this.options.ffmpegPath,
        args: restreamRtpArgs(target(this.#tracks[0]!), this.#tracks[1] ? target(this.#tracks[1]) : null),
        stallTimeoutMs: 20_000,
        progressFd: 3,
        onOutput: (chunk) => {
          if (this.#sdp !== null || stdout.length > 16_384) return;
          stdout += chunk.toString('utf8');
          // ffmpeg prints "SDP:\n" and the SDP (CRLF lines), then one more newline.
          const at = stdout.indexOf('SDP:\n');
          if (at >= 0 && /\r?\n\n$/.test(stdout)) resolve(stdout.slice(at + 5).trim() + '\r\n');
        },
      });
      this.#process = process;
      process.once('exit', (exit) => {
        const reason = exit.requested
          ? 'the restream stopped'
          : `the restream's sender ended: ${exit.stderrTail.trim().split('\n').pop() ?? `exit ${exit.code}`}`;
        reject(new Error(reason));
        this.#end(reason);
        this.#release();
      });
      process.start();
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('the camera stream sent no picture in time')),
        this.options.describeTimeoutMs ?? 20_000,
      );
    });
    try {
      this.#sdp = await Promise.race([sdp, timeout]);
      this.#videoCodec = /a=rtpmap:96 H265\//i.test(this.#sdp) ? 'hevc' : 'h264';
    } catch (error) {
      await this.stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** A reader that sent PLAY: it gets the current group of pictures at once, then every packet. */
  add(reader: RtpReader): void {
    if (this.#ended) {
      reader.end('the restream ended');
      return;
    }
    this.readers.add(reader);
    for (const packet of this.#gop) reader.deliver(VIDEO, false, packet);
  }

  remove(reader: RtpReader): void {
    this.readers.delete(reader);
  }

  async stop(): Promise<void> {
    this.#end('the restream stopped');
    await this.#process?.stop();
    this.#release();
  }

  #release(): void {
    const tracks = this.#tracks;
    this.#tracks = [];
    for (const { rtp, rtcp } of tracks) {
      rtp.close();
      rtcp.close();
    }
  }

  #end(reason: string): void {
    if (this.#ended) return;
    this.#ended = true;
    const readers = [...this.readers];
    this.readers.clear();
    for (const reader of readers) reader.end(reason);
    for (const listener of this.#endListeners) listener(reason);
  }

  #rtp(track: number, packet: Buffer): void {
    if (track === VIDEO && this.#videoCodec !== null) this.#keep(packet);
    this.#send(track, false, packet);
  }

  #send(track: number, rtcp: boolean, packet: Buffer): void {
    for (const reader of this.readers) reader.deliver(track, rtcp, packet);
  }

  /** Keeps the video packets since the last keyframe (its parameter sets, which dump_extra puts before it). */
  #keep(packet: Buffer): void {
    const start = startsKeyframe(packet, this.#videoCodec!);
    if (start !== null && start !== this.#gopTimestamp) {
      this.#gop = [];
      this.#gopTimestamp = start;
    }
    if (this.#gopTimestamp === null) return;
    if (this.#gop.length >= MAX_GOP_PACKETS) {
      this.#gop = [];
      this.#gopTimestamp = null;
      return;
    }
    this.#gop.push(Buffer.from(packet));
  }
}

function bind(): Promise<Socket> {
  const socket = createSocket('udp4');
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      socket.off('error', reject);
      socket.on('error', () => undefined);
      resolve(socket);
    });
  });
}

/**
 * The RTP timestamp of the picture when this packet begins a keyframe (or the parameter sets before one), else
 * null. H.264 (RFC 6184): SPS (7) or IDR (5), alone, first in a STAP-A (24) or starting an FU-A (28). H.265 (RFC
 * 7798): VPS/SPS/PPS (32–34) or an IRAP picture (16–21), alone, first in an AP (48) or starting an FU (49).
 */
export function startsKeyframe(packet: Buffer, codec: 'h264' | 'hevc'): number | null {
  if (packet.length < 12 || packet[0]! >> 6 !== 2) return null;
  let offset = 12 + (packet[0]! & 0x0f) * 4;
  if (packet[0]! & 0x10) {
    if (packet.length < offset + 4) return null;
    offset += 4 + packet.readUInt16BE(offset + 2) * 4;
  }
  if (packet.length <= offset + 3) return null;
  const timestamp = packet.readUInt32BE(4);
  const payload = packet.subarray(offset);
  if (codec === 'h264') {
    let type = payload[0]! & 0x1f;
    if (type === 24) type = payload[3]! & 0x1f;
    else if (type === 28) {
      if (!(payload[1]! & 0x80)) return null;
      type = payload[1]! & 0x1f;
    }
    return type === 5 || type === 7 ? timestamp : null;
  }
  let type = (payload[0]! >> 1) & 0x3f;
  if (type === 48) type = payload.length > 4 ? (payload[4]! >> 1) & 0x3f : -1;
  else if (type === 49) {
    if (!(payload[2]! & 0x80)) return null;
    type = payload[2]! & 0x3f;
  }
  return (type >= 16 && type <= 21) || (type >= 32 && type <= 34) ? timestamp : null;
}
