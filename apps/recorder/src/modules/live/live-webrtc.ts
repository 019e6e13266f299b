// WebRTC live view (WHEP): the first viewer of a camera starts one supervised ffmpeg that reads the camera
// stream's fan-out (media/ingest) and copies its H.264 as RTP to a loopback UDP port, and its sound as Opus to a
// second one; each packet is fanned out to every viewer's peer connection (werift re-stamps SSRC, payload type
// and sequence per viewer, so a restarted ffmpeg does not disturb them). The last viewer leaving stops it after
// the idle delay. No video re-encoding unless the player needs H.264 of an H.265 camera (live-video.ts).
// Sound and picture are two RTP streams without the sender reports that would let a browser align them: each
// plays as it comes, both well under a second behind the camera.
import { randomUUID } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import type { MediaStreamTrack, RTCPeerConnection } from 'werift';
import { webrtcRtpArgs } from '../../media/ffmpeg/args.js';
import type { CameraStream } from '../../media/ingest/camera-stream.js';
import { FedProcess } from '../../media/ingest/fed-process.js';
import type { StreamHub, StreamRole } from '../../media/ingest/stream-hub.js';
import { consumerSupervisor } from '../../media/ingest/consumer-supervisor.js';
import type { SupervisedRun, Supervisor } from '../../media/supervisor.js';
import { AppError, NotFoundError } from '../../platform/http/errors.js';
import { keysOf, liveKey } from './stream-keys.js';
import type { LiveVideo } from './live-video.js';

/** The loopback UDP ports an upstream listens on, where its sender writes RTP. */
export interface RtpPorts {
  /** H.264, payload type 96 */
  video: number;
  /** Opus, payload type 111; null for a stream without sound */
  audio: number | null;
}

/**
 * Starts one run of an upstream's sender on the camera stream: by default an ffmpeg writing RTP to the ports (the
 * stream's video copied, or transcoded to H.264 for `video` h264); fast tests give a fake.
 */
export type RtpSender = (stream: CameraStream, video: LiveVideo, ports: RtpPorts) => SupervisedRun;

/** The sender of the product: ffmpeg fed from the fan-out. */
export function ffmpegRtpSender(ffmpegPath: string): RtpSender {
  return (stream, video, ports) =>
    new FedProcess(stream, {
      ffmpegPath,
      args: webrtcRtpArgs(ports.video, {
        transcodeVideo: video === 'h264',
        ...(ports.audio === null ? {} : { audioPort: ports.audio }),
      }),
      stallTimeoutMs: 20_000,
    });
}

export interface LiveWebRtcOptions {
  ffmpegPath: string;
  /** what writes an upstream's RTP (default: ffmpegRtpSender) */
  rtpSender?: RtpSender;
  /** the camera's upstream stops this long after its last viewer left */
  idleStopMs?: number;
  /** how long ICE gathering may take before the answer is sent with what was found */
  gatherTimeoutMs?: number;
  /** viewers per camera (each costs a DTLS/SRTP session and its bandwidth) */
  maxViewersPerCamera?: number;
}

interface Upstream {
  cameraId: number;
  /** null until the RTP socket is bound */
  supervisor: Supervisor | null;
  socket: Socket;
  /** the Opus RTP socket; null for a stream without sound */
  audioSocket: Socket | null;
  viewers: Set<Viewer>;
  idleTimer: NodeJS.Timeout | null;
  /** stops listening to the camera stream */
  unsubscribe: () => void;
}

interface Viewer {
  id: string;
  cameraId: number;
  /** its upstream's key */
  key: string;
  pc: RTCPeerConnection;
  track: MediaStreamTrack;
  /** null when the stream has no sound or the viewer's offer takes no Opus */
  audioTrack: MediaStreamTrack | null;
}

// The H.264 flavours browsers offer; the camera's own profile is sent as is (decoders accept any profile).
const H264_PROFILES = ['42e01f', '42001f', '4d001f', '64001f'];

/** The media stream id both tracks of a viewer carry (msid), so the browser plays sound and picture together. */
const STREAM_ID = 'camera';

/** Whether the offer receives sound and takes Opus (every browser does; a video-only player does not ask). */
function acceptsOpus(offerSdp: string): boolean {
  return /^m=audio /m.test(offerSdp) && /^a=rtpmap:\d+ opus\/48000/im.test(offerSdp);
}

/** Binds a socket to a free loopback port; resolves with the port (null when it was closed first). */
function bound(socket: Socket): Promise<number | null> {
  return new Promise((resolve) => {
    socket.once('close', () => resolve(null));
    socket.bind(0, '127.0.0.1', () => resolve(socket.address().port));
  });
}

