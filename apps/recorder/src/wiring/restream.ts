// The RTSP restream (issue #36, docs/restream.md): readers of the camera streams' fan-out over RTSP, signed in
// with their NVR account. Built after the media family (it reads the camera streams); listens on RTSP_PORT at
// HOST once started, like the HTTP server — a port that cannot be bound stops the start, as the HTTP port's does.
import type { Config } from '../config.js';
import type { StreamHub } from '../media/ingest/stream-hub.js';
import type { AuditService } from '../modules/audit/audit.service.js';
import type { LoginThrottle } from '../modules/auth/login-throttle.js';
import type { StreamFacts } from '../modules/camera-runtime/stream-facts.js';
import type { CameraAccess } from '../modules/cameras/camera-access.js';
import type { CameraStatusService } from '../modules/cameras/camera-status.service.js';
import { RestreamService } from '../modules/restream/restream.service.js';
import { RtspServer } from '../modules/restream/rtsp-server.js';
import type { UsersService } from '../modules/users/users.service.js';
import type { PasswordHasher } from '../platform/crypto/passwords.js';
import type { Part } from '../platform/lifecycle.js';

/** The container overrides this family reads (documented on ContainerOverrides). */
export interface RestreamOverrides {
  restreamIdleStopMs?: number;
  restreamReaderBacklog?: number;
}

export interface RestreamDeps {
  config: Config;
  users: UsersService;
  hasher: PasswordHasher;
  loginThrottle: LoginThrottle;
  access: CameraAccess;
  audit: AuditService;
  cameraStatus: CameraStatusService;
  streams: StreamHub;
  streamFacts: StreamFacts;
  overrides: RestreamOverrides;
}

export function wireRestream(deps: RestreamDeps) {
  const { config, overrides } = deps;
  const restream = new RestreamService(
    deps.users,
    deps.hasher,
    deps.loginThrottle,
    deps.access,
    deps.audit,
    deps.cameraStatus,
    deps.streams,
    deps.streamFacts,
    {
      ffmpegPath: config.media.ffmpegPath,
      ...(overrides.restreamIdleStopMs === undefined ? {} : { idleStopMs: overrides.restreamIdleStopMs }),
    },
  );
  const server = new RtspServer(restream, overrides.restreamReaderBacklog);
  let port: number | null = null;
  return {
    restream,
    /** the port readers connect to, once started (null: RTSP_PORT=0, or not started) */
    rtspPort: () => port,
    parts: {
      restream: {
        name: 'RTSP restream',
        start: async () => {
          if (config.rtspPort === null) return;
          port = await server.listen(config.rtspPort, config.host);
        },
        stop: async () => {
          await server.close();
          await restream.close();
        },
      },
    } satisfies Record<string, Part>,
  };
}
