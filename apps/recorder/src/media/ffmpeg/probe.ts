import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

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
