// Composition root: the one place that knows how the pieces fit. db → repositories → services.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { createLogger } from './platform/logging.js';
import { JwtService } from './platform/auth/jwt.js';
import { TicketService } from './platform/auth/tickets.js';
import { loadOrCreateSecretFile } from './platform/crypto/key-file.js';
import { PasswordHasher } from './platform/crypto/passwords.js';
import { SecretBox } from './platform/crypto/secret-box.js';
import { openDatabase, type DatabaseHandle } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { EventBus } from './platform/events/event-bus.js';
import { EventStore } from './platform/events/event-store.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { AuditService } from './modules/audit/audit.service.js';
import { AuthRepository } from './modules/auth/auth.repository.js';
import { AuthService } from './modules/auth/auth.service.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { CameraConfigRepository } from './modules/camera-config/camera-config.repository.js';
import { CameraConfigService, type TlsProber } from './modules/camera-config/camera-config.service.js';
import { DEFAULT_CAMERA_CONFIG } from './modules/camera-config/camera-config.schemas.js';
import { CameraAccess } from './modules/cameras/camera-access.js';
import { CameraHostPolicy } from './modules/cameras/camera-hosts.js';
import { CameraStatusService } from './modules/cameras/camera-status.service.js';
import { CamerasRepository } from './modules/cameras/cameras.repository.js';
import { CamerasService } from './modules/cameras/cameras.service.js';
import { DeviceUsersService } from './modules/device-users/device-users.service.js';
import { OnvifService } from './modules/onvif/onvif.service.js';
import { EventsService } from './modules/events/events.service.js';
import { AlertsRepository } from './modules/alerts/alerts.repository.js';
import { AlertsService } from './modules/alerts/alerts.service.js';
import { AlertActionsRepository } from './modules/alert-actions/alert-actions.repository.js';
import { AlertActionsService } from './modules/alert-actions/alert-actions.service.js';
import type { DeliveryWorker } from './modules/alert-actions/delivery-worker.js';
import { alertActionReactions } from './modules/alert-actions/alert-actions.reactions.js';
import { alertReactions } from './modules/alerts/alerts.reactions.js';
import { adapterReactions } from './modules/adapters/adapters.reactions.js';
import { mediaTlsReactions } from './modules/media-tls/media-tls.reactions.js';
import { ModelRuns } from './modules/ai-models/model-runs.js';
import { removeAll } from './modules/reactions.js';
import { Lifecycle } from './platform/lifecycle.js';
import { MotionRepository } from './modules/motion/motion.repository.js';
import { MotionService } from './modules/motion/motion.service.js';
import { MotionWatch } from './modules/motion/motion-watch.js';
import { motionReactions } from './modules/motion/motion.reactions.js';
import { TrackedObjects } from './modules/tracking/tracked-objects.js';
import { trackingReactions } from './modules/tracking/tracking.reactions.js';
import { ZoneWatch } from './modules/zones/zone-watch.js';
import { ReviewBuilder } from './modules/review/review-builder.js';
import { ReviewFiles } from './modules/review/review-files.js';
import { reviewReactions } from './modules/review/review.reactions.js';
import { ReviewRepository } from './modules/review/review.repository.js';
import { ReviewService } from './modules/review/review.service.js';
import { zoneReactions } from './modules/zones/zones.reactions.js';
import { ZonesRepository } from './modules/zones/zones.repository.js';
import { ZonesService } from './modules/zones/zones.service.js';
import { createCloud, type Cloud, type CloudOverrides } from './modules/cloud/cloud.js';
import { PermissionsRepository } from './modules/permissions/permissions.repository.js';
import { PermissionsService } from './modules/permissions/permissions.service.js';
import { SkillsRepository } from './modules/skills/skills.repository.js';
import { SkillsService } from './modules/skills/skills.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { probeTls } from './media/tls-probe.js';
import type { BackoffPolicy } from './media/supervisor.js';
import { RecordingEngine } from './modules/recordings/recording-engine.js';
import { RecordingsRepository } from './modules/recordings/recordings.repository.js';
import { RecordingsService } from './modules/recordings/recordings.service.js';
import { RecordingsVolume } from './modules/recordings/recordings-volume.js';
import { RetentionService } from './modules/recordings/retention.js';
import { RecordingWatch } from './modules/recordings/recording-watch.js';
import { LiveStatus } from './modules/live/live-status.js';
import { StreamProbes } from './modules/camera-sources/stream-probes.js';
import { connectGuardCheck } from './media/ffmpeg/connect-guard.js';
import { LiveService } from './modules/live/live.service.js';
import { LiveHls } from './modules/live/live-hls.js';
import { StreamHub } from './media/ingest/stream-hub.js';
import { SourceResolver } from './modules/camera-sources/source-resolver.js';
import { LiveWebRtc } from './modules/live/live-webrtc.js';
import { UsersService, type SessionRevoker } from './modules/users/users.service.js';
import { AiModelsRepository } from './modules/ai-models/ai-models.repository.js';
import { AiModelsService } from './modules/ai-models/ai-models.service.js';
import { DetectionResultsRepository } from './modules/detection-results/detection-results.repository.js';
import { DetectionResultsService } from './modules/detection-results/detection-results.service.js';
import { AdapterRegistry } from './modules/adapters/adapter-registry.js';
import { AdaptersRepository } from './modules/adapters/adapters.repository.js';
import { AdaptersService } from './modules/adapters/adapters.service.js';
import { FacesService } from './modules/faces/faces.service.js';
import { CapabilitiesService } from './modules/capabilities/capabilities.service.js';
import { DetectionLoop } from './modules/detection/detection-loop.js';
import { ModelTrial } from './modules/detection/model-trial.js';
import { FramesCleaner } from './modules/detection/frames-cleaner.js';
import { LayoutsRepository } from './modules/layouts/layouts.repository.js';
import { LayoutsService } from './modules/layouts/layouts.service.js';
import { AppsRepository } from './modules/apps/apps.repository.js';
import { AppsService } from './modules/apps/apps.service.js';
import { MediaTlsRepository } from './modules/media-tls/media-tls.repository.js';
import { MediaTlsService } from './modules/media-tls/media-tls.service.js';
import { BackupRepository } from './modules/backup/backup.repository.js';
import { BackupService } from './modules/backup/backup.service.js';
import { InternalEvents } from './platform/events/internal-events.js';
import type { RecorderEventBus, RecorderEvents } from './modules/recorder-events.js';
import { cameraConfigReactions } from './modules/camera-config/camera-config.reactions.js';
import { liveReactions } from './modules/live/live.reactions.js';
import { recordingNoticeReactions, recordingReactions } from './modules/recordings/recordings.reactions.js';
import { detectionReactions } from './modules/detection/detection.reactions.js';
import { RecorderMetrics } from './modules/metrics/recorder-metrics.js';
import { metricsSources } from './modules/metrics/metrics-sources.js';
import { metricsReactions } from './modules/metrics/metrics.reactions.js';
import { MqttRepository } from './modules/mqtt/mqtt.repository.js';
import { MqttService, type MqttOptions } from './modules/mqtt/mqtt.service.js';
import { mqttReactions } from './modules/mqtt/mqtt.reactions.js';
import { CameraLeases } from './modules/cluster/camera-leases.js';
import { ChunkTranscodes } from './media/ffmpeg/chunk-transcode.js';
import { ClusterRepository } from './modules/cluster/cluster.repository.js';
import { ClusterService } from './modules/cluster/cluster.service.js';
import { clusterReactions } from './modules/cluster/cluster.reactions.js';
import { loadOrCreateNodeId } from './modules/cluster/node-identity.js';
import { StatusSharing } from './modules/cluster/status-sharing.js';
import { checkClusterSecrets } from './modules/cluster/cluster-secrets.js';
import { NodeProxy } from './modules/cluster/node-proxy.js';
import { ForwardedClient } from './platform/http/forwarded-client.js';
import { ChangeRelay } from './modules/cluster/change-relay.js';
import { FootageNodes } from './modules/recordings/footage-nodes.js';

