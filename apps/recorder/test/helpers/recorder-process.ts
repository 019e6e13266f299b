// A real recorder in a process of its own (from source, like `npm run dev:recorder`), for what only a whole
// process shows: kill -9, restarts on the same data, signals, a disk that fills up or goes away.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SseClient } from './event-clients.js';
import { eventually } from './eventually.js';
import { freePort } from './net-servers.js';
import { nodeArgs } from './node-entry.js';

const ROOT = new URL('../../../..', import.meta.url).pathname;
export const RECORDER_ADMIN_PASSWORD = 'process-test-admin-pw';

export interface RecorderProcessOptions {
  /** reuse a data directory (a restart); default: a new temporary one */
  dataDir?: string;
  env?: Record<string, string>;
  /** runs the recorder through another command (e.g. `unshare` with a small disk mounted first) */
  wrap?: (command: string[]) => string[];
}

export interface RecorderProcess {
  readonly child: ChildProcess;
  readonly dataDir: string;
  readonly host: string;
  /** an access token of `admin` */
  readonly token: string;
  /** everything the process wrote to stdout and stderr */
  output(): string;
  /** calls the API as `admin` */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** the event stream as `admin` (`replay`: every stored event first, through Last-Event-ID) */
  events(query?: string, options?: { replay?: boolean }): Promise<SseClient>;
  /** sends a signal and waits until the process has exited */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startRecorderProcess(options: RecorderProcessOptions = {}): Promise<RecorderProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'nvr-process-'));
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const command = [process.execPath, ...nodeArgs(join(ROOT, 'apps/recorder/src/main.ts'))];
  const [file, ...args] = options.wrap ? options.wrap(command) : command;
  const child = spawn(file!, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      RTSP_PORT: '0',
      RECORDER_PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: RECORDER_ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      // Where other nodes of a cluster reach this one (a test cluster shares one PostgreSQL database).
      NODE_URL: `http://${host}`,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // A recorder that refuses to start (bad configuration) fails this at once, with what it said.
  const gone = new AbortController();
  void exited.then(() =>
    gone.abort(new Error(`recorder exited (${child.exitCode}): ${output.slice(-2000)}`)),
  );
  await eventually(async () => (await fetch(`http://${host}/health`)).ok, {
    timeoutMs: 60_000,
    what: 'the recorder to listen',
    signal: gone.signal,
  });
  const login = await fetch(`http://${host}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `username=admin&password=${RECORDER_ADMIN_PASSWORD}`,
  });
  const { access_token: token } = (await login.json()) as { access_token: string };

  return {
    child,
    dataDir,
    host,
    token,
    output: () => output,
    async api(method, path, body) {
      const response = await fetch(`http://${host}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    events: (query = '', { replay = false } = {}) =>
      SseClient.open(host, `/api/v1/events/stream${query}`, {
        authorization: `Bearer ${token}`,
        ...(replay ? { 'last-event-id': '0' } : {}),
      }),
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
