// The only reader of process.env. Everything is validated up front so a bad deployment fails at start with
// one message that lists every problem, instead of failing later at the first request that touches it.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { adapterTokenPath, isBearerToken } from '@nvr/contracts';
import { MQTT_VARIABLES, mqttFieldProblem } from './modules/mqtt/mqtt-fields.js';

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  readonly version: string;
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly recordingsDir: string;
  /** RETENTION_INTERVAL_SECONDS: how often expired chunks are deleted and the free-space floor is checked */
  readonly retentionIntervalSeconds: number;
  readonly framesDir: string;
  readonly database: DatabaseConfig;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly corsOrigins: readonly string[];
  /** TRUST_PROXY: proxies whose X-Forwarded-For names the client (addresses, CIDRs, loopback/linklocal/uniquelocal) */
  readonly trustProxy: readonly string[];
  readonly adapterUrls: readonly string[];
  /** ADAPTER_URLS entries (`url` or `name=url`), each with its bearer token (ADAPTER_TOKEN_<NAME>) */
  readonly adapters: readonly AdapterEndpointConfig[];
  readonly auth: {
    readonly adminPassword: string | undefined;
    readonly jwtSecret: string | undefined;
    readonly accessTokenTtlSeconds: number;
    readonly refreshTokenTtlSeconds: number;
  };
  readonly masterKey: string | undefined;
  readonly events: {
    readonly retentionDays: number;
    readonly heartbeatSeconds: number;
  };
  readonly alerts: {
    /** a camera must stay offline this long before an alert is raised */
    readonly offlineAlertSeconds: number;
  };
  readonly media: {
    readonly ffmpegPath: string;
    readonly ffprobePath: string;
  };
  /** RTSP_PORT: the RTSP restream's port on HOST (docs/restream.md); null with RTSP_PORT=0 (no restream) */
  readonly rtspPort: number | null;
  readonly cloud: {
    /** CLOUD_EGRESS: deny turns every outbound cloud call off (API.md §12) */
    readonly egress: 'allow' | 'deny';
    readonly inferenceTimeoutSeconds: number;
    readonly jobConcurrency: number;
    /** a running job's lease: how soon another worker re-runs the job of a crashed one */
    readonly jobLeaseSeconds: number;
    readonly uploadConcurrency: number;
    readonly huggingfaceBaseUrl: string;
    readonly openaiBaseUrl: string;
  };
  readonly ai: {
    /** how often each adapter's /health and capability card are read */
    readonly adapterPollSeconds: number;
    /** per adapter call (/infer, polls) */
    readonly adapterTimeoutSeconds: number;
    /** frames older than this are removed from the frames directory */
    readonly framesMaxAgeSeconds: number;
  };
  /** METRICS_TOKEN: the bearer token a Prometheus scrape of /metrics may use (admins' access tokens work too) */
  readonly metricsToken: string | null;
  /** MQTT_*: each one set here wins over the stored MQTT setting of the same name (docs/mqtt.md) */
  readonly mqtt: MqttEnvConfig;
  /** this recorder as a node of a cluster sharing one database (docs/cluster.md) */
  readonly node: NodeConfig;
}

export interface NodeConfig {
  /** NODE_NAME: shown in GET /nodes (default: the host name) */
  readonly name: string;
  /** NODE_URL: where the other nodes reach this one (default http://<host name>:<port>) */
  readonly url: string;
  /** NODE_CAPACITY: the most cameras this node runs, and its weight when cameras are shared out */
  readonly capacity: number;
  /** CLUSTER_LEASE_SECONDS: how long a camera's lease lasts without renewal (the failover bound) */
  readonly leaseSeconds: number;
}