export interface Container {
  readonly config: Config;
  /** in-process change notifications between modules */
  readonly internalEvents: RecorderEventBus;
  readonly database: DatabaseHandle;
  readonly secretBox: SecretBox;
  readonly tickets: TicketService;
  readonly audit: AuditService;
  readonly users: UsersService;
  readonly auth: AuthService;
  readonly cameraStatus: CameraStatusService;
  readonly cameras: CamerasService;
  readonly cameraConfig: CameraConfigService;
  readonly permissions: PermissionsService;
  readonly skills: SkillsService;
  readonly deviceUsers: DeviceUsersService;
  readonly onvif: OnvifService;
  readonly recordings: RecordingsService;
  readonly recordingEngine: RecordingEngine;
  readonly retention: RetentionService;
  readonly recordingWatch: RecordingWatch;
  readonly live: LiveService;
  readonly liveHls: LiveHls;
  readonly liveWebRtc: LiveWebRtc;
  /** every camera stream, pulled once and fanned out (media/ingest) */
  readonly streams: StreamHub;
  /** starts the background work (event log pruning, reactions, alerts, recording, cloud, AI) in one order */
  start(): Promise<void>;
  readonly events: EventBus;
  /** the events API: scoped reads and live streams */
  readonly eventStreams: EventsService;
  /** raise(...) for AI rules, diskFloorReached(...) for the storage check */
  readonly alerts: AlertsService;
  readonly alertActions: AlertActionsService;
  readonly deliveries: DeliveryWorker;
  /** credentials, models, inference, jobs, settings, uploads, stream targets (API.md §12) */
  readonly cloud: Cloud;
  /** AI: model records, detection results, adapters (registry + API), capabilities, the detection loop */
  readonly aiModels: AiModelsService;
  /** try-it: one inference of a model on a camera's picture now */
  readonly modelTrial: ModelTrial;
  readonly detectionResults: DetectionResultsService;
  readonly adapterRegistry: AdapterRegistry;
  readonly adapters: AdaptersService;
  readonly faces: FacesService;
  readonly capabilities: CapabilitiesService;
  readonly detectionLoop: DetectionLoop;
  readonly framesCleaner: FramesCleaner;
  /** motion detection settings (API) and the watch that runs it */
  readonly motion: MotionService;
  readonly motionWatch: MotionWatch;
  readonly zones: ZonesService;
  readonly zoneWatch: ZoneWatch;
  readonly review: ReviewService;
  readonly reviewBuilder: ReviewBuilder;
  readonly layouts: LayoutsService;
  readonly apps: AppsService;
  /** the media-source TLS material: caBundle(), clientMaterial(), verifyPeer() for RTSPS, RTMPS, S3 */
  readonly mediaTls: MediaTlsService;
  readonly backup: BackupService;
  /** the Prometheus series of /metrics (modules/metrics) */
  readonly metrics: RecorderMetrics;
  /** MQTT: settings API, broker connection, states, Home Assistant discovery, commands (docs/mqtt.md) */
  readonly mqtt: MqttService;
  /** this node's camera leases: which cameras it runs (modules/cluster, docs/cluster.md) */
  readonly cameraLeases: CameraLeases;
  /** the nodes API */
  readonly cluster: ClusterService;
  /** who a request another node forwarded is from (platform/http/forwarded-client.ts) */
  readonly forwardedClient: ForwardedClient;
  /** the node-to-node channel: footage and live view of the other nodes (docs/cluster.md) */
  readonly nodeProxy: NodeProxy;
  /** the one logger of the process (the HTTP app logs through it too) */
  readonly logger: FastifyBaseLogger;
  close(): Promise<void>;
}

