// Receivers for stream-target tests: node-media-server (a real RTMP server, run as its own process) and an ffmpeg
// SRT listener writing what it receives to an MPEG-TS file; plus ffprobe to check that video arrives.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { eventually } from './eventually.js';
import { freePort } from './net-servers.js';

const require = createRequire(import.meta.url);

export interface Receiver {
  port: number;
  /** the URL the recorder pushes to (without the stream key) */
  url: string;
  kill(): Promise<void>;
  close(): Promise<void>;
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * node-media-server on loopback: push to rtmp://127.0.0.1:<port>/live/<key>, play from the same URL. With `tls`
 * it also serves RTMPS with that certificate on `rtmpsUrl`.
 */
export async function startRtmpServer(
  options: { tls?: { key: Buffer; cert: Buffer } } = {},
): Promise<Receiver & { rtmpsUrl: string | null }> {
  // The free ports are probed, then given to the server: a test running beside this one may take one in
  // between, and the server then exits. That is a lost race, not a failure: try again with fresh ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startRtmpServerOnce(options);
    } catch (error) {
      if (!(error instanceof ServerExited) || attempt === 3) throw error;
    }
  }
}

class ServerExited extends Error {}

async function startRtmpServerOnce(options: {
  tls?: { key: Buffer; cert: Buffer };
}): Promise<Receiver & { rtmpsUrl: string | null }> {
  const port = await freePort();
  const httpPort = await freePort();
  const rtmpsPort = options.tls ? await freePort() : null;
  const dir = mkdtempSync(join(tmpdir(), 'nvr-nms-'));
  const bin = join(dirname(require.resolve('node-media-server/package.json')), 'bin', 'app.js');
  const tlsArgs: string[] = [];
  if (options.tls && rtmpsPort) {
    // The packaged config with this server's own certificate files for the RTMPS (and HTTPS) listeners.
    const config = JSON.parse(readFileSync(join(dirname(bin), 'config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    writeFileSync(join(dir, 'key.pem'), options.tls.key, { mode: 0o600 });
    writeFileSync(join(dir, 'cert.pem'), options.tls.cert);
    const files = { key: join(dir, 'key.pem'), cert: join(dir, 'cert.pem') };
    config.rtmps = { port: rtmpsPort, ...files };
    config.https = { port: await freePort(), ...files };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
    tlsArgs.push('--config', join(dir, 'config.json'), '--rtmps-port', String(rtmpsPort));
  }
  const child = spawn(
    process.execPath,
    [
      bin,
      '--bind',
      '127.0.0.1',
      '--rtmp-port',
      String(port),
      '--http-port',
      String(httpPort),
      '--no-admin',
      '--data-path',
      dir,
      ...tlsArgs,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-2000)));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => {
      rmSync(dir, { recursive: true, force: true });
      reject(new ServerExited(`node-media-server exited (${code ?? signal}) before listening: ${stderr}`));
    }),
  );
  exited.catch(() => {}); // only awaited while starting
  try {
    for (const listener of rtmpsPort ? [port, rtmpsPort] : [port]) {
      await Promise.race([
        exited,
        eventually(
          () =>
            new Promise<boolean>((resolve) => {
              const socket = connect(listener, '127.0.0.1');
              socket.once('connect', () => {
                socket.destroy();
                resolve(true);
              });
              socket.once('error', () => resolve(false));
            }),
          { what: `node-media-server to listen on ${listener}`, intervalMs: 100 },
        ),
      ]);
    }
  } catch (error) {
    await stopChild(child, 'SIGKILL');
    throw error;
  }
  return {
    port,
    url: `rtmp://127.0.0.1:${port}/live`,
    rtmpsUrl: rtmpsPort ? `rtmps://127.0.0.1:${rtmpsPort}/live` : null,
    kill: () => stopChild(child, 'SIGKILL'),
    async close() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `ffmpeg -i srt://…?mode=listener` copying what arrives into `file`. */
export async function startSrtListener(): Promise<Receiver & { file: string }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'nvr-srt-'));
  const file = join(dir, 'received.ts');
  const child = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      `srt://127.0.0.1:${port}?mode=listener`,
      '-c',
      'copy',
      // each packet written through, so the file shows what arrived (it would otherwise grow in 256 KB steps)
      '-flush_packets',
      '1',
      '-f',
      'mpegts',
      file,
    ],
    { stdio: 'ignore' },
  );
  return {
    port,
    file,
    url: `srt://127.0.0.1:${port}`,
    kill: () => stopChild(child, 'SIGKILL'),
    async close() {
      await stopChild(child, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The video streams ffprobe finds at a URL or in a file. */
export async function probeVideo(
  target: string,
  timeoutMs = 20_000,
): Promise<{ codec_name: string; width: number }[]> {
  const { stdout } = await promisify(execFile)(
    'ffprobe',
    [
      '-v',
      'error',
      ...(target.includes('://') ? ['-rw_timeout', '10000000'] : []),
      // The codec and size are known from the first parameter sets; ffprobe's default 5 s of analysis of a live
      // stream would only add frame-rate guesses.
      ...['-analyzeduration', '500000', '-probesize', '500000'],
      '-select_streams',
      'v',
      '-show_entries',
      'stream=codec_name,width',
      '-of',
      'json',
      target,
    ],
    { timeout: timeoutMs },
  );
  return (JSON.parse(stdout) as { streams: { codec_name: string; width: number }[] }).streams;
}
