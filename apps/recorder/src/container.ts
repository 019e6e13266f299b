// Composition root: the one place that knows how the pieces fit. db → repositories → services. Each family of
// services is built in its own wiring/*.ts; here the families meet, with the one start list and the reactions.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { TicketService } from './platform/auth/tickets.js';
import type { PasswordHasher } from './platform/crypto/passwords.js';
import type { SecretBox } from './platform/crypto/secret-box.js';
import type { DatabaseHandle } from './platform/db/database.js';
import type { EventBus } from './platform/events/event-bus.js';
import type { AuditService } from './modules/audit/audit.service.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { CameraConfigService, TlsProber } from './modules/camera-config/camera-config.service.js';
import type { CameraStatusService } from './modules/cameras/camera-status.service.js';
import type { CamerasService } from './modules/cameras/cameras.service.js';
import type { DeviceUsersService } from './modules/device-users/device-users.service.js';
import type { OnvifService } from './modules/onvif/onvif.service.js';
import type { PtzService } from './modules/ptz/ptz.service.js';
import type { EventsService } from './modules/events/events.service.js';
import type { AlertsService } from './modules/alerts/alerts.service.js';
import type { AlertActionsService } from './modules/alert-actions/alert-actions.service.js';
import type { DeliveryWorker } from './modules/alert-actions/delivery-worker.js';
import { removeAll } from './modules/reactions.js';
import { Lifecycle } from './platform/lifecycle.js';
import type { MotionService } from './modules/motion/motion.service.js';
import type { MotionWatch } from './modules/motion/motion-watch.js';
import type { ZoneWatch } from './modules/zones/zone-watch.js';
import type { ReviewBuilder } from './modules/review/review-builder.js';
import type { ReviewService } from './modules/review/review.service.js';
import type { ZonesService } from './modules/zones/zones.service.js';
import { createCloud, type Cloud, type CloudOverrides } from './modules/cloud/cloud.js';
import type { PermissionsService } from './modules/permissions/permissions.service.js';
import type { SkillsService } from './modules/skills/skills.service.js';
import type { BackoffPolicy } from './media/supervisor.js';
import type { RecordingEngine } from './modules/recordings/recording-engine.js';
import type { RecordingsService } from './modules/recordings/recordings.service.js';
import type { EvidenceService } from './modules/evidence/evidence.service.js';
import type { IntegrityWatch } from './modules/recordings/integrity-watch.js';
import type { RetentionService } from './modules/recordings/retention.js';
import type { RecordingWatch } from './modules/recordings/recording-watch.js';
import type { LiveService } from './modules/live/live.service.js';
import type { LiveHls } from './modules/live/live-hls.js';
import type { StreamHub } from './media/ingest/stream-hub.js';
import type { LiveWebRtc } from './modules/live/live-webrtc.js';
import type { UsersService } from './modules/users/users.service.js';
import type { AiModelsService } from './modules/ai-models/ai-models.service.js';
import type { DetectionResultsService } from './modules/detection-results/detection-results.service.js';
import type { ActivityService } from './modules/recordings/activity.service.js';
import type { AdapterRegistry } from './modules/adapters/adapter-registry.js';
import type { AdaptersService } from './modules/adapters/adapters.service.js';
import type { FacesService } from './modules/faces/faces.service.js';
import type { CapabilitiesService } from './modules/capabilities/capabilities.service.js';
import type { DetectionLoop } from './modules/detection/detection-loop.js';
import type { ModelTrial } from './modules/detection/model-trial.js';
import type { FramesCleaner } from './modules/detection/frames-cleaner.js';
import type { LayoutsService } from './modules/layouts/layouts.service.js';
import type { AppsService } from './modules/apps/apps.service.js';
import type { MediaTlsService } from './modules/media-tls/media-tls.service.js';
import type { BackupService } from './modules/backup/backup.service.js';
import type { RecorderEventBus } from './modules/recorder-events.js';
import type { RecorderMetrics } from './modules/metrics/recorder-metrics.js';
import type { MqttService, MqttOptions } from './modules/mqtt/mqtt.service.js';
import type { CameraLeases } from './modules/cluster/camera-leases.js';
import type { ClusterService } from './modules/cluster/cluster.service.js';
import type { NodeProxy } from './modules/cluster/node-proxy.js';
import type { ForwardedClient } from './platform/http/forwarded-client.js';
import { wireAi } from './wiring/ai.js';
import { wireAlerts } from './wiring/alerts.js';
import { wireCameras } from './wiring/cameras.js';
import { wireCluster, wireClusterSharing } from './wiring/cluster.js';
import { wireFoundation } from './wiring/foundation.js';
import { wireRestream } from './wiring/restream.js';
import type { RestreamService } from './modules/restream/restream.service.js';
import { wireIntegrations } from './wiring/integrations.js';
import { wireMedia } from './wiring/media.js';

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
  readonly ptz: PtzService;
  readonly onvif: OnvifService;
  readonly recordings: RecordingsService;
  readonly evidence: EvidenceService;
  readonly recordingEngine: RecordingEngine;
  readonly retention: RetentionService;
  readonly recordingWatch: RecordingWatch;
  readonly integrityWatch: IntegrityWatch;
  readonly live: LiveService;
  readonly liveHls: LiveHls;
  readonly liveWebRtc: LiveWebRtc;
  /** the RTSP restream's readers and upstreams (docs/restream.md) */
  readonly restream: RestreamService;
  /** the RTSP restream's port once started; null when RTSP_PORT=0 */
  rtspPort(): number | null;
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
  readonly activity: ActivityService;
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
  /** an RTSP restream upstream stops after this long without readers (default 10 s) */
  restreamIdleStopMs?: number;
  /** a TCP restream reader whose unsent bytes pass this is dropped (default 4 MiB) */
  restreamReaderBacklog?: number;
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
  const foundation = await wireFoundation(config, overrides);
  const {
    logger,
    secretBox,
    database,
    events,
    internalEvents,
    clusterRepository,
    tickets,
    audit,
    users,
    auth,
  } = foundation;

  const clusterFamily = wireCluster({
    config,
    clusterRepository,
    jwtSecret: foundation.jwtSecret,
    audit,
    internalEvents,
    logger,
    overrides,
  });
  const { nodeId, cameraLeases, forwardedClient, nodeProxy, cluster } = clusterFamily;

  const cameraFamily = wireCameras({
    config,
    database,
    secretBox,
    audit,
    users,
    internalEvents,
    logger,
    cameraLeases,
    overrides,
  });
  const {
    access,
    cameraStatus,
    skills,
    cameraConfig,
    cameras,
    permissions,
    deviceUsers,
    ptz,
    onvif,
    mediaTls,
    layouts,
    apps,
    backup,
  } = cameraFamily;
  const clusterSharing = wireClusterSharing({
    database,
    clusterRepository,
    internalEvents,
    logger,
    nodeId,
    cameraLeases,
    cameraStatus,
    cameras,
  });

  const media = wireMedia({
    config,
    database,
    events,
    internalEvents,
    logger,
    audit,
    tickets,
    nodeId,
    cameraLeases,
    nodeProxy,
    access,
    cameras,
    cameraConfig,
    cameraStatus,
    connectGuardProblem: cameraFamily.connectGuardProblem,
    mediaTls,
    // `metrics` is built below, once every service it reads exists; restarts come only after start().
    onFfmpegRestart: (cameraId) => metrics.ffmpegRestarted(cameraId),
    secretBox,
    overrides,
  });
  const {
    recordings,
    evidence,
    sources,
    streams,
    recordingEngine,
    recordingWatch,
    integrityWatch,
    retention,
    liveHls,
    liveWebRtc,
    live,
    streamFacts,
  } = media;
  const restreamFamily = wireRestream({
    config,
    users,
    hasher: foundation.hasher,
    loginThrottle: foundation.loginThrottle,
    access,
    audit,
    cameraStatus,
    streams,
    streamFacts,
    overrides,
  });

  const alerting = wireAlerts({
    config,
    database,
    secretBox,
    events,
    internalEvents,
    tickets,
    audit,
    users,
    access,
    camerasRepository: cameraFamily.camerasRepository,
    overrides,
  });
  const { eventStreams, alerts, alertActions } = alerting;

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
      facts: streamFacts,
      nodeId,
      // The uploaded media-source CA bundle (API.md §13) verifies the S3 endpoint when use_byok is on.
      caBundle: async () => {
        const pem = await mediaTls.caBundle();
        return pem === null ? null : Buffer.from(pem);
      },
    },
    overrides.cloud,
  );

  const integrations = wireIntegrations({
    config,
    database,
    secretBox,
    audit,
    internalEvents,
    logger,
    nodeId,
    cameraLeases,
    cameras,
    cameraConfig,
    cameraStatus,
    mediaTls,
    recordings,
    eventStreams,
    alerts,
    alertActions,
    cloud,
    overrides,
  });
  const { metrics, mqtt } = integrations;

  const ai = wireAi({
    config,
    database,
    secretBox,
    audit,
    events,
    internalEvents,
    logger,
    users,
    nodeId,
    nodeProxy,
    access,
    cameras,
    cameraConfig,
    cameraStatus,
    sources,
    streams,
    live,
    recordings,
    retention,
    alerts,
    metrics,
    overrides,
  });

  // The background work, started in this order and stopped in the reverse one (construction above does none).
  let removeReactions = () => {};
  const lifecycle = new Lifecycle([
    foundation.parts.eventLog,
    foundation.parts.signInHousekeeping,
    {
      // Before anything runs, so no change goes unnoticed (the recording start already indexes chunks).
      name: 'reactions',
      start: () => {
        removeReactions = removeAll([
          cameraFamily.reactions.cameraConfig(),
          // Whatever changes how a camera is read reaches its pipelines through this one, all at once
          // (camera-runtime.reactions.ts).
          media.reactions.cameraRuntime(),
          media.reactions.recording(),
          media.reactions.live(),
          media.reactions.recordingNotice(),
          alerting.reactions.eventLog(),
          alerting.reactions.alert(),
          alerting.reactions.alertAction(),
          cameraFamily.reactions.mediaTls(),
          ai.reactions.adapter(),
          ai.reactions.detection(),
          ai.reactions.motion(),
          ai.reactions.tracking(),
          ai.reactions.zone(),
          ai.reactions.review(),
          integrations.reactions.mqtt(),
          cloud.reactions(),
          integrations.reactions.metrics(),
          clusterFamily.reactions.cluster(),
        ]);
      },
      stop: () => removeReactions(),
    },
    clusterSharing.parts.changesOfOtherNodes,
    cameraFamily.parts.streamConfigProbes,
    alerting.parts.eventStreams,
    alerting.parts.alerts,
    // Deliveries left pending by the previous run go out now.
    alerting.parts.alertDeliveries,
    // Before any pipeline, stopped after all of them: their last chunks are indexed under the leases, which then
    // go back so that other nodes take the cameras at once.
    clusterFamily.parts.cameraLeases,
    clusterSharing.parts.cameraStatuses,
    media.parts.cameraStreams,
    clusterFamily.parts.nodeChannel,
    media.parts.liveView,
    restreamFamily.parts.restream,
    media.parts.recording,
    media.parts.recordedFootageTranscodes,
    media.parts.recordingWatch,
    media.parts.evidenceSigning,
    media.parts.integrityWatch,
    media.parts.retention,
    { name: 'cloud', start: () => cloud.start(), stop: () => cloud.close() },
    ai.parts.adapters,
    ai.parts.framesCleaner,
    ai.parts.detection,
    ai.parts.motion,
    // After detection stops nothing new comes; the updates under way finish before the event log closes.
    ai.parts.zones,
    ai.parts.reviewItems,
    // Near the end: it reports what the rest is doing; stopped early, it says `offline` while everything runs.
    integrations.parts.mqtt,
    // Stopped first of all: a camera taken while the pipelines stop would only start to stop again.
    clusterFamily.parts.takingCameras,
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
    ptz,
    onvif,
    events,
    eventStreams,
    alerts,
    alertActions,
    deliveries: alertActions.worker,
    cloud,
    aiModels: ai.aiModels,
    modelTrial: ai.modelTrial,
    detectionResults: ai.detectionResults,
    activity: ai.activity,
    adapterRegistry: ai.adapterRegistry,
    adapters: ai.adapters,
    faces: ai.faces,
    capabilities: ai.capabilities,
    detectionLoop: ai.detectionLoop,
    framesCleaner: ai.framesCleaner,
    motion: ai.motion,
    motionWatch: ai.motionWatch,
    zones: ai.zones,
    zoneWatch: ai.zoneWatch,
    review: ai.review,
    reviewBuilder: ai.reviewBuilder,
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
    evidence,
    recordingEngine,
    retention,
    recordingWatch,
    integrityWatch,
    live,
    liveHls,
    liveWebRtc,
    streams,
    restream: restreamFamily.restream,
    rtspPort: restreamFamily.rtspPort,
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
