// The recorder's one way to call other machines over HTTP (cloud providers, AI adapters, notification endpoints).
// A reply is streamed and the exchange aborted as soon as it passes `maxBytes`, so a hostile or broken peer
// costs at most that much memory; the deadline covers everything from connecting to the last byte; a caller's
// AbortSignal ends it. For URLs a user chose, `refuseScopes` keeps the connection off addresses in those scopes,
// checked on the address actually connected to (see address-scope.ts). Redirects are never followed: a 3xx is
// returned like any other answer.
import http from 'node:http';
import https from 'node:https';
import { Transform, type Readable } from 'node:stream';
import { guardedLookup, refuseLiteral, type AddressScope } from './address-scope.js';

export type OutboundFailure = 'timeout' | 'aborted' | 'too_large' | 'refused_address' | 'network' | 'invalid';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
    /** the system error code (ECONNREFUSED, ENOTFOUND …) for network failures */
    readonly code: string | null = null,
    /** the HTTP status, when the peer had answered before the failure (too_large) */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  method: string;
  url: string | URL;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** for the whole exchange */
  timeoutMs: number;
  /** the most reply body bytes read; more aborts the exchange with `too_large` */
  maxBytes: number;
  signal?: AbortSignal;
  /** address scopes never connected to (the URL's IP literal, or every address its name resolves to) */
  refuseScopes?: ReadonlySet<AddressScope>;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

// Guarded connections get their own keep-alive pools: a pooled socket was checked when it connected, and must
// never be handed to a request with a different guard.
const guardedAgents = new WeakMap<ReadonlySet<AddressScope>, { http: http.Agent; https: https.Agent }>();

function agentFor(secure: boolean, refused: ReadonlySet<AddressScope> | undefined): http.Agent {
  if (!refused) return secure ? https.globalAgent : http.globalAgent;
  let agents = guardedAgents.get(refused);
  if (!agents) {
    const lookup = guardedLookup(refused);
    agents = {
      http: new http.Agent({ keepAlive: true, timeout: 5000, lookup }),
      https: new https.Agent({ keepAlive: true, timeout: 5000, lookup }),
    };
    guardedAgents.set(refused, agents);
  }
  return secure ? agents.https : agents.http;
}

export function outboundRequest(options: OutboundRequest): Promise<OutboundResponse> {
  const { timeoutMs, maxBytes, signal, refuseScopes } = options;
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = typeof options.url === 'string' ? new URL(options.url) : options.url;
    } catch {
      return reject(new OutboundError('invalid', 'not a valid URL'));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return reject(new OutboundError('invalid', `unsupported protocol ${url.protocol}`));
    const literal = refuseScopes ? refuseLiteral(url.hostname, refuseScopes) : null;
    if (literal) return reject(new OutboundError('refused_address', literal.message, literal.code));
    if (signal?.aborted) return reject(new OutboundError('aborted', 'request cancelled'));

    let request: http.ClientRequest | undefined;
    let settled = false;
    const settle = (outcome: OutboundResponse | OutboundError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (outcome instanceof OutboundError) {
        request?.destroy();
        reject(outcome);
      } else {
        resolve(outcome);
      }
    };
    const onAbort = () => settle(new OutboundError('aborted', 'request cancelled'));
    const timer = setTimeout(
      () => settle(new OutboundError('timeout', `no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });

    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
    try {
      request = (url.protocol === 'https:' ? https : http).request(
        url,
        { method: options.method, headers, agent: agentFor(url.protocol === 'https:', refuseScopes) },
        (response) => {
          const status = response.statusCode ?? 0;
          const tooLarge = () =>
            new OutboundError('too_large', `answer larger than ${maxBytes} bytes`, null, status);
          if (Number(response.headers['content-length']) > maxBytes) return settle(tooLarge());
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) settle(tooLarge());
            else chunks.push(chunk);
          });
          response.on('end', () =>
            settle({ status, headers: response.headers, body: Buffer.concat(chunks, size) }),
          );
          response.on('error', (error) => settle(failure(error)));
          response.on('close', () => {
            if (!response.complete) settle(new OutboundError('network', 'connection closed mid-answer'));
          });
        },
      );
    } catch (error) {
      // Header names or values that HTTP cannot carry are refused before anything is sent.
      return settle(new OutboundError('invalid', error instanceof Error ? error.message : 'invalid request'));
    }
    request.on('error', (error) => settle(failure(error)));
    request.end(options.body);
  });
}

function failure(error: Error & { code?: string }): OutboundError {
  if (error.code === 'EADDRREFUSED') return new OutboundError('refused_address', error.message, error.code);
  return new OutboundError('network', error.message, error.code ?? null);
}

/**
 * A pass-through that fails with `too_large` once more than `maxBytes` went through, destroying the source (and
 * with it the connection): for replies read by a library (the AWS SDK) rather than by `outboundRequest`.
 */
export function limitStream(source: Readable, maxBytes: number, status: number | null = null): Readable {
  let size = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes)
        callback(new OutboundError('too_large', `answer larger than ${maxBytes} bytes`, null, status));
      else callback(null, chunk);
    },
  });
  source.on('error', (error) => limited.destroy(error));
  limited.on('error', () => source.destroy());
  limited.on('close', () => {
    if (!source.readableEnded) source.destroy();
  });
  return source.pipe(limited);
}
