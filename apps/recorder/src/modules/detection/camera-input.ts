// How the AI frame grabber reads a camera: the same source, credentials and transport-security policy as the
// recording and live pipelines (API.md §5).
import type { StreamInput } from '../../media/ffmpeg/args.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import { planSource, verifySource } from '../recordings/stream-source.js';

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
  const decision = await verifySource(
    planSource(
      config?.source_url ?? camera.rtsp_url,
      config?.transport_security ?? 'rtsps_preferred',
      config?.transport_security_probe_result ?? 'not_probed',
      config?.transport_security_probe_port ?? null,
    ),
    undefined,
    (url) => cameras.sourceRefusal(camera, url),
  );
  if (!decision.ok) return { ok: false, reason: decision.error };
  const { username, password } = await cameras.credentials(cameraId);
  return {
    ok: true,
    input: {
      url: decision.plan.url,
      username,
      password,
      rtspTransport: config?.rtsp_transport === 'udp' ? 'udp' : 'tcp',
      extraOptions: config?.extra_options ? (JSON.parse(config.extra_options) as Record<string, string>) : {},
    },
  };
}
