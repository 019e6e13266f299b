// Joins chunks into one MP4 trimmed to a range, without re-encoding: ffmpeg's concat demuxer with per-file
// in/out points. A copy can only start on a keyframe and the demuxer would take the one before the in point (up
// to a whole keyframe interval early), so the start moves to the keyframe nearest to it: the export is off by at
// most half an interval.
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Fmp4Reader } from '../hls/fmp4-reader.js';

const run = promisify(execFile);

export interface ChunkFile {
  path: string;
  startMs: number;
  endMs: number;
}

/** The concat list: chunks in order, the first and last trimmed to [fromMs, toMs]. */
export function concatList(chunks: ChunkFile[], fromMs: number, toMs: number): string {
  const quote = (path: string) => `'${path.replace(/'/g, "'\\''")}'`;
  return chunks
    .map((chunk) => {
      const lines = [`file ${quote(chunk.path)}`];
      if (fromMs > chunk.startMs) lines.push(`inpoint ${((fromMs - chunk.startMs) / 1000).toFixed(3)}`);
      if (toMs < chunk.endMs) lines.push(`outpoint ${((toMs - chunk.startMs) / 1000).toFixed(3)}`);
      return lines.join('\n');
    })
    .join('\n');
}

export async function exportRange(
  ffmpegPath: string,
  chunks: ChunkFile[],
  fromMs: number,
  toMs: number,
): Promise<{ path: string; size: number; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'nvr-export-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const list = join(dir, 'chunks.txt');
    const output = join(dir, 'export.mp4');
    await writeFile(list, concatList(chunks, await nearestKeyframe(chunks[0], fromMs), toMs));
    await run(
      ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        list,
        '-c',
        'copy',
        '-movflags',
        '+faststart',
        output,
      ],
      { timeout: 10 * 60_000 },
    );
    return { path: output, size: (await stat(output)).size, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** The instant of the keyframe of the first chunk nearest to `fromMs` (unchanged when it cannot be read). */
async function nearestKeyframe(chunk: ChunkFile | undefined, fromMs: number): Promise<number> {
  if (!chunk || fromMs <= chunk.startMs) return fromMs;
  const offset = (fromMs - chunk.startMs) / 1000;
  const keyframes = await keyframeOffsets(chunk.path, offset).catch(() => []);
  if (keyframes.length === 0) return fromMs;
  const nearest = keyframes.reduce((best, at) =>
    Math.abs(at - offset) < Math.abs(best - offset) ? at : best,
  );
  return chunk.startMs + Math.round(nearest * 1000);
}

/**
 * Where the keyframes of a recorded chunk are (seconds from its start), read from its fragments (the recorder
 * starts one at every keyframe) up to the first one past `until`.
 */
function keyframeOffsets(path: string, until: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const found: number[] = [];
    const input = createReadStream(path);
    const done = () => {
      input.destroy();
      resolve(found);
    };
    const reader = new Fmp4Reader({
      init: () => {},
      fragment: (fragment) => {
        if (!fragment.independent) return;
        found.push(fragment.startSeconds);
        if (fragment.startSeconds > until) done();
      },
    });
    input.on('data', (data) => {
      try {
        reader.push(Buffer.from(data));
      } catch (error) {
        input.destroy();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    input.on('end', done);
    input.on('error', reject);
  });
}
