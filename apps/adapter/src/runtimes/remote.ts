// Remote contract adapters (REMOTE_ADAPTERS): other servers speaking this API. We learn their tasks from
// GET /capabilities and proxy /infer to them with the frame inline (they cannot read our FRAMES_DIR).
// A remote protected by its own ADAPTER_TOKEN gets `Authorization: Bearer` from REMOTE_ADAPTER_TOKEN_<NAME>;
// the token is kept out of every listing, log line and error message.
import type { RemoteAdapterConfig } from '../config.js';
import { AdapterError, ERROR_CODES, type ErrorCode } from '../errors.js';

const PROBE_TIMEOUT_MS = 3000;
const INFER_TIMEOUT_MS = 60_000;
const REFRESH_MS = 30_000;

export interface RemoteAdapter {
  /** The `name=` of its REMOTE_ADAPTERS entry, if any. */
  name: string | null;
  url: string;
  tokenSet: boolean;
  tasks: string[];
  state: 'unknown' | 'ready' | 'unreachable';
  model: { name: string; version: string; fingerprint: string } | null;
  error: string | undefined;
  checkedAt: number;
}

export class RemoteAdapters {
  private readonly remotes: RemoteAdapter[];
  /** Authorization header per remote, outside the objects list() copies. */
  private readonly auth = new WeakMap<RemoteAdapter, Record<string, string>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(configs: readonly RemoteAdapterConfig[]) {
    this.remotes = configs.map(({ name, url, token }) => {
      const remote: RemoteAdapter = {
        name,
        url,
        tokenSet: token !== null,
        tasks: [],
        state: 'unknown',
        model: null,
        error: undefined,
        checkedAt: 0,
      };
      this.auth.set(remote, token ? { authorization: `Bearer ${token}` } : {});
      return remote;
    });
  }

  /** Probes every remote once (bounded by the probe timeout), then keeps re-probing in the background. */
  async start(): Promise<void> {
    if (this.remotes.length === 0) return;
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  list(): RemoteAdapter[] {
    return this.remotes.map((r) => ({ ...r, tasks: [...r.tasks] }));
  }

  async refresh(): Promise<void> {
    await Promise.all(this.remotes.map((r) => this.probe(r)));
  }

  /** The remote serving a task, re-probing stale remotes first so a newly started one is found. */
  async find(task: string): Promise<RemoteAdapter | undefined> {
    const stale = this.remotes.filter((r) => Date.now() - r.checkedAt > 5000);
    if (stale.length && !this.remotes.some((r) => r.state === 'ready' && r.tasks.includes(task))) {
      await Promise.all(stale.map((r) => this.probe(r)));
    }
    return this.remotes.find((r) => r.state === 'ready' && r.tasks.includes(task));
  }

  async infer(
    remote: RemoteAdapter,
    task: string,
    frame: Uint8Array,
    params: Record<string, unknown> | undefined,
  ) {
    let res: Response;
    try {
      res = await fetch(`${remote.url}/infer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...this.auth.get(remote) },
        body: JSON.stringify({
          task,
          data: { frame: { b64: Buffer.from(frame).toString('base64') } },
          params,
        }),
        signal: AbortSignal.timeout(INFER_TIMEOUT_MS),
      });
    } catch (err) {
      remote.state = 'unreachable';
      throw new AdapterError(
        'remote_adapter_failed',
        `remote adapter ${remote.url} unreachable: ${(err as Error).message}`,
      );
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.ok && body) return body;
    if (res.status === 401 || res.status === 403) {
      remote.state = 'unreachable';
      remote.error = `${remote.url} refused our credentials (HTTP ${res.status})`;
    }
    const err = (body?.error ?? {}) as { code?: string; message?: string };
    // Client errors the remote diagnosed (bad frame, bad params) keep their code; the rest are ours to report.
    // A 401/403 is about our credentials, not the caller's: it must not reach the caller as its own 401.
    const code =
      err.code && err.code in ERROR_CODES && res.status < 500 && res.status !== 401 && res.status !== 403
        ? (err.code as ErrorCode)
        : 'remote_adapter_failed';
    throw new AdapterError(code, `remote adapter ${remote.url}: ${err.message ?? `HTTP ${res.status}`}`, {
      details: { remote: remote.url, remote_status: res.status },
    });
  }

  private async probe(r: RemoteAdapter): Promise<void> {
    try {
      const headers = this.auth.get(r) ?? {};
      const [tasks, card] = await Promise.all([
        getJson(`${r.url}/capabilities`, headers),
        getJson(`${r.url}/capabilities?format=card`, headers).catch(() => null) as Promise<{
          model?: RemoteAdapter['model'];
        } | null>,
      ]);
      if (!Array.isArray(tasks) || !tasks.every((t) => typeof t === 'string'))
        throw new Error('capabilities is not a task list');
      r.tasks = tasks;
      r.model = card?.model ?? null;
      r.state = 'ready';
      r.error = undefined;
    } catch (err) {
      r.state = 'unreachable';
      r.error = (err as Error).message;
    }
    r.checkedAt = Date.now();
  }
}

async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  if (res.status === 401 || res.status === 403) {
    const hint = headers.authorization
      ? 'our token was refused'
      : 'it needs a token (name=url + REMOTE_ADAPTER_TOKEN_<NAME>)';
    throw new Error(`GET ${url} answered ${res.status}: ${hint}`);
  }
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return res.json();
}
