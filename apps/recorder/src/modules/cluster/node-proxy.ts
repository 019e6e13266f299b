// The node-to-node channel (docs/cluster.md, "Footage and live view from any node"). What this node cannot answer
// from its own disk or pipelines (a chunk on another node's disk, the live view of a camera another node runs)
// goes to the node that can, carrying the caller's own credentials (their bearer token, or the media ticket in the
// query): the other node authenticates and authorizes the caller again, so the channel needs no secret and grants
// no privilege of its own. The target is always a node's registered URL from the database; only the path and
// query come from the request. Every exchange is bounded: a deadline to the first byte, a stall deadline while
// the body flows, and the most bytes the answer may have. A forwarded request carries FORWARDED_HEADER and is
// never forwarded again, so two nodes that disagree about where something is cannot bounce it between them.
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientInfo } from '../../platform/http/authentication.js';
import { AppError } from '../../platform/http/errors.js';
import { limitStream } from '../../platform/net/outbound-http.js';
import { CLIENT_HEADER, type ForwardedClient } from '../../platform/http/forwarded-client.js';
import type { CameraOwnership } from './camera-leases.js';
import type { ClusterRepository, NodeRow } from './cluster.repository.js';

/** Marks a request one node sent another (its value: the sending node's id). */
export const FORWARDED_HEADER = 'x-nvr-forwarded-by';
/** Marks an answer that came from another node (its value: that node's name). */
export const NODE_HEADER = 'x-nvr-node';

/** The request headers that travel: the caller's credential, and what shapes the answer. */
const REQUEST_HEADERS = ['authorization', 'range', 'content-type', 'accept', 'if-range'] as const;
/** The answer headers that come back. */
const ANSWER_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'cache-control',
  'content-disposition',
  'location',
  'retry-after',
] as const;

/** Where a request goes, and what its answer may be. */
export interface Forwarding {
  /** the node that answers it */
  nodeId: string;
  /** the most bytes its answer may have; more and the answer is cut off */
  maxBytes: number;
  /** how long the node may take before it starts answering */
  firstByteMs: number;
}

/** What a service answers: something served here, or where the request goes instead. */
export type Served<T> = { here: T } | { remote: Forwarding };

/** The caller's own credential, as they sent it, for the requests this node makes for them. */
export interface CallerCredentials {
  authorization: string | undefined;
  ticket: string | undefined;
  /** the caller is itself a node forwarding: nothing may be forwarded on */
  forwarded: boolean;
  /** the caller's address, named (signed) to the node the request goes to, for its audit rows */
  ip: string | null;
}

export function callerCredentials(request: FastifyRequest): CallerCredentials {
  const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
  return {
    authorization: request.headers.authorization,
    ticket: typeof ticket === 'string' && ticket !== '' ? ticket : undefined,
    forwarded: request.headers[FORWARDED_HEADER] !== undefined,
    ip: clientInfo(request).ip,
  };
}

export interface NodeProxyOptions {
  /** this node */
  nodeId: string;
  /** a node whose heartbeat is older than this is offline */
  leaseMs: number;
  /** the longest pause while an answer's body flows (default 30 s) */
  stallMs?: number;
  /** names the caller's address to the other node */
  clientSigner: Pick<ForwardedClient, 'sign'>;
}

interface OpenAnswer {
  node: NodeRow;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Readable;
}

/** How long what the database said about a camera's holder or a node's state is reused. */
const RECENT_MS = 1_000;

