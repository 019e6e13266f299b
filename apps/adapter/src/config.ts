// The only reader of process.env. Every variable is validated; all problems are reported at once.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { BUILT_IN_DETECTOR, DETECTOR_NAME } from './detectors/settings.js';

export interface AdapterConfig {
  /** ADAPTER_HOST, else HOST, else loopback: the recorder next to it is the only caller a default install has */
  host: string;
  port: number;
  dataDir: string;
  framesDir: string;
  modelsDir: string;
  /** ADAPTER_TOKEN; when unset, main.ts uses the token file both services share (DATA_DIR/adapter.token) */
  token: string | null;
  /** METRICS_TOKEN: a bearer token that opens GET /metrics and nothing else (for a Prometheus scrape) */
  metricsToken: string | null;
  remoteAdapters: RemoteAdapterConfig[];
  caption: { url: string; model: string } | null;
  workers: number;
  queueSize: number;
  /** null = idle unloading off. */
  modelIdleUnloadMs: number | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Per-socket cap of unanswered WebSocket requests. */
  streamMaxInflight: number;
  /** Open /infer/stream sockets at once. */
  streamMaxSockets: number;
  /**
   * DETECTOR: the object detector of person_counting, person_detection and object_detection without
   * params.detector — `centernet` (built in, the default) or a folder of <MODELS_DIR>/detectors/; app.ts checks
   * at start that it exists and works.
   */
  detector: string;
}

/** A REMOTE_ADAPTERS entry: `url` or `name=url`; a named one may get REMOTE_ADAPTER_TOKEN_<NAME>. */
export interface RemoteAdapterConfig {
  name: string | null;
  url: string;
  /** Bearer token sent to that adapter; never logged, listed or put in an error message. */
  token: string | null;
}

const REMOTE_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/i;
export const REMOTE_TOKEN_PREFIX = 'REMOTE_ADAPTER_TOKEN_';
/** The variable holding a named remote's token: `gpu-box` → REMOTE_ADAPTER_TOKEN_GPU_BOX. */
export const remoteTokenVariable = (name: string): string =>
  `${REMOTE_TOKEN_PREFIX}${name.toUpperCase().replace(/-/g, '_')}`;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid adapter configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<AdapterConfig> {
  const problems: string[] = [];
  const str = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name}=${raw}: expected an integer in ${min}..${max}`);
      return fallback;
    }
    return n;
  };
  const url = (name: string, value: string): string => {
    try {
      const u = new URL(value);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('not http(s)');
      return value.replace(/\/+$/, '');
    } catch {
      problems.push(`${name}: "${value}" is not an http(s) URL`);
      return value;
    }
  };

  const dataDir = resolve(str('DATA_DIR') ?? './data');
  const captionUrl = str('CAPTION_URL');
  const captionModel = str('CAPTION_MODEL');
  if (captionUrl && !captionModel) problems.push('CAPTION_MODEL is required when CAPTION_URL is set');
  if (captionModel && !captionUrl) problems.push('CAPTION_URL is required when CAPTION_MODEL is set');
  const logLevel = str('LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL=${logLevel}: expected one of ${LOG_LEVELS.join(', ')}`);
  }
  const idle = int('MODEL_IDLE_UNLOAD_S', 0, 0, 7 * 24 * 3600);
  const metricsToken = str('METRICS_TOKEN') ?? null;
  if (metricsToken !== null && (metricsToken.length < 16 || !/^[\x21-\x7e]+$/.test(metricsToken)))
    problems.push('METRICS_TOKEN: expected at least 16 printable ASCII characters without spaces');

  const detector = str('DETECTOR') ?? BUILT_IN_DETECTOR;
  if (!DETECTOR_NAME.test(detector))
    problems.push(
      `DETECTOR=${JSON.stringify(detector).slice(0, 80)}: expected centernet or a detector folder name (1-64 letters, digits, ".", "-", "_")`,
    );

  const config: AdapterConfig = {
    host: str('ADAPTER_HOST') ?? str('HOST') ?? '127.0.0.1',
    port: int('ADAPTER_PORT', 9100, 0, 65535),
    dataDir,
    framesDir: resolve(str('FRAMES_DIR') ?? resolve(dataDir, 'frames')),
    modelsDir: resolve(str('MODELS_DIR') ?? resolve(dataDir, 'models')),
    token: str('ADAPTER_TOKEN') ?? null,
    metricsToken,
    remoteAdapters: remoteAdapters(env, str('REMOTE_ADAPTERS'), problems),
    caption: captionUrl && captionModel ? { url: url('CAPTION_URL', captionUrl), model: captionModel } : null,
    workers: int('ADAPTER_WORKERS', availableParallelism(), 1, 64),
    queueSize: int('ADAPTER_QUEUE_SIZE', 64, 0, 10_000),
    modelIdleUnloadMs: idle > 0 ? idle * 1000 : null,
    logLevel: logLevel as AdapterConfig['logLevel'],
    streamMaxInflight: int('ADAPTER_STREAM_MAX_INFLIGHT', 4, 1, 256),
    streamMaxSockets: int('ADAPTER_STREAM_MAX_SOCKETS', 64, 1, 10_000),
    detector,
  };
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze(config);
}