export interface MqttEnvConfig {
  readonly url?: string;
  readonly username?: string;
  readonly password?: string;
  readonly clientId?: string;
  readonly topicPrefix?: string;
  readonly discoveryPrefix?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
// The recorder package's version (../package.json from src/ and from dist/ alike): /health, OpenAPI, backups.
export const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const urlList = (name: string, fallback: string[]): string[] => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const items = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const item of items) {
      if (!/^https?:\/\/[^\s]+$/.test(item))
        problems.push(`${name} entries must be http(s) URLs (got "${item}")`);
    }
    return items;
  };
  const path = (raw: string | undefined, fallback: string): string =>
    raw === undefined ? fallback : isAbsolute(raw) ? raw : resolve(raw);

  const dataDir = path(read('DATA_DIR'), resolve('data'));
  const databaseUrl = read('DATABASE_URL');
  let database: DatabaseConfig = { dialect: 'sqlite', file: resolve(dataDir, 'recorder.sqlite') };
  if (databaseUrl !== undefined) {
    if (/^postgres(ql)?:\/\//.test(databaseUrl)) database = { dialect: 'postgres', url: databaseUrl };
    else if (databaseUrl.startsWith('sqlite:'))
      database = { dialect: 'sqlite', file: path(databaseUrl.slice('sqlite:'.length), dataDir) };
    else problems.push('DATABASE_URL must start with postgres://, postgresql:// or sqlite:');
  }

  const logLevel = (read('LOG_LEVEL') ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const masterKey = read('MASTER_KEY');
  if (masterKey !== undefined && !isValidMasterKey(masterKey))
    problems.push('MASTER_KEY must be 32 bytes as 64 hex characters or base64');
  const jwtSecret = read('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32)
    problems.push('JWT_SECRET must be at least 32 characters');
  const adminPassword = read('ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < 8)
    problems.push('ADMIN_PASSWORD must be at least 8 characters');

  const metricsToken = read('METRICS_TOKEN') ?? null;
  if (metricsToken !== null && (metricsToken.length < 16 || !isBearerToken(metricsToken)))
    problems.push('METRICS_TOKEN must be at least 16 printable ASCII characters without spaces');

  const adapters = adapterEndpoints(
    env,
    read('ADAPTER_URLS'),
    `http://127.0.0.1:${integer('ADAPTER_PORT', 9100, 1, 65535)}`,
    adapterTokenPath(dataDir),
    problems,
  );

  const port = integer('RECORDER_PORT', 8000, 0, 65535);
  const config: Config = {
    version: VERSION,
    host: read('HOST') ?? '0.0.0.0',
    port,
    dataDir,
    recordingsDir: path(read('RECORDINGS_DIR'), resolve(dataDir, 'recordings')),
    retentionIntervalSeconds: integer('RETENTION_INTERVAL_SECONDS', 60, 1, 24 * 3600),
    framesDir: path(read('FRAMES_DIR'), resolve(dataDir, 'frames')),
    database,
    logLevel,
    corsOrigins:
      read('CORS_ORIGINS')
        ?.split(',')
        .map((s) => s.trim()) ?? [],
    trustProxy: trustedProxies(read('TRUST_PROXY'), problems),
    adapterUrls: adapters.map((a) => a.url),
    adapters,
    auth: {
      adminPassword,
      jwtSecret,
      accessTokenTtlSeconds: integer('ACCESS_TOKEN_TTL_SECONDS', 30 * 60, 60, 24 * 3600),
      refreshTokenTtlSeconds: integer('REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600, 3600, 365 * 24 * 3600),
    },
    masterKey,
    events: {
      retentionDays: integer('EVENT_RETENTION_DAYS', 7, 1, 3650),
      heartbeatSeconds: integer('EVENTS_HEARTBEAT_SECONDS', 15, 1, 300),
    },
    alerts: {
      offlineAlertSeconds: integer('CAMERA_OFFLINE_ALERT_SECONDS', 60, 0, 24 * 3600),
    },
    media: {
      ffmpegPath: read('FFMPEG_PATH') ?? 'ffmpeg',
      ffprobePath: read('FFPROBE_PATH') ?? 'ffprobe',
    },
    rtspPort: integer('RTSP_PORT', 8554, 0, 65535) || null,
    cloud: {
      egress: cloudEgress(read('CLOUD_EGRESS'), problems),
      inferenceTimeoutSeconds: integer('CLOUD_INFERENCE_TIMEOUT_SECONDS', 60, 1, 600),
      jobConcurrency: integer('CLOUD_JOB_CONCURRENCY', 4, 1, 64),
      jobLeaseSeconds: integer('CLOUD_JOB_LEASE_SECONDS', 30, 1, 3600),
      uploadConcurrency: integer('CLOUD_UPLOAD_CONCURRENCY', 4, 1, 32),
      huggingfaceBaseUrl: urlList('HUGGINGFACE_BASE_URL', ['https://router.huggingface.co/hf-inference'])[0]!,
      openaiBaseUrl: urlList('OPENAI_BASE_URL', ['https://api.openai.com/v1'])[0]!,
    },
    ai: {
      adapterPollSeconds: integer('ADAPTER_POLL_SECONDS', 30, 1, 3600),
      adapterTimeoutSeconds: integer('ADAPTER_TIMEOUT_SECONDS', 10, 1, 300),
      framesMaxAgeSeconds: integer('FRAMES_MAX_AGE_SECONDS', 300, 10, 24 * 3600),
    },
    metricsToken,
    mqtt: mqttEnv(read, problems),
    node: nodeConfig(read, integer, urlList, port, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(config);
}

function nodeConfig(
  read: (name: string) => string | undefined,
  integer: (name: string, fallback: number, min: number, max: number) => number,
  urlList: (name: string, fallback: string[]) => string[],
  port: number,
  problems: string[],
): NodeConfig {
  const name = read('NODE_NAME') ?? hostname();
  if (name.length > 200) problems.push('NODE_NAME must be at most 200 characters');
  const url = urlList('NODE_URL', [`http://${hostname()}:${port}`])[0] ?? `http://${hostname()}:${port}`;
  if (url.length > 500) problems.push('NODE_URL must be at most 500 characters');
  return {
    name,
    url: url.replace(/\/+$/, ''),
    capacity: integer('NODE_CAPACITY', 1000, 1, 100_000),
    leaseSeconds: integer('CLUSTER_LEASE_SECONDS', 10, 3, 600),
  };
}

/**
 * TRUST_PROXY: the reverse proxies in front of the recorder, whose X-Forwarded-For then gives the client address
 * (logs, audit, login throttling). Unset: none, so a client cannot pick its own address with that header.
 */
function trustedProxies(raw: string | undefined, problems: string[]): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const validPrefix =
      prefix === undefined ||
      (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32) && rest.length === 0);
    const keyword = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    if (!keyword && (family === 0 || !validPrefix))
      problems.push(
        `TRUST_PROXY entries are IP addresses, CIDR ranges, loopback, linklocal or uniquelocal (got "${entry}")`,
      );
  }
  return entries;
}

/** MQTT_*: only the variables that are set; their checks are the API's (modules/mqtt/mqtt-settings.ts). */
function mqttEnv(read: (name: string) => string | undefined, problems: string[]): MqttEnvConfig {
  const out: Record<string, string> = {};
  for (const [key, name] of Object.entries(MQTT_VARIABLES)) {
    const value = read(name);
    if (value === undefined) continue;
    const problem = mqttFieldProblem(key as keyof MqttEnvConfig, value);
    if (problem) problems.push(`${name} ${problem}`);
    else out[key] = value;
  }
  return out;
}

function cloudEgress(raw: string | undefined, problems: string[]): 'allow' | 'deny' {
  if (raw === undefined) return 'allow';
  if (raw === 'allow' || raw === 'deny') return raw;
  problems.push(`CLOUD_EGRESS must be allow or deny (got "${raw}")`);
  return 'allow';
}

export function isValidMasterKey(value: string): boolean {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return true;
  return Buffer.from(value, 'base64').length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(value);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** An adapter the recorder uses from the configuration; `token` is sent as `Authorization: Bearer`. */
export interface AdapterEndpointConfig {
  readonly name: string;
  readonly url: string;
  readonly token: string | null;
  /**
   * The default local adapter without a token variable: the token file it shares with the adapter
   * (DATA_DIR/adapter.token), read or created when the recorder starts.
   */
  readonly tokenFile?: string;
}

const ADAPTER_TOKEN_PREFIX = 'ADAPTER_TOKEN_';
/** The variable with a configured adapter's token: `gpu-1` → ADAPTER_TOKEN_GPU_1. */
export const adapterTokenVariable = (name: string): string =>
  `${ADAPTER_TOKEN_PREFIX}${name.toUpperCase().replace(/[-.]/g, '_')}`;

/**
 * ADAPTER_URLS: comma-separated `url` or `name=url` entries (unnamed ones are adapter-1, adapter-2... by
 * position). A token comes from ADAPTER_TOKEN_<NAME>, never from the URL; when ADAPTER_URLS is unset the
 * default local adapter also takes ADAPTER_TOKEN, the variable the adapter itself reads, and without either
 * the token file the two services share. Problems name the entry or the variable, never a secret.
 */
function adapterEndpoints(
  env: NodeJS.ProcessEnv,
  raw: string | undefined,
  defaultUrl: string,
  defaultTokenFile: string,
  problems: string[],
): AdapterEndpointConfig[] {
  const value = (name: string) => env[name]?.trim() || null;
  const out: AdapterEndpointConfig[] = [];
  const entries =
    raw === undefined
      ? [defaultUrl]
      : raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  entries.forEach((entry, index) => {
    const eq = entry.indexOf('=');
    const named = eq > 0 && !/[:/]/.test(entry.slice(0, eq));
    const name = named ? entry.slice(0, eq).trim() : `adapter-${index + 1}`;
    const url = named ? entry.slice(eq + 1).trim() : entry;
    const label = `ADAPTER_URLS entry ${index + 1} (${name})`;
    if (!/^[a-z0-9][a-z0-9_.-]{0,63}$/.test(name)) {
      problems.push(`${label}: a name is 1-64 lowercase letters, digits, ".", "-" or "_"`);
      return;
    }
    let parsed: URL | null = null;
    try {
      parsed = /^https?:\/\/[^\s]+$/.test(url) ? new URL(url) : null;
    } catch {
      parsed = null;
    }
    if (!parsed) {
      problems.push(`ADAPTER_URLS entries must be http(s) URLs (entry ${index + 1} is not)`);
      return;
    }
    if (parsed.username || parsed.password) {
      problems.push(`${label}: no credentials in adapter URLs; set ${adapterTokenVariable(name)} instead`);
      return;
    }
    if (out.some((a) => a.name === name)) {
      problems.push(`${label}: duplicate name`);
      return;
    }
    const source =
      value(adapterTokenVariable(name)) === null && raw === undefined
        ? 'ADAPTER_TOKEN'
        : adapterTokenVariable(name);
    let token = value(source);
    if (token !== null && !isBearerToken(token)) {
      problems.push(`${source}: a bearer token is printable ASCII without spaces`);
      token = null;
    }
    if (token === null && raw === undefined) out.push({ name, url, token, tokenFile: defaultTokenFile });
    else out.push({ name, url, token });
  });
  for (const variable of Object.keys(env).filter(
    (k) => k.startsWith(ADAPTER_TOKEN_PREFIX) && env[k]?.trim(),
  )) {
    if (!out.some((a) => adapterTokenVariable(a.name) === variable))
      problems.push(`${variable}: no ADAPTER_URLS entry has this name`);
  }
  return out;
}