/** Seams tests may replace (e.g. a short probe timeout). */
export interface ContainerOverrides {
  tlsProber?: TlsProber;
  onvifTimeoutMs?: number;
  /** live sessions stop after this long without viewers (default 60 s) */
  liveIdleStopMs?: number;
  /** faster retries for recording tests */
  recordingBackoff?: BackoffPolicy;
  /** how camera host names resolve for the host rules (a test makes one change its answer) */
  cameraHostResolver?: (host: string) => Promise<string[]>;
  /** how often a `failed` camera is tried again (default 30 s) */
  recordingSlowRetryMs?: number;
  /** how long a camera that should record may go unrecorded before the alert (default two lease lifetimes) */
  recordingWatchGraceMs?: number;
  /** how often the recordings volume is checked (default 10 s) */
  volumeCheckMs?: number;
  /** the recordings volume's free bytes as retention measures them (default statfs; a test gives a small disk) */
  recordingsFreeBytes?: (path: string) => Promise<number>;
  /** where log lines go (default stdout); tests capture them to prove no secret is ever logged */
  logStream?: NodeJS.WritableStream;
  /** SSE heartbeat and WebSocket ping interval (default EVENTS_HEARTBEAT_SECONDS) */
  eventHeartbeatMs?: number;
  /** how long a camera stays offline before an alert (default CAMERA_OFFLINE_ALERT_SECONDS) */
  offlineAlertMs?: number;
  /** waits between notification attempts (default 20 s doubling, 6 attempts) */
  deliveryRetryDelaysMs?: number[];
  /** cloud timeouts, leases and retry delays */
  cloud?: CloudOverrides;
  /** AI: first restart delay of a failed frame grabber (default 1 s) */
  grabberBackoffMs?: number;
  /** AI: how often recording-mode models look for new chunks (default 60 s) */
  recordingRescanMs?: number;
  /** AI: how soon an adapter is polled again after a failed poll (default 5 s) */
  adapterRecheckMs?: number;
  /** review items: how long nothing moves before an item closes (default 10 s) */
  reviewCloseAfterMs?: number;
  /** password hashing and checking (a test counts the checks) */
  passwordHasher?: PasswordHasher;
  /** the clock of login lockouts, in ms (a test moves it on instead of waiting five minutes) */
  loginClock?: () => number;
  /** the clock of refresh-token rotation, in ms (a test moves it past the grace window instead of waiting) */
  refreshClock?: () => number;
  /** MQTT reconnect backoff and stats interval */
  mqtt?: MqttOptions;
  /** how often camera leases are renewed and shared out (default a quarter of CLUSTER_LEASE_SECONDS) */
  leaseRenewMs?: number;
}

