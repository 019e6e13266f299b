// Starts GStreamer RTSP test cameras (rtsp_camera.py) on free loopback ports, like real IP cameras: a live
// H.264 test pattern, optionally behind credentials and/or RTSPS. Needs Debian's gir1.2-gst-rtsp-server-1.0,
// python3-gi and the gstreamer1.0 plugin packages (see .ci/apt-packages.txt).
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './net-servers.js';

const SCRIPT = fileURLToPath(new URL('./rtsp_camera.py', import.meta.url));
// GObject introspection is installed for Debian's own Python, which may not be first on PATH.
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

export interface TestCameraOptions {
  user?: string;
  password?: string;
  tls?: { key: Buffer; cert: Buffer };
  /** frames between keyframes (the recorder can only cut chunks at keyframes) */
  gop?: number;
  fps?: number;
  width?: number;
  height?: number;
  /** a still picture (JPEG/PNG) served as the live scene instead of the moving test pattern */
  image?: string;
  /** numbered JPEG files played in a loop at `fps` (a printf pattern such as `dir/%05d.jpg`; see vtestFrames) */
  frames?: string;
  /** burn the wall clock into every frame as a block code (see rtsp_camera.py) to measure end-to-end latency */
  clockCode?: boolean;
  /** with clockCode: freeze() stops the frames (sessions stay open), resume() carries on with continuous timestamps */
  freezable?: boolean;
  /** the camera zoo: video codec (default H.264 baseline) */
  codec?: 'h264' | 'h265' | 'mjpeg';
  /** H.264 main profile with B-frames */
  bframes?: boolean;
  /** audio beside the video (a 440 Hz tone): G.711 µ-law, A-law, AAC or Opus; none by default */
  audio?: 'pcmu' | 'pcma' | 'aac' | 'opus';
  /** with user: RTSP Digest authentication instead of Basic */
  digest?: boolean;
  /** the only RTP transport the camera sets up (`udp`: it refuses RTP interleaved over the RTSP connection) */
  transport?: 'udp' | 'tcp';
  /** resize() changes the picture to this size in the same session (new parameter sets at the next keyframe) */
  resizeTo?: { width: number; height: number };
}

export interface TestCamera {
  port: number;
  /** URL without credentials */
  url: string;
  /** URL with the camera's credentials, when it has any */
  urlWithCredentials: string;
  /** true while the camera process is serving */
  readonly running: boolean;
  stop(): Promise<void>;
  /** starts again on the same port (after stop) */
  start(): Promise<void>;
  /** stops and removes its files */
  close(): Promise<void>;
  /** (freezable cameras) no more frames until resume(); every session stays open */
  freeze(): void;
  resume(): void;
  /** (resizeTo cameras) the picture takes the other size now, sessions open; resolves once it has */
  resize(): Promise<void>;
  /** stops, then starts again on the same port and path as a camera with these options (a user edited it) */
  restartAs(options: TestCameraOptions): Promise<void>;
  /** RTSP client connections served right now, and the most served at once since start or resetSessions() */
  readonly sessions: number;
  readonly maxSessions: number;
  resetMaxSessions(): void;
  /** resolves when the camera serves exactly `count` connections (at once if it does) */
  sessionsReach(count: number): Promise<void>;
}

export async function startTestCamera(options: TestCameraOptions = {}): Promise<TestCamera> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'nvr-camera-'));
  let args = await cameraArgs(port, dir, options);
  const scheme = options.tls ? 'rtsps' : 'rtsp';
  const credentials = options.user
    ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? '')}@`
    : '';
  let child: ChildProcess | null = null;
  let sessions = 0;
  let maxSessions = 0;
  const sessionChanges = new EventEmitter();

  const start = async () => {
    const process = spawn(PYTHON, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = process;
    let stderr = '';
    process.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      let partial = '';
      process.stdout.on('data', (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          if (line.startsWith('ready')) resolve();
          if (line.startsWith('resized')) sessionChanges.emit('resized');
          const clients = /^clients (-?\d+)$/.exec(line);
          if (clients) {
            sessions = Number(clients[1]);
            maxSessions = Math.max(maxSessions, sessions);
            sessionChanges.emit('change');
          }
        }
      });
      process.once('exit', (code) => reject(new Error(`test camera exited (${code}): ${stderr}`)));
    });
  };

  const stop = async () => {
    const process = child;
    child = null;
    if (!process || process.exitCode !== null) return;
    const exited = new Promise((resolve) => process.once('exit', resolve));
    process.kill('SIGKILL');
    await exited;
    sessions = 0;
    sessionChanges.emit('change');
  };

  await start();
  return {
    port,
    url: `${scheme}://127.0.0.1:${port}/live`,
    urlWithCredentials: `${scheme}://${credentials}127.0.0.1:${port}/live`,
    get running() {
      return child !== null && child.exitCode === null;
    },
    start,
    stop,
    get sessions() {
      return sessions;
    },
    get maxSessions() {
      return maxSessions;
    },
    resetMaxSessions: () => {
      maxSessions = sessions;
    },
    sessionsReach: (count) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (sessions !== count) return;
          sessionChanges.off('change', check);
          resolve();
        };
        sessionChanges.on('change', check);
        check();
      }),
    resize: () =>
      new Promise<void>((resolve) => {
        sessionChanges.once('resized', resolve);
        child?.kill('SIGHUP');
      }),
    async restartAs(changed) {
      await stop();
      args = await cameraArgs(port, dir, { ...options, ...changed });
      await start();
    },
    freeze: () => child?.kill('SIGUSR1'),
    resume: () => child?.kill('SIGUSR2'),
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** rtsp_camera.py's command line for the options. */
async function cameraArgs(port: number, dir: string, options: TestCameraOptions): Promise<string[]> {
  const args = [
    SCRIPT,
    '--port',
    String(port),
    '--gop',
    String(options.gop ?? 15),
    '--fps',
    String(options.fps ?? 15),
  ];
  if (options.width)
    args.push('--width', String(options.width), '--height', String(options.height ?? options.width));
  if (options.image) args.push('--image', options.image);
  if (options.frames) args.push('--frames', options.frames);
  if (options.clockCode) args.push('--clock-code');
  if (options.freezable) args.push('--freezable');
  if (options.codec) args.push('--codec', options.codec);
  if (options.bframes) args.push('--bframes');
  if (options.audio) args.push('--audio', options.audio);
  if (options.digest) args.push('--digest');
  if (options.transport) args.push('--transport', options.transport);
  if (options.resizeTo) args.push('--resize-to', `${options.resizeTo.width}x${options.resizeTo.height}`);
  if (options.user) args.push('--user', options.user, '--password', options.password ?? '');
  if (options.tls) {
    await writeFile(join(dir, 'cert.pem'), options.tls.cert);
    await writeFile(join(dir, 'key.pem'), options.tls.key, { mode: 0o600 });
    args.push('--tls-cert', join(dir, 'cert.pem'), '--tls-key', join(dir, 'key.pem'));
  }
  return args;
}