/** werift is loaded with the first WebRTC viewer: a recorder nobody watches over WebRTC never loads its modules. */
const loadWerift = () => import('werift');

export class LiveWebRtc {
  /** by camera and role (`<id>/<role>`) */
  readonly #upstreams = new Map<string, Upstream>();
  readonly #viewers = new Map<string, Viewer>();
  readonly #runs = new Map<number, number>();
  #closed = false;

  constructor(
    private readonly streams: Pick<StreamHub, 'stream'>,
    private readonly options: LiveWebRtcOptions,
  ) {}

  /** How many RTP ffmpeg runs were started for the camera since start (for tests and metrics). */
  runs(cameraId: number): number {
    return this.#runs.get(cameraId) ?? 0;
  }

  viewerCount(cameraId: number, role: StreamRole = 'main', video: LiveVideo = 'copy'): number {
    return this.#upstreams.get(liveKey(cameraId, role, video))?.viewers.size ?? 0;
  }

  isLive(cameraId: number, role?: StreamRole): boolean {
    return keysOf(this.#upstreams, cameraId, role).length > 0;
  }

  /**
   * Answers a WHEP offer: a new viewer of the camera. `audio`: whether the stream carries sound (known from its
   * fan-out or its probe), for a viewer that starts the camera's upstream; later viewers get what it sends.
   * Returns the session id and the SDP answer.
   */
  async connect(
    cameraId: number,
    role: StreamRole,
    video: LiveVideo,
    offerSdp: string,
    audio = false,
  ): Promise<{ sessionId: string; answer: string }> {
    const key = liveKey(cameraId, role, video);
    if (!/^m=video /m.test(offerSdp)) throw new AppError(400, 'The SDP offer has no video section');
    if (!/^a=rtpmap:\d+ H264\/90000/im.test(offerSdp)) {
      throw new AppError(400, 'The SDP offer does not accept H.264 video');
    }
    const max = this.options.maxViewersPerCamera ?? 16;
    if (this.viewerCount(cameraId, role, video) >= max) {
      throw new AppError(503, `This camera already has ${max} WebRTC viewers`);
    }

    const { MediaStream, MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, useH264, useOPUS } =
      await loadWerift();
    const codecs = H264_PROFILES.map((profile) =>
      useH264({ parameters: `profile-level-id=${profile};packetization-mode=1;level-asymmetry-allowed=1` }),
    );
    const track = new MediaStreamTrack({ kind: 'video' });
    const running = this.#upstreams.get(key);
    const withSound = (running ? running.audioSocket !== null : audio) && acceptsOpus(offerSdp);
    const audioTrack = withSound ? new MediaStreamTrack({ kind: 'audio' }) : null;
    const pc = new RTCPeerConnection({
      codecs: {
        video: codecs.map((codec) => new RTCRtpCodecParameters(codec)),
        audio: [new RTCRtpCodecParameters(useOPUS())],
      },
      // No STUN: werift's default asks a public Google server, which a self-hosted recorder must not contact
      // unasked — and where it is unreachable, every answer waited out the gathering timeout (seconds). The
      // recorder answers with its host candidates; the browser's own candidates cross its side's NAT.
      iceServers: [],
    });
    const viewer: Viewer = { id: randomUUID(), cameraId, key, pc, track, audioTrack };
    try {
      // One stream for both tracks: the browser plays them as one media stream.
      const streams = [new MediaStream({ id: STREAM_ID })];
      pc.addTransceiver(track, { direction: 'sendonly', streams });
      if (audioTrack) pc.addTransceiver(audioTrack, { direction: 'sendonly', streams });
      await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
      await pc.setLocalDescription(await pc.createAnswer());
      await this.#gathered(pc);
      const answer = pc.localDescription?.sdp;
      if (!answer) throw new AppError(500, 'No SDP answer was produced');
      const upstream = this.#upstreams.get(key) ?? (await this.#start(cameraId, role, video, audio));
      this.#attach(upstream, viewer);
      return { sessionId: viewer.id, answer };
    } catch (error) {
      await pc.close().catch(() => undefined);
      if (error instanceof AppError) throw error;
      throw new AppError(400, `The SDP offer could not be answered: ${(error as Error).message}`);
    }
  }

  /** WHEP DELETE: the viewer leaves. */
  async disconnect(cameraId: number, sessionId: string): Promise<void> {
    const viewer = this.#viewers.get(sessionId);
    if (!viewer || viewer.cameraId !== cameraId) throw new NotFoundError('WebRTC session');
    await this.#detach(viewer);
  }

  /** Ends the camera's upstreams (of one role, or every role) and their viewers. */
  async stop(cameraId: number, role?: StreamRole): Promise<void> {
    await Promise.all(keysOf(this.#upstreams, cameraId, role).map((key) => this.#stop(key)));
  }

  async #stop(key: string): Promise<void> {
    const upstream = this.#upstreams.get(key);
    if (!upstream) return;
    this.#upstreams.delete(key);
    upstream.unsubscribe();
    if (upstream.idleTimer) clearTimeout(upstream.idleTimer);
    const viewers = [...upstream.viewers];
    upstream.viewers.clear();
    for (const viewer of viewers) this.#viewers.delete(viewer.id);
    await Promise.all(viewers.map((viewer) => viewer.pc.close().catch(() => undefined)));
    await upstream.supervisor?.stop();
    upstream.socket.close();
    upstream.audioSocket?.close();
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#upstreams.keys()].map((key) => this.#stop(key)));
  }

  async #start(cameraId: number, role: StreamRole, video: LiveVideo, audio: boolean): Promise<Upstream> {
    const key = liveKey(cameraId, role, video);
    const stream = await this.streams.stream(cameraId, role);
    // An offer still being answered at shutdown: no socket that nothing would close.
    if (this.#closed) throw new AppError(503, 'The recorder is shutting down');
    const existing = this.#upstreams.get(key);
    if (existing) return existing; // another viewer started it while this one negotiated
    const socket = createSocket('udp4');
    const audioSocket = audio ? createSocket('udp4') : null;
    const upstream: Upstream = {
      cameraId,
      supervisor: null,
      socket,
      audioSocket,
      viewers: new Set(),
      idleTimer: null,
      // Switched to another codec: copy or transcode was chosen by the old one; its viewers connect again.
      unsubscribe: stream.onCodecChange(() => void this.#stop(key)),
    };
    this.#upstreams.set(key, upstream);
    socket.on('message', (packet) => {
      for (const viewer of upstream.viewers) viewer.track.writeRtp(packet);
    });
    audioSocket?.on('message', (packet) => {
      for (const viewer of upstream.viewers) viewer.audioTrack?.writeRtp(packet);
    });
    // The ports are known once bound; only then can ffmpeg be told where to send.
    void Promise.all([bound(socket), audioSocket && bound(audioSocket)]).then(([port, audioPort]) => {
      // Stopped meanwhile (stop() closed the sockets).
      if (this.#upstreams.get(key) !== upstream || port === null) return;
      const sender = this.options.rtpSender ?? ffmpegRtpSender(this.options.ffmpegPath);
      const supervisor = consumerSupervisor(() => {
        this.#runs.set(cameraId, this.runs(cameraId) + 1);
        return sender(stream, video, { video: port, audio: audioPort });
      });
      upstream.supervisor = supervisor;
      supervisor.start();
    });
    return upstream;
  }

  #attach(upstream: Upstream, viewer: Viewer): void {
    if (upstream.idleTimer) clearTimeout(upstream.idleTimer);
    upstream.idleTimer = null;
    upstream.viewers.add(viewer);
    this.#viewers.set(viewer.id, viewer);
    viewer.pc.connectionStateChange.subscribe((state) => {
      if (state === 'failed' || state === 'closed' || state === 'disconnected') void this.#detach(viewer);
    });
  }

  async #detach(viewer: Viewer): Promise<void> {
    if (!this.#viewers.delete(viewer.id)) return;
    const upstream = this.#upstreams.get(viewer.key);
    await viewer.pc.close().catch(() => undefined);
    if (!upstream) return;
    upstream.viewers.delete(viewer);
    if (upstream.viewers.size === 0 && !upstream.idleTimer) {
      upstream.idleTimer = setTimeout(() => {
        if (upstream.viewers.size === 0) void this.#stop(viewer.key);
      }, this.options.idleStopMs ?? 10_000);
      upstream.idleTimer.unref();
    }
  }

  /** Waits until ICE gathering is complete (no trickle ICE: the answer carries every candidate). */
  async #gathered(pc: RTCPeerConnection): Promise<void> {
    if (pc.iceGatheringState === 'complete') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.options.gatherTimeoutMs ?? 5000);
      const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
        if (state !== 'complete') return;
        clearTimeout(timer);
        unSubscribe();
        resolve();
      });
    });
  }
}
