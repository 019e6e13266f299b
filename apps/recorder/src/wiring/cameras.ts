// The cameras and what hangs on a camera's record: its config, rights, skills, device users, ONVIF (PTZ), the media-source
// TLS material, layouts, apps and backup. A camera's status needs the camera leases (cluster family) first.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { connectGuardCheck } from '../media/ffmpeg/connect-guard.js';
import { probeTls } from '../media/tls-probe.js';
import { AppsRepository } from '../modules/apps/apps.repository.js';
import { AppsService } from '../modules/apps/apps.service.js';
import type { AuditService } from '../modules/audit/audit.service.js';
import { BackupRepository } from '../modules/backup/backup.repository.js';
import { BackupService } from '../modules/backup/backup.service.js';
import { cameraConfigReactions } from '../modules/camera-config/camera-config.reactions.js';
import { CameraConfigRepository } from '../modules/camera-config/camera-config.repository.js';
import { DEFAULT_CAMERA_CONFIG } from '../modules/camera-config/camera-config.schemas.js';
import { CameraConfigService, type TlsProber } from '../modules/camera-config/camera-config.service.js';
import { CameraAccess } from '../modules/cameras/camera-access.js';
import { CameraHostPolicy } from '../modules/cameras/camera-hosts.js';
import { CameraStatusService } from '../modules/cameras/camera-status.service.js';
import { CamerasRepository } from '../modules/cameras/cameras.repository.js';
import { CamerasService } from '../modules/cameras/cameras.service.js';
import type { CameraLeases } from '../modules/cluster/camera-leases.js';
import { DeviceUsersService } from '../modules/device-users/device-users.service.js';
import { LayoutsRepository } from '../modules/layouts/layouts.repository.js';
import { LayoutsService } from '../modules/layouts/layouts.service.js';
import { mediaTlsReactions } from '../modules/media-tls/media-tls.reactions.js';
import { MediaTlsRepository } from '../modules/media-tls/media-tls.repository.js';
import { MediaTlsService } from '../modules/media-tls/media-tls.service.js';
import { OnvifService } from '../modules/onvif/onvif.service.js';
import { PermissionsRepository } from '../modules/permissions/permissions.repository.js';
import { PermissionsService } from '../modules/permissions/permissions.service.js';
import { PtzService } from '../modules/ptz/ptz.service.js';
import type { RecorderEventBus } from '../modules/recorder-events.js';
import { SkillsRepository } from '../modules/skills/skills.repository.js';
import { SkillsService } from '../modules/skills/skills.service.js';
import type { UsersService } from '../modules/users/users.service.js';
import type { SecretBox } from '../platform/crypto/secret-box.js';
import type { DatabaseHandle } from '../platform/db/database.js';
import type { Part } from '../platform/lifecycle.js';

/** The container overrides this family reads (documented on ContainerOverrides). */
export interface CamerasOverrides {
  tlsProber?: TlsProber;
  onvifTimeoutMs?: number;
  cameraHostResolver?: (host: string) => Promise<string[]>;
}

export interface CamerasDeps {
  config: Config;
  database: DatabaseHandle;
  secretBox: SecretBox;
  audit: AuditService;
  users: UsersService;
  internalEvents: RecorderEventBus;
  logger: FastifyBaseLogger;
  cameraLeases: CameraLeases;
  overrides: CamerasOverrides;
}

export function wireCameras({
  config,
  database,
  secretBox,
  audit,
  users,
  internalEvents,
  logger,
  cameraLeases,
  overrides,
}: CamerasDeps) {
  const camerasRepository = new CamerasRepository(database.db);
  const access = new CameraAccess(camerasRepository);
  // A camera another node runs shows that node's report (shared through the database: status-sharing.ts).
  const cameraStatus = new CameraStatusService((cameraId) => cameraLeases.fence(cameraId) !== null);
  const skills = new SkillsService(new SkillsRepository(database.db, database.dialect), access, audit);
  // Plain users' cameras may not point at this machine or its link (checked on save and on connect).
  const cameraHosts = new CameraHostPolicy(async (userId) => {
    const user = await users.findById(userId);
    return user?.is_superuser === true && user.is_active;
  }, overrides.cameraHostResolver);
  const cameraConfig = new CameraConfigService(
    new CameraConfigRepository(database.db),
    access,
    audit,
    overrides.tlsProber ?? ((host, port) => probeTls(host, port)),
    cameraHosts,
    config.recordingsDir,
    logger,
    internalEvents,
  );
  const cameras = new CamerasService(
    camerasRepository,
    access,
    skills,
    cameraStatus,
    cameraHosts,
    secretBox,
    audit,
    config.recordingsDir,
    internalEvents,
    DEFAULT_CAMERA_CONFIG,
  );
  const permissions = new PermissionsService(new PermissionsRepository(database.db), access, users, audit);
  const deviceUsers = new DeviceUsersService(access, cameras, audit, overrides.onvifTimeoutMs);
  const ptz = new PtzService(access, cameras, audit, overrides.onvifTimeoutMs);
  // Whether ffmpeg can run with the connection guard that plain users' cameras are read under (asked once).
  const connectGuardProblem = connectGuardCheck(config.media.ffmpegPath);
  const onvif = new OnvifService(cameras, audit, {
    ffprobePath: config.media.ffprobePath,
    timeoutMs: overrides.onvifTimeoutMs,
    connectGuardProblem,
  });
  const mediaTls = new MediaTlsService(new MediaTlsRepository(database.db), secretBox, audit, internalEvents);
  const layouts = new LayoutsService(new LayoutsRepository(database.db), access, audit);
  const apps = new AppsService(new AppsRepository(database.db), users, audit);
  const backup = new BackupService(
    new BackupRepository(database.db, database.dialect),
    secretBox,
    audit,
    config.version,
    internalEvents,
  );

  return {
    /** the alerts name a camera from its record */
    camerasRepository,
    access,
    cameraStatus,
    skills,
    cameraConfig,
    cameras,
    permissions,
    deviceUsers,
    ptz,
    connectGuardProblem,
    onvif,
    mediaTls,
    layouts,
    apps,
    backup,
    parts: {
      streamConfigProbes: { name: 'stream config probes', stop: () => cameraConfig.idle() },
    } satisfies Record<string, Part>,
    reactions: {
      cameraConfig: () => cameraConfigReactions(internalEvents, cameraConfig),
      mediaTls: () => mediaTlsReactions(internalEvents, mediaTls),
    } satisfies Record<string, () => () => void>,
  };
}
