// Where a camera's recordings live, and removing them. Every path is checked to stay inside the recordings
// root, so a bad `recording_path` can never point a deletion elsewhere.
import { readdir, rm, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

export class RecordingPathError extends Error {}

/** Resolves a `recording_path` (relative to the root, or absolute inside it); null when it escapes the root. */
export function resolveInsideRoot(root: string, path: string): string | null {
  const base = resolve(root);
  const absolute = isAbsolute(path) ? resolve(path) : resolve(base, path);
  return absolute !== base && isWithin(base, absolute) ? absolute : null;
}

/** The camera's directory: `<root>/cam-<id>`, or its configured `recording_path`. */
export function cameraRecordingDir(root: string, cameraId: number, recordingPath: string | null): string {
  if (recordingPath) {
    const dir = resolveInsideRoot(root, recordingPath);
    if (dir === null)
      throw new RecordingPathError(`recording_path ${recordingPath} is outside the recordings root`);
    return dir;
  }
  return join(resolve(root), `cam-${cameraId}`);
}

export function relativeToRoot(root: string, dir: string): string {
  return relative(resolve(root), dir);
}

/** Deletes a directory tree; returns how many MP4 chunks and bytes went. A missing directory frees nothing. */
export async function deleteRecordingDir(
  root: string,
  dir: string,
): Promise<{ files: number; bytes: number }> {
  if (resolveInsideRoot(root, dir) === null)
    throw new RecordingPathError(`${dir} is not inside the recordings root`);
  const totals = { files: 0, bytes: 0 };
  const walk = async (path: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) {
        totals.bytes += (await stat(child)).size;
        if (entry.name.endsWith('.mp4')) totals.files += 1;
      }
    }
  };
  await walk(dir);
  await rm(dir, { recursive: true, force: true });
  return totals;
}

/** Whether `path` is `dir` or lies below it (both absolute). */
export function isWithin(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Deletes single chunk files (paths relative to the root, as the recording index keeps them); returns how many
 * MP4 chunks and bytes went. A file already gone frees nothing, so a retry after a failure goes on where it
 * stopped.
 */
export async function deleteRecordingFiles(
  root: string,
  paths: readonly string[],
): Promise<{ files: number; bytes: number }> {
  const totals = { files: 0, bytes: 0 };
  for (const path of paths) {
    const file = resolveInsideRoot(root, path);
    if (file === null) throw new RecordingPathError(`${path} is not inside the recordings root`);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    await rm(file, { force: true });
    totals.bytes += size;
    if (file.endsWith('.mp4')) totals.files += 1;
  }
  return totals;
}
