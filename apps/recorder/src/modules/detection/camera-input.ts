// How the AI frame grabber reads a camera: the same source, credentials and transport-security policy as the
// recording and live pipelines (API.md §5).
import type { StreamInput } from '../../media/ffmpeg/args.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import { decideSource, streamInput } from '../recordings/stream-source.js';

export type CameraInput = { ok: true; input: StreamInput } | { ok: false; reason: string };

export async function cameraInput(
  cameras: CamerasService,
  configs: CameraConfigService,
  cameraId: number,
): Promise<CameraInput> {
  const camera = await cameras.find(cameraId);
  if (!camera || camera.deleted_at !== null) return { ok: false, reason: 'camera not found' };
  if (!camera.is_active) return { ok: false, reason: 'camera is paused (is_active false)' };
  const config = await configs.find(cameraId);
  const decision = await decideSource(camera, config, { guard: (url) => cameras.sourceRefusal(camera, url) });
  if (!decision.ok) return { ok: false, reason: decision.error };
  return {
    ok: true,
    input: streamInput(decision.plan.url, await cameras.credentials(cameraId), config),
  };
}
