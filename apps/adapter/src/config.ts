// The only reader of process.env. Every variable is validated; all problems are reported at once.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

export interface AdapterConfig {
  host: string;
  port: number;
  dataDir: string;
  framesDir: string;
  modelsDir: string;
  token: string | null;
  remoteAdapters: string[];
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
}

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

  const config: AdapterConfig = {
    host: str('HOST') ?? '0.0.0.0',
    port: int('ADAPTER_PORT', 9100, 0, 65535),
    dataDir,
    framesDir: resolve(str('FRAMES_DIR') ?? resolve(dataDir, 'frames')),
    modelsDir: resolve(str('MODELS_DIR') ?? resolve(dataDir, 'models')),
    token: str('ADAPTER_TOKEN') ?? null,
    remoteAdapters: (str('REMOTE_ADAPTERS') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((u) => url('REMOTE_ADAPTERS', u)),
    caption: captionUrl && captionModel ? { url: url('CAPTION_URL', captionUrl), model: captionModel } : null,
    workers: int('ADAPTER_WORKERS', availableParallelism(), 1, 64),
    queueSize: int('ADAPTER_QUEUE_SIZE', 64, 0, 10_000),
    modelIdleUnloadMs: idle > 0 ? idle * 1000 : null,
    logLevel: logLevel as AdapterConfig['logLevel'],
    streamMaxInflight: int('ADAPTER_STREAM_MAX_INFLIGHT', 4, 1, 256),
    streamMaxSockets: int('ADAPTER_STREAM_MAX_SOCKETS', 64, 1, 10_000),
  };
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze(config);
}
