// Joins chunks into one MP4 trimmed to a range, without re-encoding: ffmpeg's concat demuxer with per-file
// in/out points. A copied stream must start at a keyframe, so the first chunk is read from the keyframe before
// the in point; with -copyts those extra frames keep their negative timestamps and the MP4 muxer writes an edit
// list that hides them, so the export plays from the chosen instant and lasts the chosen range (to a frame).
// Transcoded (H.264 for players that decode nothing else): the chunks are decoded whole and cut by decoding
// (`-ss`/`-t` on the output), which is exact to the frame without an edit list, at the price of decoding the
// first chunk up to the start.
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

/**
 * The range's footage as one MP4 in a temporary directory. `transcode`: video re-encoded to H.264 and sound to AAC
 * (an H.265 recording for players that decode only H.264); otherwise stream-copied.
 */
export async function exportRange(
  ffmpegPath: string,
  chunks: ChunkFile[],
  fromMs: number,
  toMs: number,
  { transcode = false }: { transcode?: boolean } = {},
): Promise<{ path: string; size: number; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'nvr-export-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const list = join(dir, 'chunks.txt');
    const output = join(dir, 'export.mp4');
    await writeFile(
      list,
      transcode ? concatList(chunks, -Infinity, Infinity) : concatList(chunks, fromMs, toMs),
    );
    const input = ['-f', 'concat', '-safe', '0', '-i', list];
    await run(
      ffmpegPath,
      [
        ...['-hide_banner', '-loglevel', 'error'],
        ...(transcode
          ? [...input, ...transcodedCut(chunks, fromMs, toMs)]
          : ['-copyts', ...input, '-c', 'copy']),
        ...['-movflags', '+faststart', output],
      ],
      { timeout: transcode ? TRANSCODE_TIMEOUT_MS : 10 * 60_000 },
    );
    return { path: output, size: (await stat(output)).size, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** A transcoded export may take this long (about real time for 1080p on two cores: see docs/media.md). */
export const TRANSCODE_TIMEOUT_MS = 60 * 60_000;

/**
 * The output options of a transcoded export of whole chunks joined back to back: from the start into the first
 * chunk, for as much footage as the range holds (a gap between chunks is not in the joined input either).
 */
function transcodedCut(chunks: ChunkFile[], fromMs: number, toMs: number): string[] {
  const skipMs = Math.max(0, fromMs - chunks[0]!.startMs);
  const footageMs = chunks.reduce(
    (sum, chunk) => sum + Math.max(0, Math.min(toMs, chunk.endMs) - Math.max(fromMs, chunk.startMs)),
    0,
  );
  return [
    ...['-ss', (skipMs / 1000).toFixed(3), '-t', (footageMs / 1000).toFixed(3)],
    ...['-map', '0:v:0', '-map', '0:a:0?'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '64k'],
  ];
}
