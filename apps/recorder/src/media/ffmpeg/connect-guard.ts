// The connection guard of the ffmpeg processes that read a plain user's camera (native/connect-guard.c, preloaded
// with LD_PRELOAD): it refuses every connection to the recorder's own machine or its link, wherever ffmpeg is led
// (an RTSP or HTTP redirect, an HLS playlist's segments, a name that resolves elsewhere by now), except the
// loopback ports the recorder gave that process to write to. Whether it really works with the ffmpeg in use (a
// static build ignores LD_PRELOAD) is checked once, by asking ffmpeg to connect to a local port: until that
// check passes, plain users' cameras are not read at all.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** Built by `npm run build` (apps/recorder/scripts/build-native.mjs). */
export const CONNECT_GUARD_LIBRARY = fileURLToPath(
  new URL('../../../native/build/connect-guard.so', import.meta.url),
);

/** What the guard writes to stderr when it refuses a connection. */
export const GUARD_REFUSAL = 'nvr-connect-guard:';

/** The environment of a guarded ffmpeg: only these loopback ports (its own outputs) may be written to. */
export function connectGuardEnv(allowedLoopbackPorts: number[]): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LD_PRELOAD: [CONNECT_GUARD_LIBRARY, process.env.LD_PRELOAD].filter(Boolean).join(' '),
    NVR_CONNECT_GUARD_ALLOW: allowedLoopbackPorts.map((port) => `127.0.0.1:${port}`).join(','),
  };
}

/**
 * Why the guard does not work with this ffmpeg (null: it does). ffmpeg is asked to read from a local TCP port with
 * the guard loaded: it must fail with the guard's refusal, and the port must see no connection.
 */
export async function connectGuardProblem(ffmpegPath: string, timeoutMs = 10_000): Promise<string | null> {
  if (!existsSync(CONNECT_GUARD_LIBRARY))
    return `${CONNECT_GUARD_LIBRARY} is missing: run \`npm run build\` on a machine with a C compiler`;
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    const stderr = await new Promise<string>((resolve) => {
      const child = spawn(
        ffmpegPath,
        [
          '-hide_banner',
          '-nostdin',
          '-protocol_whitelist',
          'tcp',
          '-i',
          `tcp://127.0.0.1:${port}`,
          '-f',
          'null',
          '-',
        ],
        { env: connectGuardEnv([]), stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let text = '';
      child.stderr.on('data', (chunk: Buffer) => (text = (text + chunk.toString()).slice(-4000)));
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('error', (error) => (text += error.message));
      child.on('close', () => {
        clearTimeout(timer);
        resolve(text);
      });
    });
    if (connections === 0 && stderr.includes(GUARD_REFUSAL)) return null;
    return connections > 0
      ? `${ffmpegPath} does not load it (a statically linked ffmpeg ignores LD_PRELOAD: use Debian's ffmpeg)`
      : `${ffmpegPath} could not be checked with it: ${stderr.trim().split('\n').at(-1) ?? 'no output'}`;
  } finally {
    server.close();
  }
}

/**
 * `connectGuardProblem`, asked once: a working guard keeps working; a problem is asked again after a minute (the
 * library may have been built since).
 */
export function connectGuardCheck(ffmpegPath: string, retryMs = 60_000): () => Promise<string | null> {
  let answer: Promise<string | null> | null = null;
  let askedAt = 0;
  return async () => {
    const now = Date.now();
    if (!answer || (now - askedAt > retryMs && (await answer) !== null)) {
      askedAt = now;
      answer = connectGuardProblem(ffmpegPath);
    }
    return answer;
  };
}