export class NodeProxy {
  readonly #holders = new Map<number, { value: Promise<string | null>; until: number }>();
  readonly #nodes = new Map<
    string,
    { value: Promise<{ node: NodeRow | undefined; nowMs: number }>; until: number }
  >();
  readonly #agents = {
    http: new http.Agent({ keepAlive: true, timeout: 30_000 }),
    https: new https.Agent({ keepAlive: true, timeout: 30_000 }),
  };

  constructor(
    private readonly repository: ClusterRepository,
    /** this node's leases: a camera it runs needs no look-up */
    private readonly ownership: Pick<CameraOwnership, 'fence'>,
    private readonly options: NodeProxyOptions,
  ) {}

  get nodeId(): string {
    return this.options.nodeId;
  }

  /** Whether the node is in the cluster (registered, whatever its state). */
  async isMember(nodeId: string): Promise<boolean> {
    return (await this.repository.findNode(nodeId)) !== undefined;
  }

  /** The node that runs the camera when it is another one (live view and snapshots are answered there). */
  async holderElsewhere(cameraId: number): Promise<string | null> {
    if (this.ownership.fence(cameraId) !== null) return null;
    return this.#recently(this.#holders, cameraId, async () => {
      const holder = await this.repository.holderOf(cameraId);
      return holder && holder.node_id !== this.options.nodeId ? holder.node_id : null;
    });
  }

  /** Sends the request, as it came, to the node and streams the node's answer back to the caller. */
  async forward(request: FastifyRequest, reply: FastifyReply, to: Forwarding): Promise<FastifyReply> {
    const headers: Record<string, string> = {};
    for (const name of REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const body = typeof request.body === 'string' ? request.body : undefined;
    const answer = await this.#open(
      to,
      request.method,
      request.url,
      headers,
      body,
      callerCredentials(request),
    );
    reply.code(answer.status);
    for (const name of ANSWER_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    reply.header(NODE_HEADER, encodeURIComponent(answer.node.name));
    // A caller that goes away ends the exchange with the other node too.
    reply.raw.once('close', () => answer.body.destroy());
    return reply.send(answer.body);
  }

  /** GETs `path` (from /api/v1 on) from the node for the caller: the body when the node answers 2xx. */
  async fetchBytes(
    to: Forwarding,
    path: string,
    caller: CallerCredentials,
    range?: { start: number; end: number },
  ): Promise<Buffer> {
    const answer = await this.#get(to, path, caller, range);
    const parts: Buffer[] = [];
    for await (const part of answer.body) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }

  /** GETs `path` from the node for the caller into `file`. */
  async fetchToFile(to: Forwarding, path: string, caller: CallerCredentials, file: string): Promise<void> {
    const answer = await this.#get(to, path, caller);
    await pipeline(answer.body, createWriteStream(file));
  }

  async #get(
    to: Forwarding,
    path: string,
    caller: CallerCredentials,
    range?: { start: number; end: number },
  ): Promise<OpenAnswer> {
    const query =
      caller.ticket && !caller.authorization ? `?ticket=${encodeURIComponent(caller.ticket)}` : '';
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
    if (caller.authorization) headers.authorization = caller.authorization;
    const answer = await this.#open(to, 'GET', `/api/v1${path}${query}`, headers, undefined, caller);
    if (answer.status >= 200 && answer.status < 300) return answer;
    answer.body.destroy();
    // The caller's rights were checked here already: another answer means the node and this one disagree.
    throw new AppError(
      answer.status === 404 ? 404 : 503,
      `Recorder node ${answer.node.name} answered ${answer.status} for ${path.split('?')[0]}`,
    );
  }

  /** Opens the exchange: resolves once the node's answer has begun (its status and headers). */
  async #open(
    to: Forwarding,
    method: string,
    pathAndQuery: string,
    headers: Record<string, string>,
    body: string | undefined,
    caller: CallerCredentials,
  ): Promise<OpenAnswer> {
    const node = await this.#reachable(to.nodeId, caller);
    const base = new URL(node.url);
    const url = new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}${pathAndQuery}`);
    // The path is the caller's; the machine is never theirs to choose.
    if (url.origin !== base.origin) throw new AppError(400, 'Not a path of this API');
    const unreachable = (why: string) =>
      new AppError(503, `Recorder node ${node.name}, which holds this, is unreachable: ${why}`);
    const tooLarge = () =>
      new AppError(503, `Recorder node ${node.name} answered more than the ${to.maxBytes} bytes expected`);
    const sent: Record<string, string | number> = { ...headers, [FORWARDED_HEADER]: this.options.nodeId };
    if (caller.ip !== null)
      sent[CLIENT_HEADER] = this.options.clientSigner.sign(caller.ip, method, url.pathname + url.search);
    if (body !== undefined) sent['content-length'] = Buffer.byteLength(body);
    return new Promise((resolve, reject) => {
      const secure = url.protocol === 'https:';
      const outgoing = (secure ? https : http).request(url, {
        method,
        headers: sent,
        agent: secure ? this.#agents.https : this.#agents.http,
      });
      const firstByte = setTimeout(() => {
        outgoing.destroy();
        reject(unreachable(`no answer within ${to.firstByteMs} ms`));
      }, to.firstByteMs);
      outgoing.on('error', (error) => {
        clearTimeout(firstByte);
        reject(unreachable(error.message));
      });
      outgoing.on('response', (answer) => {
        clearTimeout(firstByte);
        const status = answer.statusCode ?? 502;
        if (Number(answer.headers['content-length']) > to.maxBytes) {
          answer.destroy();
          return reject(tooLarge());
        }
        // A body that stops flowing ends the exchange (the caller sees a cut-off answer).
        outgoing.setTimeout(this.options.stallMs ?? 30_000, () => outgoing.destroy(new Error('stalled')));
        resolve({ node, status, headers: answer.headers, body: limitStream(answer, to.maxBytes, status) });
      });
      outgoing.end(body);
    });
  }

  /** The node, when it is online and the request may go to it; a 503 naming it otherwise. */
  async #reachable(nodeId: string, caller: CallerCredentials): Promise<NodeRow> {
    const { node, nowMs } = await this.#recently(this.#nodes, nodeId, async () => {
      const [row, clock] = await Promise.all([this.repository.findNode(nodeId), this.repository.clock()]);
      return { node: row, nowMs: clock };
    });
    if (!node)
      throw new AppError(503, `The recorder node that holds this (${nodeId}) is no longer in the cluster`);
    if (caller.forwarded) {
      throw new AppError(
        503,
        `This request was forwarded here by another node, but recorder node ${node.name} holds it: not forwarded again`,
      );
    }
    if (node.heartbeat_ms <= nowMs - this.options.leaseMs)
      throw new AppError(503, `Recorder node ${node.name}, which holds this, is offline`);
    return node;
  }

  /**
   * What the database said a moment ago (RECENT_MS): a live view through this node asks for a part every 200 ms,
   * and which node runs the camera, and whether it is online, rarely changes faster than a lease.
   */
  async #recently<K, V>(cache: Map<K, { value: Promise<V>; until: number }>, key: K, read: () => Promise<V>) {
    const now = Date.now();
    const cached = cache.get(key);
    if (cached && cached.until > now) return cached.value;
    const value = read();
    cache.set(key, { value, until: now + RECENT_MS });
    // A failed read is not kept; the cache stays small (entries of cameras and nodes no longer asked about go).
    value.catch(() => cache.delete(key));
    if (cache.size > 1000) for (const [k, entry] of cache) if (entry.until <= now) cache.delete(k);
    return value;
  }

  /** Ends the kept-alive connections (shutdown). */
  close(): void {
    this.#agents.http.destroy();
    this.#agents.https.destroy();
  }
}
