// The RTSP server of the restream (issue #36): readers DESCRIBE, SETUP and PLAY `rtsp://<recorder>:<RTSP_PORT>/
// cameras/<id>` (main stream) or `…/<id>/sub`, and get the packets of the one upstream of that camera stream
// (restream-upstream.ts) — RTP interleaved in the RTSP connection, or RTP/UDP to the ports the reader named on its
// own address. A session lives as long as its connection. Who may read what is the backend's to say (restream.service).
// A TCP reader whose socket stays backed up past MAX_READER_BACKLOG is disconnected: a slow reader never slows the
// upstream or the other readers. No library: the npm RTSP servers relay published streams over UDP with Basic only,
// not the Digest, interleaved transport and backpressure readers need here (docs/restream.md).
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, isIPv4, type Server, type Socket } from 'node:net';
import type { StreamRole } from '../../media/ingest/stream-hub.js';
import type { RestreamUpstream, RtpReader } from './restream-upstream.js';
import { RtspRequestReader, type RtspRequest } from './rtsp-request.js';

/** A reader's unsent bytes beyond which it is disconnected (several seconds of a high-rate camera). */
export const MAX_READER_BACKLOG = 4 * 1024 * 1024;
/** A connection that has not started playing within this long is closed (a half-open client holds nothing). */
const IDLE_CONNECTION_MS = 60_000;
const MAX_CONNECTIONS = 512;
/** Requests a connection may queue while one is being answered. */
const MAX_QUEUED = 8;
const SESSION_TIMEOUT_SECONDS = 60;

export interface RestreamTarget {
  cameraId: number;
  role: StreamRole;
}

/** Who is asking: the backend's verdict on a request, kept by the connection for its next requests. */
export type Admission =
  | {
      ok: true;
      userId: number;
      username: string;
      /** what the backend needs to re-check cheaply */ proof: unknown;
    }
  | { ok: false; stale: boolean };

export interface RestreamBackend {
  /** Authenticates the request and authorizes `view` of the target's camera (same refusal for both). */
  admit(
    request: RtspRequest,
    target: RestreamTarget,
    client: string,
    previous: Admission | null,
  ): Promise<Admission>;
  /** The WWW-Authenticate headers of a refusal. */
  challenge(stale: boolean): string[];
  /** The target's running upstream, started if needed (rejects when the camera stream cannot be read). */
  upstream(target: RestreamTarget): Promise<RestreamUpstream>;
  /** A reader started playing: counted and audited; returns what ends it. */
  playing(target: RestreamTarget, admission: Extract<Admission, { ok: true }>, client: string): () => void;
}

type Transport =
  { kind: 'tcp'; rtp: number; rtcp: number } | { kind: 'udp'; host: string; rtp: number; rtcp: number };

interface Session {
  id: string;
  target: RestreamTarget;
  upstream: RestreamUpstream;
  transports: Map<number, Transport>;
  reader: RtpReader | null;
  stopPlaying: (() => void) | null;
}

interface Connection {
  socket: Socket;
  /** the reader's address (IPv4-mapped IPv6 shown as IPv4) */
  client: string;
  admission: Admission | null;
  session: Session | null;
  queued: number;
  chain: Promise<void>;
  idleTimer: NodeJS.Timeout | null;
}

const STATUS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  454: 'Session Not Found',
  455: 'Method Not Valid in This State',
  459: 'Aggregate Operation Not Allowed',
  461: 'Unsupported Transport',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

class Reply {
  constructor(
    readonly status: number,
    readonly headers: Array<[string, string]> = [],
    readonly body: Buffer | null = null,
  ) {}
}