export async function createContainer(
  config: Config,
  overrides: ContainerOverrides = {},
): Promise<Container> {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const logger = createLogger(config.logLevel, overrides.logStream);
  // Before the migrations: one of them seals what an earlier version stored in plaintext.
  const secretBox = config.masterKey
    ? SecretBox.fromString(config.masterKey)
    : new SecretBox(loadOrCreateSecretFile(join(config.dataDir, 'master.key'), 32));
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database, { secretBox });
  } catch (error) {
    await database.close();
    throw error;
  }

  // The bus comes first: every service that reports something publishes through it.
  const events = new EventBus(new EventStore(database.db), {
    retentionMs: config.events.retentionDays * 24 * 3600 * 1000,
    // PostgreSQL: clients get every recorder's events, in the database's order (event-relay.ts)
    notifications: database.notifications,
  });
  // In-process change notifications between modules (modules/recorder-events.ts): each module that follows a
  // change registers its handlers in its own *.reactions.ts, listed in the start list below.
  const internalEvents: RecorderEventBus = new InternalEvents<RecorderEvents>((event, error) =>
    logger.error({ err: error, event }, 'a reaction to an internal event failed'),
  );

  const jwtSecret = config.auth.jwtSecret
    ? Buffer.from(config.auth.jwtSecret, 'utf8')
    : loadOrCreateSecretFile(join(config.dataDir, 'jwt.secret'), 64);
  const jwt = new JwtService(jwtSecret);
  const clusterRepository = new ClusterRepository(database.db, database.dialect);
  // Nodes sharing a database must share these secrets too: a node with others refuses to start, saying which.
  try {
    await checkClusterSecrets(clusterRepository, secretBox, jwtSecret);
  } catch (error) {
    await database.close();
    throw error;
  }
  // Tickets carry their user's token epoch (`users` is bound below, before any ticket is issued).
  const tickets = new TicketService(jwt, (userId) => users.tokenEpochOf(userId));
  const hasher = overrides.passwordHasher ?? new PasswordHasher();

  const audit = new AuditService(new AuditRepository(database.db));
  // Users and auth need each other (auth looks users up; users end sessions): the late binding breaks the cycle.
  const sessions: SessionRevoker = { revokeAllSessions: (userId: number) => auth.revokeAllSessions(userId) };
  const users = new UsersService(new UsersRepository(database.db), hasher, audit, sessions);
  const authRepository = new AuthRepository(database.db);
  const loginThrottle = new LoginThrottle(authRepository, overrides.loginClock ?? Date.now);
  const auth: AuthService = new AuthService(
    users,
    authRepository,
    loginThrottle,
    jwt,
    tickets,
    hasher,
    audit,
    config.auth,
    overrides.refreshClock,
  );

  // This recorder as a node of the cluster that shares the database (one node with SQLite): the cameras whose
  // leases it holds are the ones it runs (modules/cluster).
  const nodeId = loadOrCreateNodeId(config.dataDir);
  const cameraLeases = new CameraLeases(
    clusterRepository,
    { id: nodeId, ...config.node, version: config.version },
    internalEvents,
    logger,
    {
      leaseMs: config.node.leaseSeconds * 1000,
      ...(overrides.leaseRenewMs === undefined ? {} : { renewMs: overrides.leaseRenewMs }),
    },
  );

  // What this node cannot answer itself goes to the node that can, with the caller's own credentials.
  // A forwarded request names its caller's address to the other node, signed with a key from the shared secret.
  const forwardedClient = new ForwardedClient(jwtSecret);
  const nodeProxy = new NodeProxy(clusterRepository, cameraLeases, {
    nodeId,
    leaseMs: config.node.leaseSeconds * 1000,
    clientSigner: forwardedClient,
  });

  const camerasRepository = new CamerasRepository(database.db);
  const access = new CameraAccess(camerasRepository);
  // A camera another node runs shows that node's report (shared through the database: status-sharing.ts).
  const cameraStatus = new CameraStatusService((cameraId) => cameraLeases.fence(cameraId) !== null);
  const statusSharing = new StatusSharing(clusterRepository, cameraStatus, cameraLeases, logger, {
    refreshMs: cameraLeases.renewMs,
  });
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
  // Whether ffmpeg can run with the connection guard that plain users' cameras are read under (asked once).
  const connectGuardProblem = connectGuardCheck(config.media.ffmpegPath);
  const onvif = new OnvifService(cameras, audit, {
    ffprobePath: config.media.ffprobePath,
    timeoutMs: overrides.onvifTimeoutMs,
    connectGuardProblem,
  });
  const recordingsRepository = new RecordingsRepository(database.db, database.dialect, nodeId);
  const mediaTls = new MediaTlsService(new MediaTlsRepository(database.db), secretBox, audit, internalEvents);
  // Recorded H.265 as H.264 for browsers without HEVC, transcoded on demand into a scratch directory.
  const chunkTranscodes = new ChunkTranscodes({
    ffmpegPath: config.media.ffmpegPath,
    scratchDir: join(config.dataDir, 'transcodes'),
  });
  const recordings = new RecordingsService(
    recordingsRepository,
    access,
    audit,
    config.recordingsDir,
    new FootageNodes(config.recordingsDir, nodeProxy),
    chunkTranscodes,
    config.media.ffmpegPath,
  );
  const recordingsVolume = new RecordingsVolume(config.recordingsDir, recordingsRepository);
  // How every pipeline reads a camera (the transport-security policy and the media-source TLS check included),
  // and the camera streams: each pulled once and fanned out to live view, snapshots, AI and stream targets.
  const sources = new SourceResolver(cameras, cameraConfig, cameraLeases, connectGuardProblem, (host, port) =>
    mediaTls.verifyPeer(host, port),
  );
  const liveStatus = new LiveStatus(cameraStatus);
  // What each camera stream sends, asked once per source: what is copied and what converted.
  const streamProbes = new StreamProbes(config.media.ffprobePath, logger);
  const streams = new StreamHub({
    ffmpegPath: config.media.ffmpegPath,
    resolve: async (cameraId, role, attempt) => {
      const input = await sources.input(cameraId, role, attempt);
      return { input, plan: await streamProbes.plan(cameraId, role, input) };
    },
    onLiveness: (cameraId, role, liveness) => liveStatus.streamLiveness(cameraId, role, liveness),
    ...(overrides.recordingBackoff ? { backoff: overrides.recordingBackoff } : {}),
  });
  const recordingEngine = new RecordingEngine(
    cameras,
    cameraConfig,
    cameraStatus,
    recordingsRepository,
    recordingsVolume,
    sources,
    streams,
    cameraLeases,
    streamProbes,
    {
      recordingsRoot: config.recordingsDir,
      ffmpegPath: config.media.ffmpegPath,
      ffprobePath: config.media.ffprobePath,
      ...(overrides.recordingBackoff ? { backoff: overrides.recordingBackoff } : {}),
      ...(overrides.recordingSlowRetryMs === undefined
        ? {}
        : { slowRetryMs: overrides.recordingSlowRetryMs }),
      ...(overrides.volumeCheckMs === undefined ? {} : { volumeCheckMs: overrides.volumeCheckMs }),
      // `metrics` is built below, once every service it reads exists; restarts come only after start().
      onFfmpegRestart: (cameraId) => metrics.ffmpegRestarted(cameraId),
    },
    internalEvents,
    logger,
  );
  // Recording is on but no node records the camera: tried again each round, alerted after two lease lifetimes.
  const recordingWatch = new RecordingWatch(cameras, recordingEngine, cameraLeases, internalEvents, logger, {
    intervalMs: cameraLeases.renewMs,
    graceMs: overrides.recordingWatchGraceMs ?? 2 * config.node.leaseSeconds * 1000,
  });
  const retention = new RetentionService(
    recordingsRepository,
    recordings,
    config.recordingsDir,
    recordingsVolume,
    logger,
    internalEvents,
    overrides.recordingsFreeBytes,
  );
  const liveHls = new LiveHls(streams, {
    ffmpegPath: config.media.ffmpegPath,
    ...(overrides.liveIdleStopMs === undefined ? {} : { idleStopMs: overrides.liveIdleStopMs }),
  });
  const liveWebRtc = new LiveWebRtc(streams, {
    ffmpegPath: config.media.ffmpegPath,
    ...(overrides.liveIdleStopMs === undefined ? {} : { idleStopMs: overrides.liveIdleStopMs }),
  });
  const live = new LiveService(
    access,
    cameras,
    cameraConfig,
    tickets,
    config.media.ffmpegPath,
    sources,
    streamProbes,
    streams,
    liveHls,
    liveWebRtc,
    nodeProxy,
  );
  const eventStreams = new EventsService(
    events,
    access,
    tickets,
    users,
    overrides.eventHeartbeatMs ?? config.events.heartbeatSeconds * 1000,
  );
  const alerts = new AlertsService(
    new AlertsRepository(database.db),
    access,
    events,
    audit,
    async (cameraId) => (await camerasRepository.findById(cameraId))?.name ?? null,
    overrides.offlineAlertMs ?? config.alerts.offlineAlertSeconds * 1000,
    internalEvents,
  );
  const alertActions = new AlertActionsService(
    new AlertActionsRepository(database.db),
    alerts,
    secretBox,
    audit,
    overrides.deliveryRetryDelaysMs,
  );
  const layouts = new LayoutsService(new LayoutsRepository(database.db), access, audit);
  const apps = new AppsService(new AppsRepository(database.db), users, audit);
  const backup = new BackupService(
    new BackupRepository(database.db, database.dialect),
    secretBox,
    audit,
    config.version,
    internalEvents,
  );
  const cloud = createCloud(
    {
      config,
      database,
      secretBox,
      audit,
      events,
      internalEvents,
      access,
      cameras,
      cameraConfig,
      sources,
      streams,
      nodeId,
      // The uploaded media-source CA bundle (API.md §13) verifies the S3 endpoint when use_byok is on.
      caBundle: async () => {
        const pem = await mediaTls.caBundle();
        return pem === null ? null : Buffer.from(pem);
      },
    },
    overrides.cloud,
  );

  // Prometheus metrics: gauges read from these services at scrape time; counters fed by hooks and reactions.
  const metrics = new RecorderMetrics(
    metricsSources({
      cameras,
      cameraStatus,
      eventStreams,
      alertActions,
      cloudJobs: cloud.jobs,
      cloudUploads: cloud.uploads,
      recordings,
    }),
  );

  // AI (API.md §8): model records and results, the adapters, and the loop that connects cameras to them.
  const modelRuns = new ModelRuns();
  const aiModels = new AiModelsService(
    new AiModelsRepository(database.db),
    access,
    audit,
    config.recordingsDir,
    cameras,
    users,
    internalEvents,
    modelRuns,
    nodeProxy,
  );
  const detectionResults = new DetectionResultsService(
    new DetectionResultsRepository(database.db, database.dialect),
    aiModels,
    access,
    audit,
  );
  const adapterRegistry = new AdapterRegistry(events, audit, {
    framesDir: config.framesDir,
    pollIntervalMs: config.ai.adapterPollSeconds * 1000,
    timeoutMs: config.ai.adapterTimeoutSeconds * 1000,
    ...(overrides.adapterRecheckMs === undefined ? {} : { recheckMs: overrides.adapterRecheckMs }),
  });
  const adapters = new AdaptersService(
    adapterRegistry,
    new AdaptersRepository(database.db),
    audit,
    config.adapters,
    secretBox,
    internalEvents,
    logger,
  );
  const faces = new FacesService(adapterRegistry, audit);
  const capabilities = new CapabilitiesService(adapterRegistry, config.version);
  // Motion (issue #19): the cameras' pictures watched for movement, from the camera streams' fan-out.
  const motionSettings = new MotionRepository(database.db);
  const motionWatch = new MotionWatch(
    {
      settings: motionSettings,
      configs: cameraConfig,
      sources,
      streams,
      events,
      internal: internalEvents,
      status: cameraStatus,
    },
    config.media.ffmpegPath,
  );
  const detectionLoop = new DetectionLoop(
    {
      models: aiModels,
      runs: modelRuns,
      cameras,
      configs: cameraConfig,
      registry: adapterRegistry,
      results: detectionResults,
      events,
      alerts,
      sources,
      streams,
      motion: motionWatch,
      internal: internalEvents,
      metrics,
    },
    {
      framesDir: config.framesDir,
      recordingsRoot: config.recordingsDir,
      ffmpegPath: config.media.ffmpegPath,
      ...(overrides.grabberBackoffMs === undefined ? {} : { grabberBackoffMs: overrides.grabberBackoffMs }),
      ...(overrides.recordingRescanMs === undefined
        ? {}
        : { recordingRescanMs: overrides.recordingRescanMs }),
    },
  );
  const modelTrial = new ModelTrial(aiModels, live, adapterRegistry);
  const motion = new MotionService(motionSettings, access, audit, internalEvents, motionWatch);
  // Tracked objects and zones (issue #19): detections → tracks → zone presence, events and alert rules.
  const trackedObjects = new TrackedObjects(internalEvents);
  const zones = new ZonesService(new ZonesRepository(database.db), access, audit, internalEvents);
  const zoneWatch = new ZoneWatch({ zones, events, alerts, internal: internalEvents });
  // Review items: incidents from tracked objects, with snapshot and clip; retention keeps the footage they cover.
  const reviewItems = new ReviewRepository(database.db);
  const reviewFiles = new ReviewFiles(join(config.dataDir, 'review'));
  const review = new ReviewService(reviewItems, reviewFiles, access, audit, {
    id: nodeId,
    isMember: (id) => nodeProxy.isMember(id),
  });
  retention.keepFor(review);
  const reviewBuilder = new ReviewBuilder(
    {
      items: reviewItems,
      files: reviewFiles,
      review,
      recordings,
      events,
      ffmpegPath: config.media.ffmpegPath,
      log: logger,
      nodeId,
    },
    overrides.reviewCloseAfterMs === undefined ? {} : { closeAfterMs: overrides.reviewCloseAfterMs },
  );
  const mqtt = new MqttService(
    {
      repository: new MqttRepository(database.db),
      secretBox,
      audit,
      env: config.mqtt,
      version: config.version,
      recordingsRoot: config.recordingsDir,
      cameras,
      cameraConfig,
      cameraStatus,
      alerts,
      mediaTls,
      bus: events,
      internal: internalEvents,
      node: {
        id: nodeId,
        clustered: database.dialect === 'postgres',
        isHere: (cameraId) => cameraLeases.fence(cameraId) !== null,
      },
      log: logger,
    },
    overrides.mqtt,
  );
  // PostgreSQL: the configuration changes made through this node reach the nodes that run the cameras, and
  // theirs reach this one (modules/cluster/change-relay.ts).
  const changeRelay =
    database.notifications &&
    new ChangeRelay({
      events: internalEvents,
      notifications: database.notifications,
      repository: clusterRepository,
      nodeId,
      cameraIds: () => cameras.allIds(),
      log: logger,
    });
  const cluster = new ClusterService(clusterRepository, audit, {
    nodeId,
    leaseMs: config.node.leaseSeconds * 1000,
    rebalanceNow: () => cameraLeases.rebalance(),
  });
  const framesCleaner = new FramesCleaner(config.framesDir, config.ai.framesMaxAgeSeconds * 1000);

  // The background work, started in this order and stopped in the reverse one (construction above does none).
  let removeReactions = () => {};
  const lifecycle = new Lifecycle([
    { name: 'event log', start: () => events.start(), stop: () => events.close() },
    { name: 'sign-in housekeeping', start: () => auth.removeExpired() },
    {
      // Before anything runs, so no change goes unnoticed (the recording start already indexes chunks).
      name: 'reactions',
      start: () => {
        const cameraIds = () => cameras.allIds();
        removeReactions = removeAll([
          cameraConfigReactions(internalEvents, cameraConfig),
          liveReactions(internalEvents, live, cameraIds),
          recordingReactions(internalEvents, recordingEngine, cameraIds),
          recordingNoticeReactions(internalEvents, {
            log: events,
            engine: recordingEngine,
            retention,
            recordingsRoot: config.recordingsDir,
          }),
          alertReactions(internalEvents, alerts),
          alertActionReactions(internalEvents, alertActions),
          mediaTlsReactions(internalEvents, mediaTls),
          adapterReactions(internalEvents, adapters),
          detectionReactions(internalEvents, detectionLoop),
          motionReactions(internalEvents, motionWatch),
          trackingReactions(internalEvents, trackedObjects),
          zoneReactions(internalEvents, zoneWatch),
          reviewReactions(internalEvents, reviewBuilder),
          mqttReactions(internalEvents, mqtt),
          cloud.reactions(),
          metricsReactions(internalEvents, metrics),
          clusterReactions(internalEvents, cameraLeases),
        ]);
      },
      stop: () => removeReactions(),
    },
    { name: 'changes of other nodes', start: () => changeRelay?.start(), stop: () => changeRelay?.stop() },
    { name: 'stream config probes', stop: () => cameraConfig.idle() },
    { name: 'event streams', stop: () => eventStreams.closeStreams() },
    { name: 'alerts', start: () => alerts.start(), stop: () => alerts.stop() },
    // Deliveries left pending by the previous run go out now.
    { name: 'alert deliveries', start: () => alertActions.start(), stop: () => alertActions.stop() },
    // Before any pipeline, stopped after all of them: their last chunks are indexed under the leases, which then
    // go back so that other nodes take the cameras at once.
    { name: 'camera leases', start: () => cameraLeases.start(), stop: () => cameraLeases.stop() },
    { name: 'camera statuses', start: () => statusSharing.start(), stop: () => statusSharing.stop() },
    { name: 'camera streams', stop: () => streams.close() },
    { name: 'node channel', stop: () => nodeProxy.close() },
    { name: 'live view', stop: () => Promise.all([liveHls.close(), liveWebRtc.close()]) },
    { name: 'recording', start: () => recordingEngine.start(), stop: () => recordingEngine.stop() },
    { name: 'recorded footage transcodes', stop: () => chunkTranscodes.close() },
    { name: 'recording watch', start: () => recordingWatch.start(), stop: () => recordingWatch.stop() },
    {
      name: 'retention',
      start: () => retention.start(config.retentionIntervalSeconds * 1000),
      stop: () => retention.stop(),
    },
    { name: 'cloud', start: () => cloud.start(), stop: () => cloud.close() },
    { name: 'adapters', start: () => adapters.start(), stop: () => adapterRegistry.stop() },
    { name: 'frames cleaner', start: () => framesCleaner.start(), stop: () => framesCleaner.stop() },
    { name: 'detection', start: () => detectionLoop.start(), stop: () => detectionLoop.stop() },
    { name: 'motion', start: () => motionWatch.start(), stop: () => motionWatch.stop() },
    // After detection stops nothing new comes; the updates under way finish before the event log closes.
    { name: 'zones', stop: () => zoneWatch.idle() },
    { name: 'review items', start: () => reviewBuilder.start(), stop: () => reviewBuilder.stop() },
    // Near the end: it reports what the rest is doing; stopped early, it says `offline` while everything runs.
    { name: 'mqtt', start: () => mqtt.start(), stop: () => mqtt.stop() },
    // Stopped first of all: a camera taken while the pipelines stop would only start to stop again.
    { name: 'taking cameras', stop: () => cameraLeases.stopTaking() },
  ]);

  return {
    config,
    internalEvents,
    database,
    secretBox,
    tickets,
    audit,
    users,
    auth,
    cameraStatus,
    cameras,
    cameraConfig,
    permissions,
    skills,
    deviceUsers,
    onvif,
    events,
    eventStreams,
    alerts,
    alertActions,
    deliveries: alertActions.worker,
    cloud,
    aiModels,
    modelTrial,
    detectionResults,
    adapterRegistry,
    adapters,
    faces,
    capabilities,
    detectionLoop,
    framesCleaner,
    motion,
    motionWatch,
    zones,
    zoneWatch,
    review,
    reviewBuilder,
    layouts,
    apps,
    mediaTls,
    backup,
    metrics,
    mqtt,
    cameraLeases,
    cluster,
    forwardedClient,
    nodeProxy,
    logger,
    recordings,
    recordingEngine,
    retention,
    recordingWatch,
    live,
    liveHls,
    liveWebRtc,
    streams,
    start: () => lifecycle.start(),
    async close() {
      // Every part is stopped even if one fails, and the database always last.
      try {
        await lifecycle.stop();
      } finally {
        await database.close();
      }
    },
  };
}
