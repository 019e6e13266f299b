// The contract's streaming protocol (§6) on one WebSocket:
//   client: {"type":"handshake", client_id, camera_id?, frame_transport?, result_sink?, ...}
//   adapter: {"type":"handshake_ack", frame_transport:"websocket", result_sink:"websocket", max_inflight, session_id}
//   client: {"type":"frame", seq, ts_ms, content_type} then one binary message with the image
//   adapter: {"type":"result", seq, ts_ms, inference_ms, result} — result is the task's §5 result, or a failure
//            envelope when that frame failed (the socket stays open)
//   either: pause / resume (frames are dropped while paused), stats, close.
// Protocol violations close the socket with 4001 (policy refused) and the reason upstream's reference adapter
// gives; too many streams close with 4004 (overloaded). A socket is a stream (counted against the limit and in
// adapter_stream_connections_active) once its handshake is acknowledged; one that sends no handshake within
// HANDSHAKE_TIMEOUT_MS is closed (4001). Identifiers in the handshake are bounded (a client_id is a name, not a
// payload). Shared memory and NATS sinks are downgraded to the socket in the ack, as §6.1 allows. Extension: the
// handshake may carry `task` and `params` (upstream's handshake has no task; without them the stream runs
// object_detection with default knobs).
import { randomUUID } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { WebSocket } from 'ws';
import { MAX_FRAME_BYTES } from '../../frames/source.js';
import { OpenNvrError, malformed, toFailure } from './errors.js';
import { prepare, type OpenNvrService, type PreparedTask } from './service.js';

const CLOSE_POLICY_REFUSED = 4001;
const CLOSE_OVERLOADED = 4004;
/** How long a new socket may take to send its handshake. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;
/** Client and camera ids are names; upstream gives no bound, the native camera_id has this one. */
const MAX_ID_LENGTH = 128;