/** Whether a listen address keeps the adapter on this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * REMOTE_ADAPTERS: comma-separated `url` or `name=url` entries. Credentials never go in the URL (it is listed
 * in /adapters and the card); a named remote's bearer token comes from REMOTE_ADAPTER_TOKEN_<NAME>. Problems
 * name the entry or the variable, never a secret.
 */
function remoteAdapters(
  env: NodeJS.ProcessEnv,
  raw: string | undefined,
  problems: string[],
): RemoteAdapterConfig[] {
  const out: RemoteAdapterConfig[] = [];
  const entries = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  entries.forEach((entry, i) => {
    const eq = entry.indexOf('=');
    // `name=http://...`: the name part never contains ':' or '/', a bare URL always does before any '='.
    const named = eq > 0 && !/[:/]/.test(entry.slice(0, eq));
    const name = named ? entry.slice(0, eq).trim() : null;
    const value = named ? entry.slice(eq + 1).trim() : entry;
    const label = `REMOTE_ADAPTERS entry ${i + 1}${name ? ` (${name})` : ''}`;
    if (name !== null && !REMOTE_NAME.test(name)) {
      problems.push(`${label}: name must be 1-63 letters, digits, "-" or "_"`);
      return;
    }
    let parsed: URL;
    try {
      parsed = new URL(value);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
    } catch {
      problems.push(`${label}: not an http(s) URL`);
      return;
    }
    if (parsed.username || parsed.password) {
      problems.push(
        `${label}: credentials in the URL are not accepted; use name=url and ` +
          `${remoteTokenVariable(name ?? 'NAME')} for a bearer token`,
      );
      return;
    }
    if (name !== null && out.some((r) => r.name?.toLowerCase() === name.toLowerCase())) {
      problems.push(`${label}: duplicate name`);
      return;
    }
    let token: string | null = null;
    if (name !== null) {
      const variable = remoteTokenVariable(name);
      token = env[variable]?.trim() || null;
      // A header value must be visible ASCII; the message names the variable, not its content.
      if (token !== null && !/^[\x21-\x7e]+$/.test(token)) {
        problems.push(`${variable}: a bearer token must be printable ASCII without spaces`);
        token = null;
      }
    }
    out.push({ name, url: value.replace(/\/+$/, ''), token });
  });
  // A token variable for a name that is not listed is a typo that would silently send no credentials.
  for (const variable of Object.keys(env).filter((k) => k.startsWith(REMOTE_TOKEN_PREFIX))) {
    if (!out.some((r) => r.name !== null && remoteTokenVariable(r.name) === variable)) {
      problems.push(`${variable}: no REMOTE_ADAPTERS entry is named for it (use name=url)`);
    }
  }
  return out;
}
