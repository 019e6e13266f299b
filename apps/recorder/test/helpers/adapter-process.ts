// The real AI adapter (apps/adapter) as a child process on a fixed loopback port, so tests can stop it,
// start it again (same URL) and swap its model weights in between, like an operator would. The weights are
// the ones shipped in the adapter's npm packages; a "new model version" is the same network with its
// topology file re-serialised, which changes the fingerprint the adapter reports while still loading.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './app.js';
import { eventually } from './eventually.js';
import { freePort } from './net-servers.js';
import { nodeArgs } from './node-entry.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = join(ROOT, 'apps/adapter/src/main.ts');
/** OpenCV's pedestrian clip (Debian opencv-doc), 768×576. */
export const VTEST = '/usr/share/doc/opencv-doc/examples/data/vtest.avi';

export interface AdapterProcess {
  url: string;
  port: number;
  framesDir: string;
  dataDir: string;
  /** the bearer token it requires: `options.token`, else the one it generated in DATA_DIR/adapter.token */
  readonly token: string;
  readonly running: boolean;
  /** the process id while it runs (benchmarks measure its CPU) */
  readonly pid: number | null;
  /** starts again on the same port; `modelsDir` swaps the operator weights directory */
  start(options?: { modelsDir?: string | null }): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A recorder's environment for working with this adapter: its URL and token, the frames directory they share,
 * and a 1 s poll so a test need not wait for the adapter to be noticed.
 */
export function recorderEnvFor(adapter: AdapterProcess): Record<string, string> {
  return {
    ADAPTER_URLS: adapter.url,
    ADAPTER_TOKEN_ADAPTER_1: adapter.token,
    FRAMES_DIR: adapter.framesDir,
    ADAPTER_POLL_SECONDS: '1',
  };
}

/** Resolves once the recorder has polled the adapter and may send it work. */
export async function adapterPolled(t: TestApp): Promise<void> {
  await eventually(
    async () =>
      (await t.request({ method: 'GET', url: '/api/v1/capabilities', token: t.adminToken })).json<{
        orchestrator: { adapters_available: number };
      }>().orchestrator.adapters_available === 1,
    { what: 'the adapter to be polled' },
  );
}

export async function startAdapterProcess(
  /**
   * `token`: started with ADAPTER_TOKEN (otherwise it uses the token file in its DATA_DIR); `dataDir`: a
   * DATA_DIR shared with a recorder (kept on close); `defaultHost`: HOST and ADAPTER_HOST left unset, as an
   * operator's default install has them (otherwise it listens on 127.0.0.1 explicitly); `port`: a port chosen
   * beforehand (a recorder started first may already expect it there).
   */
  options: {
    framesDir?: string;
    modelsDir?: string;
    workers?: number;
    token?: string;
    dataDir?: string;
    defaultHost?: boolean;
    port?: number;
  } = {},
): Promise<AdapterProcess> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'nvr-adapter-'));
  const framesDir = options.framesDir ?? join(dataDir, 'frames');
  mkdirSync(framesDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let modelsDir = options.modelsDir ?? join(dataDir, 'models');

  const start = async (next: { modelsDir?: string | null } = {}) => {
    if (next.modelsDir !== undefined) modelsDir = next.modelsDir ?? join(dataDir, 'models');
    let stderr = '';
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      FRAMES_DIR: framesDir,
      MODELS_DIR: modelsDir,
      HOST: '127.0.0.1',
      ADAPTER_PORT: String(port),
      ADAPTER_WORKERS: String(options.workers ?? 1),
      LOG_LEVEL: 'warn',
    };
    delete env.ADAPTER_TOKEN;
    delete env.ADAPTER_HOST;
    if (options.defaultHost) delete env.HOST;
    if (options.token !== undefined) env.ADAPTER_TOKEN = options.token;
    const process_ = spawn(process.execPath, nodeArgs(MAIN), {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    process_.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child = process_;
    let exited = false;
    process_.once('exit', () => (exited = true));
    await eventually(
      async () => {
        if (exited) throw new Error(`adapter exited: ${stderr}`);
        const response = await fetch(`${url}/health`).catch(() => null);
        return response?.status === 200;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the adapter to listen' },
    );
  };

  const stop = async () => {
    const process_ = child;
    child = null;
    if (!process_ || process_.exitCode !== null || process_.signalCode !== null) return;
    const exited = new Promise((resolve) => process_.once('exit', resolve));
    process_.kill('SIGTERM');
    const timer = setTimeout(() => process_.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    url,
    port,
    framesDir,
    dataDir,
    get token() {
      return options.token ?? readFileSync(join(dataDir, 'adapter.token'), 'utf8').trim();
    },
    get running() {
      return child !== null && child.exitCode === null;
    },
    get pid() {
      return child?.pid ?? null;
    },
    start,
    stop,
    async close() {
      await stop();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A models directory holding a different CenterNet "version": the shipped weights, with the topology JSON
 * re-serialised (a new fingerprint, the same network).
 */
export function swappedCenternetModels(): string {
  // Human's `exports` map hides its models: look the package up through the node_modules folders.
  const shipped = [join(ROOT, 'apps/adapter/node_modules'), join(ROOT, 'node_modules')]
    .map((dir) => join(dir, '@vladmandic/human/models'))
    .find((dir) => existsSync(join(dir, 'centernet.json')));
  if (!shipped) throw new Error('@vladmandic/human is not installed (npm ci)');
  const dir = mkdtempSync(join(tmpdir(), 'nvr-models-'));
  mkdirSync(join(dir, 'centernet'));
  const topology = JSON.parse(readFileSync(join(shipped, 'centernet.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  writeFileSync(
    join(dir, 'centernet', 'centernet.json'),
    JSON.stringify({ ...topology, userDefinedMetadata: { swapped_by: 'nvr tests', at: Date.now() } }),
  );
  copyFileSync(join(shipped, 'centernet.bin'), join(dir, 'centernet', 'centernet.bin'));
  return dir;
}

/** A 768×576 still of the pedestrians in OpenCV's vtest.avi (Debian opencv-doc), cut at test time. */
export function peopleStill(dir: string, second = 3): string {
  const target = join(dir, `people-${second}s.jpg`);
  const result = spawnSync(
    process.env.FFMPEG_PATH ?? 'ffmpeg',
    ['-v', 'error', '-y', '-ss', String(second), '-i', VTEST, '-frames:v', '1', '-q:v', '2', target],
    { stdio: 'inherit' },
  );
  if (result.status !== 0)
    throw new Error(`could not cut a still from ${VTEST} (apt-get install opencv-doc)`);
  return target;
}

/**
 * Pedestrians walking, then standing still: `movingSeconds` of vtest.avi from `from` as numbered JPEGs at `fps`
 * (640×480), followed by `stillSeconds` of its last picture repeated — a scene for a test camera's `frames`, which
 * plays it in a loop. Returns the printf pattern of the files.
 */
export function peopleFrames(
  dir: string,
  options: { movingSeconds: number; stillSeconds: number; from?: number; fps?: number },
): string {
  const fps = options.fps ?? 10;
  mkdirSync(dir, { recursive: true });
  const pattern = join(dir, '%05d.jpg');
  const result = spawnSync(
    process.env.FFMPEG_PATH ?? 'ffmpeg',
    [
      ...['-v', 'error', '-y', '-ss', String(options.from ?? 2), '-t', String(options.movingSeconds)],
      ...['-i', VTEST, '-vf', `fps=${fps},scale=640:480`, '-q:v', '4', '-start_number', '0', pattern],
    ],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`could not cut frames from ${VTEST} (apt-get install opencv-doc)`);
  const moving = readdirSync(dir).filter((name) => name.endsWith('.jpg')).length;
  const last = join(dir, `${String(moving - 1).padStart(5, '0')}.jpg`);
  for (let index = moving; index < moving + options.stillSeconds * fps; index++)
    linkSync(last, join(dir, `${String(index).padStart(5, '0')}.jpg`));
  return pattern;
}

/** A few seconds of vtest.avi as an H.264 MP4, like a recorded chunk. */
export function peopleClip(target: string, seconds: number, from = 2): void {
  mkdirSync(dirname(target), { recursive: true });
  const result = spawnSync(
    process.env.FFMPEG_PATH ?? 'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-ss',
      String(from),
      '-t',
      String(seconds),
      '-i',
      VTEST,
      '-an',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      target,
    ],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`could not cut a clip from ${VTEST}`);
}