const Handshake = Type.Object(
  {
    type: Type.Literal('handshake'),
    client_id: Type.String({ minLength: 1, maxLength: MAX_ID_LENGTH }),
    camera_id: Type.Optional(Type.Union([Type.String({ maxLength: MAX_ID_LENGTH }), Type.Null()])),
    frame_transport: Type.Optional(Type.Union([Type.Literal('websocket'), Type.Literal('shared_memory')])),
    shared_memory_root: Type.Optional(Type.Union([Type.String({ maxLength: 4096 }), Type.Null()])),
    result_sink: Type.Optional(Type.String({ maxLength: 256 })),
    expected_input_rate_hz: Type.Optional(Type.Union([Type.Number({ exclusiveMinimum: 0 }), Type.Null()])),
    // §3.8 names a correlation_id field on the handshake; it is echoed on every result.
    correlation_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    task: Type.Optional(Type.String({ maxLength: MAX_ID_LENGTH })),
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
type Handshake = Static<typeof Handshake>;

/** Why a handshake is refused, naming the field (close reasons are short: ids are not echoed back). */
function handshakeProblem(msg: unknown): string {
  // Anything that is not a handshake at all gets upstream's plain reason.
  if ((msg as { type?: unknown } | null)?.type !== 'handshake') return 'bad handshake';
  const error = Value.Errors(Handshake, msg).First();
  if (!error) return 'bad handshake';
  const field = error.path.replace(/^\//, '').replace(/\//g, '.');
  return field ? `bad handshake: ${field}: ${error.message}` : 'bad handshake';
}

const FrameMeta = Type.Object(
  {
    type: Type.Literal('frame'),
    seq: Type.Integer({ minimum: 0 }),
    ts_ms: Type.Integer({ minimum: 0 }),
    content_type: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);
type FrameMeta = Static<typeof FrameMeta>;

/** Close reasons are limited to 123 bytes by the WebSocket protocol. */
const reason = (text: string) =>
  Buffer.from(text)
    .subarray(0, 123)
    .toString('utf8')
    .replace(/\uFFFD$/, '');

export interface StreamLimits {
  maxInflight: number;
  maxSockets: number;
  queueDepth: () => number;
  /** HANDSHAKE_TIMEOUT_MS unless given. */
  handshakeTimeoutMs?: number;
}

/** The socket a session needs (ws's WebSocket; a fake in the unit tests). */
export type StreamSocket = Pick<WebSocket, 'on' | 'once' | 'send' | 'close' | 'readyState' | 'OPEN'>;

export function serveStream(socket: StreamSocket, service: OpenNvrService, limits: StreamLimits): void {
  new StreamSession(socket, service, limits);
}

class StreamSession {
  private readonly sessionId = randomUUID().replace(/-/g, '');
  private handshake: Handshake | undefined;
  private task: PreparedTask | undefined;
  private awaitingBinary: FrameMeta | undefined;
  private paused = false;
  private inflight = 0;
  private answered = 0;
  private openedAt = 0;
  private readonly handshakeTimer: NodeJS.Timeout;

  constructor(
    private readonly socket: StreamSocket,
    private readonly service: OpenNvrService,
    private readonly limits: StreamLimits,
  ) {
    socket.on('message', (raw: Buffer, isBinary: boolean) => this.onMessage(raw, isBinary));
    const timeoutMs = limits.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS;
    this.handshakeTimer = setTimeout(
      () => this.refuse(`bad handshake: none within ${timeoutMs / 1000} s`),
      timeoutMs,
    );
    socket.once('close', () => clearTimeout(this.handshakeTimer));
  }

  private send(msg: unknown): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(msg));
  }

  private refuse(why: string): void {
    this.socket.close(CLOSE_POLICY_REFUSED, reason(why));
  }

  private onMessage(raw: Buffer, isBinary: boolean): void {
    if (!this.handshake) return this.onHandshake(raw, isBinary);
    if (isBinary) {
      const meta = this.awaitingBinary;
      this.awaitingBinary = undefined;
      if (!meta) return this.refuse('binary frame without preceding frame metadata');
      if (!this.paused) this.runFrame(meta, new Uint8Array(raw));
      return;
    }
    if (this.awaitingBinary) return this.refuse('frame must be followed by binary message');
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) throw new Error('not an object');
    } catch {
      return this.refuse('non-JSON control message');
    }
    switch (msg.type) {
      case 'frame':
        if (!Value.Check(FrameMeta, msg)) return this.refuse('bad frame metadata');
        this.awaitingBinary = msg;
        return;
      case 'frame_ref':
        // The ack never offers shared memory, so a client that sends references ignored it.
        return this.refuse('shared-memory frames are not supported: the ack negotiated websocket');
      case 'pause':
        this.paused = true;
        return;
      case 'resume':
        this.paused = false;
        return;
      case 'stats':
        return this.send({
          type: 'stats',
          inflight: this.inflight,
          queue_depth: this.limits.queueDepth(),
          fps: this.fps(),
        });
      case 'close':
        this.socket.close(1000, reason(typeof msg.reason === 'string' ? msg.reason : 'client closed'));
        return;
      default:
        return this.refuse(`unknown message type: ${String(msg.type)}`);
    }
  }

  private onHandshake(raw: Buffer, isBinary: boolean): void {
    let msg: unknown;
    try {
      msg = isBinary ? undefined : JSON.parse(raw.toString('utf8'));
    } catch {
      msg = undefined;
    }
    clearTimeout(this.handshakeTimer);
    if (!Value.Check(Handshake, msg)) return this.refuse(handshakeProblem(msg));
    if (msg.frame_transport === 'shared_memory' && !msg.shared_memory_root)
      return this.refuse('bad handshake: shared_memory_root is required with shared_memory');
    try {
      this.task = prepare(msg.task, {
        ...msg.params,
        ...(msg.camera_id ? { camera_id: msg.camera_id } : {}),
      });
    } catch (err) {
      return this.refuse(`bad handshake: ${(err as Error).message}`);
    }
    // Only now is it a stream: sockets that never shake hands neither count nor take a place.
    const metrics = this.service.metrics;
    if (metrics.activeStreams >= this.limits.maxSockets)
      return this.socket.close(
        CLOSE_OVERLOADED,
        reason(`overloaded: at most ${this.limits.maxSockets} streams at once`),
      );
    metrics.streamOpened();
    this.socket.once('close', () => metrics.streamClosed());
    this.handshake = msg;
    this.openedAt = performance.now();
    this.send({
      type: 'handshake_ack',
      frame_transport: 'websocket',
      result_sink: 'websocket',
      max_inflight: this.limits.maxInflight,
      session_id: this.sessionId,
    });
  }

  private runFrame(meta: FrameMeta, frame: Uint8Array): void {
    const startedAt = performance.now();
    const fail = (err: unknown) => this.result(meta, 0, toFailure(err).envelope);
    if (!meta.content_type.startsWith('image/'))
      return fail(malformed('content_type', `content_type must be an image type, got ${meta.content_type}`));
    if (frame.length > MAX_FRAME_BYTES)
      return fail(malformed('frame', `frame is ${frame.length} bytes; the limit is ${MAX_FRAME_BYTES}`, 413));
    if (this.inflight >= this.limits.maxInflight)
      return fail(
        new OpenNvrError(
          503,
          'overloaded',
          'backpressure',
          `more than ${this.limits.maxInflight} frames in flight`,
          {
            transient: true,
            retryAfterMs: 100,
          },
        ),
      );
    this.inflight++;
    this.service
      .run(this.task!, frame, startedAt)
      .then(
        (ok) => this.result(meta, ok.inference_ms, ok.result),
        (err: unknown) => fail(err),
      )
      .finally(() => {
        this.inflight--;
        this.answered++;
      });
  }

  private result(meta: FrameMeta, inferenceMs: number, result: unknown): void {
    this.send({
      type: 'result',
      seq: meta.seq,
      ts_ms: meta.ts_ms,
      inference_ms: inferenceMs,
      result,
      ...(this.handshake?.correlation_id ? { correlation_id: this.handshake.correlation_id } : {}),
    });
  }

  private fps(): number {
    const seconds = (performance.now() - this.openedAt) / 1000;
    return seconds > 0 ? Math.round((this.answered / seconds) * 100) / 100 : 0;
  }
}
