import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connectGuardEnv } from './connect-guard.js';
import { exitReason } from './exit-reason.js';
import { inputArgs, type StreamInput } from './args.js';

const run = promisify(execFile);

/** Playable duration of a media file in seconds (a cut-off fragmented MP4 reports its complete fragments). */
export async function mediaDuration(ffprobePath: string, file: string): Promise<number | null> {
  try {
    const { stdout } = await run(
      ffprobePath,
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
      {
        timeout: 30_000,
      },
    );
    const seconds = Number(stdout.trim());
    return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}

/** Whether the binary runs at all (for a clear message at startup). */
export async function binaryWorks(path: string): Promise<boolean> {
  try {
    await run(path, ['-version'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

export interface StreamProbe {
  codec: string;
  width: number | null;
  height: number | null;
}

/** Why a stream could not be read; never contains the credentials the probe used. */
export class StreamProbeError extends Error {
  override readonly name = 'StreamProbeError';
}

/**
 * Opens a camera stream the way the pipelines do (same input arguments: allowed protocols and demuxers, RTSP
 * transport, credentials) and reads its first video stream's codec and size.
 */
export async function probeStream(
  ffprobePath: string,
  input: StreamInput,
  timeoutMs = 15_000,
): Promise<StreamProbe> {
  const args = [
    '-v',
    'error',
    ...inputArgs(input),
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height',
    '-of',
    'json',
  ];
  let stdout: string;
  try {
    ({ stdout } = await run(ffprobePath, args, {
      timeout: timeoutMs,
      maxBuffer: 64 * 1024,
      ...(input.guarded ? { env: connectGuardEnv([]) } : {}),
    }));
  } catch (error) {
    const { stderr, killed } = error as { stderr?: string; killed?: boolean };
    if (killed) throw new StreamProbeError(`no stream information within ${timeoutMs} ms`);
    const reason = exitReason({ code: 1, signal: null, stalled: false, stderrTail: stderr ?? '' });
    throw new StreamProbeError(scrubCredentials(reason, input) || 'ffprobe could not open the stream');
  }
  const stream = (JSON.parse(stdout) as { streams?: Array<Record<string, unknown>> }).streams?.[0];
  if (!stream || typeof stream['codec_name'] !== 'string')
    throw new StreamProbeError('the stream has no video');
  const size = (value: unknown) => (typeof value === 'number' && value > 0 ? value : null);
  return { codec: stream['codec_name'], width: size(stream['width']), height: size(stream['height']) };
}

/** ffmpeg names the URL it failed on, credentials and all. */
function scrubCredentials(text: string, input: StreamInput): string {
  let clean = text;
  for (const secret of [input.password, input.password && encodeURIComponent(input.password)]) {
    if (secret) clean = clean.split(secret).join('***');
  }
  return clean.replace(/(\w+:\/\/)[^/@\s]*@/g, '$1');
}
