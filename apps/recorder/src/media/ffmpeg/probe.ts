import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connectGuardEnv } from './connect-guard.js';
import { exitReason } from './exit-reason.js';
import { inputArgs, type StreamInput } from './args.js';
import type { StreamProbe } from './stream-probe.js';

export type { StreamProbe } from './stream-probe.js';

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

/** Why a stream could not be read; never contains the credentials the probe used. */
export class StreamProbeError extends Error {
  override readonly name = 'StreamProbeError';
}

/**
 * Opens a camera stream the way the pipelines do (same input arguments: allowed protocols and demuxers, RTSP
 * transport, credentials, the connection guard for a plain user's camera) and reads what it sends: the first video
 * stream's codec, size and B-frames, and the first audio stream's codec.
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
    '-show_entries',
    'stream=codec_type,codec_name,width,height,has_b_frames,sample_rate,channels',
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
  const streams = (JSON.parse(stdout) as { streams?: Array<Record<string, unknown>> }).streams ?? [];
  const video = streams.find((stream) => stream['codec_type'] === 'video');
  if (!video || typeof video['codec_name'] !== 'string')
    throw new StreamProbeError('the stream has no video');
  const audio = streams.find((stream) => stream['codec_type'] === 'audio');
  const count = (value: unknown) => {
    const number = typeof value === 'string' ? Number(value) : value;
    return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
  };
  return {
    codec: video['codec_name'],
    width: count(video['width']),
    height: count(video['height']),
    bFrames: (count(video['has_b_frames']) ?? 0) > 0,
    audio:
      audio && typeof audio['codec_name'] === 'string'
        ? {
            codec: audio['codec_name'],
            sampleRate: count(audio['sample_rate']),
            channels: count(audio['channels']),
          }
        : null,
  };
}

function scrubCredentials(text: string, input: StreamInput): string {
  let clean = text;
  for (const secret of [input.password, input.password && encodeURIComponent(input.password)]) {
    if (secret) clean = clean.split(secret).join('***');
  }
  return clean.replace(/(\w+:\/\/)[^/@\s]*@/g, '$1');
}
