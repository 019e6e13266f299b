// HTTP client of one AI adapter (ADAPTER.md): /health, the typed capability card, /infer, each with the
// adapter's bearer token when one is configured. Every call has a timeout and a bounded answer
// (MAX_ANSWER_BYTES; adapter URLs come from the operator, so no address guard); failures are AdapterCallError
// with what kind of failure it was, so the registry can tell an adapter that is gone (network, timeout) from one
// that answered with an error.
import type { AdapterHealth, CapabilityCard } from '@nvr/contracts';
import { OutboundError, outboundRequest, type OutboundResponse } from '../../platform/net/outbound-http.js';

export type FailureKind = 'network' | 'timeout' | 'http' | 'invalid';

export class AdapterCallError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status: number | null = null,
    /** the adapter's error code (ADAPTER.md envelope), when it sent one */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'AdapterCallError';
  }

  /** The adapter did not answer at all: it counts against its availability. */
  get unreachable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout';
  }
}

/** What the orchestrator reads from a card; the card itself is kept as the adapter sent it (opaque). */
export interface ParsedCard {
  tasks: string[];
  model: { name: string; version: string; fingerprint: string } | null;
  /** contract v1.1 `detector` block present: the detection loop may send detector tasks */
  detector: boolean;
  /** paths the adapter reads (permissions.host_filesystem) */
  hostFilesystem: string[];
  raw: Partial<CapabilityCard> & Record<string, unknown>;
}

/**
 * The most an adapter answer may be. Health, cards and detections are a few kB; this leaves room for large
 * result lists while a broken or hostile adapter cannot make the recorder buffer more.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export type FrameInput = { uri: string } | { b64: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : 'unknown';

/**
 * Tolerant card parsing (API.md §8): only `tasks` is needed; unknown fields and unknown enum values (a new
 * accelerator backend, say) are kept as they are and never an error.
 */
export function parseCard(body: unknown): ParsedCard | null {
  if (!isObject(body) || !Array.isArray(body.tasks)) return null;
  const model = isObject(body.model)
    ? {
        name: text(body.model.name),
        version: text(body.model.version),
        fingerprint: text(body.model.fingerprint),
      }
    : null;
  const permissions = isObject(body.permissions) ? body.permissions : {};
  return {
    tasks: strings(body.tasks),
    model,
    detector: isObject(body.detector),
    hostFilesystem: strings(permissions.host_filesystem),
    raw: body,
  };
}

export class AdapterClient {
  /** `Authorization: Bearer` for an adapter started with ADAPTER_TOKEN; private so it is never serialised. */
  readonly #headers: Record<string, string>;

  constructor(
    readonly baseUrl: string,
    private readonly timeoutMs: number,
    token: string | null = null,
  ) {
    this.#headers = token === null ? {} : { authorization: `Bearer ${token}` };
  }

  /** A bearer token is configured for this adapter. */
  get tokenSet(): boolean {
    return 'authorization' in this.#headers;
  }

  async health(): Promise<AdapterHealth & Record<string, unknown>> {
    const body = await this.#request('GET', '/health');
    if (!isObject(body) || typeof body.status !== 'string')
      throw new AdapterCallError('invalid', '/health did not answer with a health document');
    return body as AdapterHealth & Record<string, unknown>;
  }

  /** The typed card; an adapter without one (plain task list only) gets a card-less description. */
  async card(): Promise<ParsedCard> {
    let body: unknown;
    try {
      body = await this.#request('GET', '/capabilities?format=card');
    } catch (error) {
      if (!(error instanceof AdapterCallError) || error.kind !== 'http') throw error;
      body = null;
    }
    const card = parseCard(body);
    if (card) return card;
    const list = await this.#request('GET', '/capabilities');
    if (!Array.isArray(list))
      throw new AdapterCallError('invalid', '/capabilities did not answer with a list');
    return { tasks: strings(list), model: null, detector: false, hostFilesystem: [], raw: {} };
  }

  /** The adapter's verdict on its hardware (ADAPTER.md GET /hardware/evaluation; it times one frame per model). */
  async hardwareEvaluation(): Promise<Record<string, unknown>> {
    const body = await this.#request('GET', '/hardware/evaluation');
    if (!isObject(body) || typeof body.verdict !== 'string')
      throw new AdapterCallError('invalid', '/hardware/evaluation did not answer with a verdict');
    return body;
  }

  async infer(
    task: string,
    frame: FrameInput,
    params: Record<string, unknown>,
    cameraId: number | null,
  ): Promise<Record<string, unknown>> {
    const body = await this.#request('POST', '/infer', {
      task,
      data: { frame, ...(cameraId === null ? {} : { camera_id: cameraId }) },
      ...(Object.keys(params).length > 0 ? { params } : {}),
    });
    if (!isObject(body))
      throw new AdapterCallError('invalid', '/infer answered with something else than an object');
    return body;
  }

  /**
   * A call to the adapter's face gallery API (`/faces/...`); null for an answer without a body (204). The
   * path is built by the caller from validated ids only.
   */
  async gallery(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, json?: unknown): Promise<unknown> {
    if (!path.startsWith('/faces/')) throw new Error(`not a gallery path: ${path}`);
    return this.#request(method, path, json);
  }

  /**
   * A JPEG of the face gallery (a face's crop, `/faces/.../crop`), at most `maxBytes`; a refusal is an
   * AdapterCallError with the adapter's status and code, as for gallery().
   */
  async galleryImage(path: string, maxBytes: number): Promise<Buffer> {
    if (!path.startsWith('/faces/')) throw new Error(`not a gallery path: ${path}`);
    const response = await this.#send('GET', path, undefined, maxBytes);
    if (response.status >= 200 && response.status < 300) return response.body;
    this.#parse(path, response);
    throw new AdapterCallError('http', `${path} answered ${response.status}`, response.status);
  }

  async #send(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    json: unknown,
    maxBytes: number,
  ): Promise<OutboundResponse> {
    try {
      return await outboundRequest({
        method,
        url: new URL(path, this.baseUrl),
        headers:
          json === undefined ? this.#headers : { ...this.#headers, 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
        timeoutMs: this.timeoutMs,
        maxBytes,
      });
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      if (error.kind === 'timeout')
        throw new AdapterCallError('timeout', `no answer within ${this.timeoutMs} ms`);
      if (error.kind === 'too_large')
        throw new AdapterCallError(
          'invalid',
          `${path} answered more than ${maxBytes / 1024 / 1024} MiB; not read`,
          error.status,
        );
      throw new AdapterCallError('network', `unreachable: ${error.message}`);
    }
  }

  async #request(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    json?: unknown,
  ): Promise<unknown> {
    return this.#parse(path, await this.#send(method, path, json, MAX_ANSWER_BYTES));
  }

  /** A JSON answer's body (null for 204), or the AdapterCallError its error envelope describes. */
  #parse(path: string, response: OutboundResponse): unknown {
    const ok = response.status >= 200 && response.status < 300;
    if (response.status === 204) return null;
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString('utf8'));
    } catch {
      throw new AdapterCallError(
        ok ? 'invalid' : 'http',
        `${path} answered ${response.status} without JSON`,
        response.status,
      );
    }
    if (!ok) {
      const error = isObject(body) && isObject(body.error) ? body.error : {};
      throw new AdapterCallError(
        'http',
        `${response.status} ${typeof error.code === 'string' ? error.code : ''}: ${
          typeof error.message === 'string' ? error.message : 'adapter error'
        }`.replace(' :', ':'),
        response.status,
        typeof error.code === 'string' ? error.code : null,
      );
    }
    return body;
  }
}
