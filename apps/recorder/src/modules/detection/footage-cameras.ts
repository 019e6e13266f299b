// Whose footage a chunk is. A model with a custom recording_path reads by directory, so each chunk it finds is
// traced back to the camera that recorded it: the camera whose directory (its default `cam-<id>`, which stays
// its own even after a recording_path moved it elsewhere, or its configured recording_path) holds the file,
// the innermost one should directories nest. A chunk under no camera's directory belongs to no camera.
import { cameraRecordingDir, isWithin, resolveInsideRoot } from '../../platform/storage/recording-dirs.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type { CamerasService } from '../cameras/cameras.service.js';

export interface CameraDirectory {
  cameraId: number;
  dir: string;
}

/** Every directory a camera (binned ones included: they still own their files) records into. */
export async function cameraDirectories(
  root: string,
  cameras: Pick<CamerasService, 'allIds'>,
  configs: Pick<CameraConfigService, 'find'>,
): Promise<CameraDirectory[]> {
  const out: CameraDirectory[] = [];
  for (const cameraId of await cameras.allIds()) {
    out.push({ cameraId, dir: cameraRecordingDir(root, cameraId, null) });
    const custom = (await configs.find(cameraId))?.recording_path;
    const dir = custom ? resolveInsideRoot(root, custom) : null;
    if (dir !== null) out.push({ cameraId, dir });
  }
  return out;
}

/** The camera whose footage `file` (absolute) is, or null. */
export function cameraOfChunk(directories: readonly CameraDirectory[], file: string): number | null {
  let best: CameraDirectory | null = null;
  for (const entry of directories) {
    if (isWithin(entry.dir, file) && (best === null || entry.dir.length > best.dir.length)) best = entry;
  }
  return best?.cameraId ?? null;
}
