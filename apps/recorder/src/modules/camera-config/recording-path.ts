// Where a camera's custom `recording_path` may point. Hard delete removes the camera's directory recursively, so a
// path that is, contains or lies inside another camera's directory would let deleting one camera remove another
// camera's recordings. Default directories are `cam-<id>` directly under the root (cameraRecordingDir).
import { relative, resolve, sep } from 'node:path';
import { isWithin, resolveInsideRoot } from '../../platform/storage/recording-dirs.js';

const DEFAULT_DIR = /^cam-\d+$/;

/**
 * Why `path` cannot be camera `cameraId`'s recording_path, or null when it can. `otherPaths` are the
 * recording_path values of every other camera, binned ones included (they still own their files).
 */
export function recordingPathProblem(
  root: string,
  cameraId: number,
  path: string,
  otherPaths: readonly string[],
): string | null {
  const dir = resolveInsideRoot(root, path);
  if (dir === null) {
    return isRoot(root, path)
      ? 'recording_path may not be the recordings root itself'
      : 'recording_path must stay inside the recordings root';
  }
  // Also for ids no camera has yet: that camera may be created later and would get this directory.
  const top = relative(resolve(root), dir).split(sep)[0]!;
  if (DEFAULT_DIR.test(top) && top !== `cam-${cameraId}`) {
    return `recording_path may not be or lie inside ${top}: cam-<id> directories belong to the cameras with those ids`;
  }
  for (const other of otherPaths) {
    const otherDir = resolveInsideRoot(root, other);
    if (otherDir !== null && (isWithin(dir, otherDir) || isWithin(otherDir, dir))) {
      return "recording_path may not be, contain or lie inside another camera's recording_path";
    }
  }
  return null;
}

function isRoot(root: string, path: string): boolean {
  return resolve(root, path) === resolve(root);
}
