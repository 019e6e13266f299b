// Joins chunks into one MP4 trimmed to a range, without re-encoding: ffmpeg's concat demuxer with per-file
// in/out points. A copied stream must start at a keyframe, so the first chunk is read from the keyframe before
// the in point; with -copyts those extra frames keep their negative timestamps and the MP4 muxer writes an edit
// list that hides them, so the export plays from the chosen instant and lasts the chosen range (to a frame).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

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
    await writeFile(list, concatList(chunks, fromMs, toMs));
    await run(
      ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-copyts',
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