/** The camera stream a request URI names, and the track (`trackID=N`) when it names one. */
export function parseTarget(uri: string): { target: RestreamTarget; track: number | null } | null {
  const path = /^rtsps?:\/\/[^/?#]+(\/[^?#]*)?/i.exec(uri)?.[1] ?? '';
  const match = /^\/cameras\/([1-9]\d{0,8})(\/sub)?(?:\/trackID=(\d))?\/?$/.exec(path);
  if (!match) return null;
  return {
    target: { cameraId: Number(match[1]), role: match[2] ? 'sub' : 'main' },
    track: match[3] === undefined ? null : Number(match[3]),
  };
}

/** The SDP readers get: ffmpeg's, its loopback addresses and ports taken out, each track given its control URL. */
export function readerSdp(sdp: string, title: string): string {
  const out: string[] = [];
  let track = -1;
  for (const line of sdp.split(/\r?\n/)) {
    if (line === '') continue;
    if (line.startsWith('m=')) {
      if (track >= 0) out.push(`a=control:trackID=${track}`);
      track += 1;
      out.push(line.replace(/^(m=\S+) \d+ /, '$1 0 '));
    } else if (line.startsWith('c=')) out.push('c=IN IP4 0.0.0.0');
    else if (line.startsWith('o=')) out.push('o=- 0 0 IN IP4 0.0.0.0');
    else if (line.startsWith('s=')) out.push(`s=${title}`);
    else if (line.startsWith('t=')) out.push(line, 'a=control:*', 'a=range:npt=now-');
    else if (!line.startsWith('a=tool:')) out.push(line);
  }
  if (track >= 0) out.push(`a=control:trackID=${track}`);
  return out.join('\r\n') + '\r\n';
}

/** The Transport header of a SETUP, as far as we serve it: unicast RTP/AVP over TCP (interleaved) or UDP. */
export function parseTransport(header: string | undefined, client: string): Transport | null {
  if (!header) return null;
  for (const option of header.split(',')) {
    const fields = option.trim().split(';');
    const profile = fields[0]?.toUpperCase();
    if (profile !== 'RTP/AVP' && profile !== 'RTP/AVP/UDP' && profile !== 'RTP/AVP/TCP') continue;
    if (fields.some((field) => field.toLowerCase() === 'multicast')) continue;
    const param = (name: string) =>
      fields.find((field) => field.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
    const pair = (value: string | undefined, max: number): [number, number] | null => {
      const match = value === undefined ? null : /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(value);
      if (!match) return null;
      const first = Number(match[1]);
      const second = match[2] === undefined ? first + 1 : Number(match[2]);
      return first <= max && second <= max ? [first, second] : null;
    };
    if (profile === 'RTP/AVP/TCP') {
      const channels = pair(param('interleaved'), 255);
      if (channels) return { kind: 'tcp', rtp: channels[0], rtcp: channels[1] };
      continue;
    }
    const ports = pair(param('client_port'), 65535);
    // Only to the reader's own address: anything else would make the recorder a reflector.
    if (ports && ports[0] > 0) return { kind: 'udp', host: client, rtp: ports[0], rtcp: ports[1] };
  }
  return null;
}

export class RtspServer {
  readonly #server: Server;
  readonly #connections = new Set<Connection>();
  #udp: { rtp: UdpSocket; rtcp: UdpSocket } | null = null;
  /** the address readers' RTP/UDP is sent from: set by listen() */
  #udpPorts: [number, number] = [0, 0];

  constructor(
    private readonly backend: RestreamBackend,
    private readonly maxReaderBacklog = MAX_READER_BACKLOG,
  ) {
    this.#server = createServer((socket) => this.#accept(socket));
    this.#server.maxConnections = MAX_CONNECTIONS;
  }

  /** Listens for readers; resolves with the port. */
  async listen(port: number, host: string): Promise<number> {
    const udpType = isIPv4(host) || host === '0.0.0.0' ? 'udp4' : 'udp6';
    const rtp = await bindUdp(udpType, host);
    const rtcp = await bindUdp(udpType, host);
    this.#udp = { rtp, rtcp };
    this.#udpPorts = [rtp.address().port, rtcp.address().port];
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, host, () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    const address = this.#server.address();
    return typeof address === 'object' && address ? address.port : port;
  }

  get connections(): number {
    return this.#connections.size;
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    for (const connection of this.#connections) connection.socket.destroy();
    await closed;
    this.#udp?.rtp.close();
    this.#udp?.rtcp.close();
    this.#udp = null;
  }

  #accept(socket: Socket): void {
    socket.setNoDelay(true);
    const connection: Connection = {
      socket,
      client: (socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, ''),
      admission: null,
      session: null,
      queued: 0,
      chain: Promise.resolve(),
      idleTimer: null,
    };
    this.#connections.add(connection);
    this.#idle(connection);
    const reader = new RtspRequestReader();
    socket.on('data', (chunk: Buffer) => {
      let messages;
      try {
        messages = reader.push(chunk);
      } catch {
        // RtspSyntaxError, or anything else the reader met: never thrown out of a socket handler (the process).
        socket.end(response(new Reply(400), null));
        socket.destroySoon?.();
        return;
      }
      for (const message of messages) {
        if (message.kind !== 'request') continue; // the reader's own RTCP: nothing we act on
        if (++connection.queued > MAX_QUEUED) {
          socket.destroy();
          return;
        }
        connection.chain = connection.chain.then(async () => {
          const reply = await this.#handle(connection, message.request).catch(() => new Reply(500));
          connection.queued -= 1;
          if (!socket.destroyed) socket.write(response(reply, message.request));
        });
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.#connections.delete(connection);
      if (connection.idleTimer) clearTimeout(connection.idleTimer);
      this.#endSession(connection);
    });
  }

  /** Closes a connection that is not playing after a while; a playing one lives as long as its reader. */
  #idle(connection: Connection): void {
    if (connection.idleTimer) clearTimeout(connection.idleTimer);
    connection.idleTimer = null;
    if (connection.session?.reader) return;
    connection.idleTimer = setTimeout(() => connection.socket.destroy(), IDLE_CONNECTION_MS);
    connection.idleTimer.unref();
  }

  async #handle(connection: Connection, request: RtspRequest): Promise<Reply> {
    const reply = await this.#answer(connection, request);
    this.#idle(connection);
    return reply;
  }

  async #answer(connection: Connection, request: RtspRequest): Promise<Reply> {
    switch (request.method) {
      case 'OPTIONS':
        return new Reply(200, [['Public', 'OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN, GET_PARAMETER']]);
      case 'GET_PARAMETER':
      case 'SET_PARAMETER':
        // Keep-alives: they reveal nothing, and answering them keeps UDP readers' sessions open.
        return new Reply(200, this.#sessionHeader(connection));
      case 'DESCRIBE':
        return this.#describe(connection, request);
      case 'SETUP':
        return this.#setup(connection, request);
      case 'PLAY':
        return this.#play(connection, request);
      case 'TEARDOWN':
        this.#endSession(connection);
        return new Reply(200);
      default:
        return new Reply(501);
    }
  }

  /** Authenticated and authorized for the target, or the refusal to send. */
  async #admit(connection: Connection, request: RtspRequest, target: RestreamTarget): Promise<Reply | null> {
    const admission = await this.backend.admit(request, target, connection.client, connection.admission);
    if (admission.ok) {
      connection.admission = admission;
      return null;
    }
    return new Reply(
      401,
      this.backend.challenge(admission.stale).map((value) => ['WWW-Authenticate', value]),
    );
  }

  async #describe(connection: Connection, request: RtspRequest): Promise<Reply> {
    const parsed = parseTarget(request.uri);
    if (!parsed || parsed.track !== null) return new Reply(404);
    const refused = await this.#admit(connection, request, parsed.target);
    if (refused) return refused;
    const upstream = await this.backend.upstream(parsed.target).catch(() => null);
    if (!upstream) return new Reply(503);
    const { cameraId, role } = parsed.target;
    const body = Buffer.from(
      readerSdp(upstream.sdp, `Camera ${cameraId}${role === 'sub' ? ' substream' : ''}`),
    );
    const base = request.uri.replace(/[?#].*$/, '').replace(/\/?$/, '/');
    return new Reply(
      200,
      [
        ['Content-Base', base],
        ['Content-Type', 'application/sdp'],
      ],
      body,
    );
  }

  async #setup(connection: Connection, request: RtspRequest): Promise<Reply> {
    const parsed = parseTarget(request.uri);
    if (!parsed) return new Reply(404);
    const refused = await this.#admit(connection, request, parsed.target);
    if (refused) return refused;
    const asked = request.headers.get('session')?.split(';')[0]?.trim();
    let session = connection.session;
    if (asked !== undefined && asked !== session?.id) return new Reply(454);
    if (session && !sameTarget(session.target, parsed.target)) return new Reply(459);
    if (session?.reader) return new Reply(455);
    const transport = parseTransport(request.headers.get('transport'), connection.socket.remoteAddress ?? '');
    if (!transport) return new Reply(461);
    if (!session) {
      const upstream = await this.backend.upstream(parsed.target).catch(() => null);
      if (!upstream) return new Reply(503);
      session = {
        id: randomBytes(8).toString('hex'),
        target: parsed.target,
        upstream,
        transports: new Map(),
        reader: null,
        stopPlaying: null,
      };
      connection.session = session;
    }
    const track = parsed.track ?? 0;
    if (track >= session.upstream.trackCount) return new Reply(404);
    session.transports.set(track, transport);
    const transportHeader =
      transport.kind === 'tcp'
        ? `RTP/AVP/TCP;unicast;interleaved=${transport.rtp}-${transport.rtcp}`
        : `RTP/AVP;unicast;client_port=${transport.rtp}-${transport.rtcp};server_port=${this.#udpPorts[0]}-${this.#udpPorts[1]}`;
    return new Reply(200, [['Transport', transportHeader], ...this.#sessionHeader(connection)]);
  }

  async #play(connection: Connection, request: RtspRequest): Promise<Reply> {
    const session = connection.session;
    const asked = request.headers.get('session')?.split(';')[0]?.trim();
    if (!session || asked !== session.id) return new Reply(454);
    const refused = await this.#admit(connection, request, session.target);
    if (refused) return refused;
    const admission = connection.admission;
    if (!admission?.ok) return new Reply(401);
    if (session.transports.size === 0) return new Reply(455);
    if (session.upstream.ended) {
      this.#endSession(connection);
      return new Reply(503);
    }
    if (!session.reader) {
      session.reader = this.#reader(connection, session);
      session.stopPlaying = this.backend.playing(session.target, admission, connection.client);
      // Sent after the PLAY answer: a reader takes packets only once it has it.
      const reader = session.reader;
      setImmediate(() => {
        if (session.reader === reader) session.upstream.add(reader);
      });
    }
    return new Reply(200, [['Range', 'npt=0.000-'], ...this.#sessionHeader(connection)]);
  }

  #reader(connection: Connection, session: Session): RtpReader {
    const { socket } = connection;
    const udp = this.#udp;
    return {
      deliver: (track, rtcp, packet) => {
        const transport = session.transports.get(track);
        if (!transport) return;
        if (transport.kind === 'udp') {
          const out = rtcp ? udp?.rtcp : udp?.rtp;
          out?.send(packet, rtcp ? transport.rtcp : transport.rtp, transport.host);
          return;
        }
        if (socket.destroyed) return;
        if (socket.writableLength > this.maxReaderBacklog) {
          // Stalled: dropped, so that neither the upstream nor the other readers wait for it.
          socket.destroy();
          return;
        }
        const frame = Buffer.allocUnsafe(4 + packet.length);
        frame[0] = 0x24;
        frame[1] = rtcp ? transport.rtcp : transport.rtp;
        frame.writeUInt16BE(packet.length, 2);
        packet.copy(frame, 4);
        socket.write(frame);
      },
      end: () => {
        if (connection.session === session) connection.socket.destroy();
      },
    };
  }

  #sessionHeader(connection: Connection): Array<[string, string]> {
    const session = connection.session;
    return session ? [['Session', `${session.id};timeout=${SESSION_TIMEOUT_SECONDS}`]] : [];
  }

  #endSession(connection: Connection): void {
    const session = connection.session;
    connection.session = null;
    if (!session) return;
    if (session.reader) session.upstream.remove(session.reader);
    session.reader = null;
    session.stopPlaying?.();
    session.stopPlaying = null;
  }
}

function sameTarget(a: RestreamTarget, b: RestreamTarget): boolean {
  return a.cameraId === b.cameraId && a.role === b.role;
}

function response(reply: Reply, request: RtspRequest | null): Buffer {
  const lines = [`RTSP/1.0 ${reply.status} ${STATUS[reply.status] ?? 'Error'}`];
  const cseq = request?.headers.get('cseq');
  if (cseq !== undefined && /^\d{1,10}$/.test(cseq)) lines.push(`CSeq: ${cseq}`);
  lines.push('Server: NVR restream');
  for (const [name, value] of reply.headers) lines.push(`${name}: ${value}`);
  if (reply.body) lines.push(`Content-Length: ${reply.body.length}`);
  const head = Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1');
  return reply.body ? Buffer.concat([head, reply.body]) : head;
}

function bindUdp(type: 'udp4' | 'udp6', host: string): Promise<UdpSocket> {
  const socket = createSocket(type);
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, host, () => {
      socket.off('error', reject);
      socket.on('error', () => undefined);
      resolve(socket);
    });
  });
}
