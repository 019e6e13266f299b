// Shared pieces of the recorder benchmarks: build, start the built recorder as its own process, load it with
// autocannon, and print a table.
import { request as httpRequest } from 'node:http';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const root = new URL('../../..', import.meta.url).pathname;

export function describeMachine(name: string): void {
  console.log(`${name} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
}

export function buildRecorder(): void {
  console.log('building the recorder…');
  execFileSync('npx', ['tsc', '-b', 'apps/recorder/tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

export interface RunningRecorder {
  child: ChildProcess;
  base: string;
  /** spawn → /health answered */
  startMs: number;
}

export async function startRecorder(env: Record<string, string>): Promise<RunningRecorder> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'apps/recorder/dist/main.js')], {
    env: {
      ...process.env,
      RECORDER_PORT: String(port),
      RTSP_PORT: '0',
      HOST: '127.0.0.1',
      // where other nodes of a cluster reach it (bench:cluster)
      NODE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    // BENCH_LOGS=<dir>: each recorder's log goes to <dir>/recorder-<port>.log (to look into a run afterwards).
    stdio: process.env.BENCH_LOGS
      ? ['ignore', openSync(join(process.env.BENCH_LOGS, `recorder-${port}.log`), 'a'), 'inherit']
      : 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/health`, child);
  return { child, base, startMs: performance.now() - started };
}

/** The baseline: bare-server.mjs (Fastify, no plugins) answering GET /users with the JSON document in `file`. */
export async function startBare(file: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'apps/recorder/bench/bare-server.mjs')], {
    env: { ...process.env, PORT: String(port), PAYLOAD_FILE: file },
    stdio: 'ignore',
  });
  await waitForHealth(`http://127.0.0.1:${port}/`, child);
  return { child, url: `http://127.0.0.1:${port}` };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface LoadResult {
  title: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
}

export async function load(
  title: string,
  url: string,
  options: {
    connections: number;
    duration: number;
    warmup?: number;
    headers?: Record<string, string>;
    /** a different path (with query) for each request, e.g. to page through a listing */
    paths?: (n: number) => string;
  },
): Promise<LoadResult> {
  const { connections, duration, warmup = 3, headers = {}, paths } = options;
  let n = 0;
  const requests = paths && [{ setupRequest: (request: object) => ({ ...request, path: paths(n++) }) }];
  const run = (seconds: number) =>
    autocannon({ url, connections, duration: seconds, headers, ...(requests ? { requests } : {}) });
  await run(warmup); // let the JIT settle first
  const result = await run(duration);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return {
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
  };
}

export async function login(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function api(base: string, path: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(base + path, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** The value below which `p` % of the values lie (NaN for none). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `baseline`: one row every row is compared with, or a function naming each row's own baseline. */
export function printTable(
  rows: LoadResult[],
  baseline?: LoadResult | ((row: LoadResult) => LoadResult | undefined),
): void {
  const baselineOf = typeof baseline === 'function' ? baseline : () => baseline;
  console.log(`\n| endpoint | req/s |${baseline ? ' vs bare |' : ''} p50 ms | p99 ms | bytes/resp |`);
  console.log(`|---|---|${baseline ? '---|' : ''}---|---|---|`);
  for (const row of rows) {
    const base = baselineOf(row);
    const ratio = !baseline ? '' : base ? ` ${((row.rps / base.rps) * 100).toFixed(0)} % |` : ' |';
    console.log(`| ${row.title} | ${row.rps.toFixed(0)} |${ratio} ${row.p50} | ${row.p99} | ${row.bytes} |`);
  }
}

// Process figures from Linux's /proc, for the benchmarks that report CPU and memory.
const TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process, in seconds of CPU (0 once it is gone). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** cutime + cstime of a process: the CPU of its children that ended and were waited for, in seconds. */
export function reapedChildrenCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU (% of a core) of a set of processes over the window that `during` waits out. */
export async function cpuOver(pids: number[], during: () => Promise<void>): Promise<number> {
  const before = pids.map(cpuSeconds);
  const start = performance.now();
  await during();
  const seconds = (performance.now() - start) / 1000;
  const used = pids.reduce((total, pid, i) => total + cpuSeconds(pid) - before[i]!, 0);
  return (used / seconds) * 100;
}

/** A process's command line, split into its arguments (empty once it is gone). */
export function cmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/** Resident memory of a process in MiB. */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Pids of the direct children of `pid` whose command is `name` (e.g. the recorder's ffmpeg processes). */
export function childrenOf(pid: number, name: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => {
      try {
        const stat = readFileSync(`/proc/${candidate}/stat`, 'utf8');
        return stat.includes(`(${name})`) && Number(stat.split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    });
}

/**
 * Every event of `types` (comma-separated) on the recorder's SSE stream, handed over with the time its bytes
 * arrived. Returns the function that closes the stream.
 */
export function streamEvents(
  base: string,
  token: string,
  types: string,
  onEvent: (event: any, receivedAt: number) => void,
): () => void {
  const req = httpRequest(`${base}/api/v1/events/stream?type=${types}`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
  });
  req.on('response', (response) => {
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      const receivedAt = Date.now();
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) onEvent(JSON.parse(data.slice(6)), receivedAt);
      }
    });
  });
  req.end();
  return () => req.destroy();
}

/** One HLS viewer: the media playlist every second and each new segment, as a player without LL-HLS would. */
export function watchLive(base: string, token: string, cameraId: number, signal: AbortSignal): void {
  const seen = new Set<string>();
  const headers = { authorization: `Bearer ${token}` };
  const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 1000));
  void (async () => {
    while (!signal.aborted) {
      const playlist = await fetch(`${base}/api/v1/cameras/${cameraId}/live/media.m3u8`, { headers, signal })
        .then((r) => (r.ok ? r.text() : ''))
        .catch(() => '');
      for (const name of playlist.match(/^seg-\d+\.m4s$/gm) ?? []) {
        if (seen.has(name)) continue;
        seen.add(name);
        await fetch(`${base}/api/v1/cameras/${cameraId}/live/${name}`, { headers, signal })
          .then((r) => r.arrayBuffer())
          .catch(() => undefined);
      }
      await pause();
    }
  })();
}
