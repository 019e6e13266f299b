// AI and what follows the cameras' pictures: models, adapters, detection, motion, tracked objects, zones and
// review items. Last of the families: the detection loop reads alerts, the camera streams and counts into metrics.
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { StreamHub } from '../media/ingest/stream-hub.js';
import { AdapterRegistry } from '../modules/adapters/adapter-registry.js';
import { adapterReactions } from '../modules/adapters/adapters.reactions.js';
import { AdaptersRepository } from '../modules/adapters/adapters.repository.js';
import { AdaptersService } from '../modules/adapters/adapters.service.js';
import { AiModelsRepository } from '../modules/ai-models/ai-models.repository.js';
import { AiModelsService } from '../modules/ai-models/ai-models.service.js';
import { ModelRuns } from '../modules/ai-models/model-runs.js';
import type { AlertsService } from '../modules/alerts/alerts.service.js';
import type { AuditService } from '../modules/audit/audit.service.js';
import type { CameraConfigService } from '../modules/camera-config/camera-config.service.js';
import type { SourceResolver } from '../modules/camera-sources/source-resolver.js';
import type { CameraAccess } from '../modules/cameras/camera-access.js';
import type { CameraStatusService } from '../modules/cameras/camera-status.service.js';
import type { CamerasService } from '../modules/cameras/cameras.service.js';
import { CapabilitiesService } from '../modules/capabilities/capabilities.service.js';
import type { NodeProxy } from '../modules/cluster/node-proxy.js';
import { DetectionLoop } from '../modules/detection/detection-loop.js';
import { detectionReactions } from '../modules/detection/detection.reactions.js';
import { FramesCleaner } from '../modules/detection/frames-cleaner.js';
import { ModelTrial } from '../modules/detection/model-trial.js';
import { DetectionResultsRepository } from '../modules/detection-results/detection-results.repository.js';
import { DetectionResultsService } from '../modules/detection-results/detection-results.service.js';
import { FacesService } from '../modules/faces/faces.service.js';
import type { LiveService } from '../modules/live/live.service.js';
import type { RecorderMetrics } from '../modules/metrics/recorder-metrics.js';
import { MotionWatch } from '../modules/motion/motion-watch.js';
import { motionReactions } from '../modules/motion/motion.reactions.js';
import { ActivityService } from '../modules/recordings/activity.service.js';
import { MotionRepository } from '../modules/motion/motion.repository.js';
import { MotionService } from '../modules/motion/motion.service.js';
import type { RecorderEventBus } from '../modules/recorder-events.js';
import type { RecordingsService } from '../modules/recordings/recordings.service.js';
import type { RetentionService } from '../modules/recordings/retention.js';
import { ReviewBuilder } from '../modules/review/review-builder.js';
import { ReviewFiles } from '../modules/review/review-files.js';
import { reviewReactions } from '../modules/review/review.reactions.js';
import { ReviewRepository } from '../modules/review/review.repository.js';
import { ReviewService } from '../modules/review/review.service.js';
import { TrackedObjects } from '../modules/tracking/tracked-objects.js';
import { trackingReactions } from '../modules/tracking/tracking.reactions.js';
import type { UsersService } from '../modules/users/users.service.js';
import { ZoneWatch } from '../modules/zones/zone-watch.js';
import { zoneReactions } from '../modules/zones/zones.reactions.js';
import { ZonesRepository } from '../modules/zones/zones.repository.js';
import { ZonesService } from '../modules/zones/zones.service.js';
import type { SecretBox } from '../platform/crypto/secret-box.js';
import type { DatabaseHandle } from '../platform/db/database.js';
import type { EventBus } from '../platform/events/event-bus.js';
import type { Part } from '../platform/lifecycle.js';

/** The container overrides this family reads (documented on ContainerOverrides). */
export interface AiOverrides {
  grabberBackoffMs?: number;
  recordingRescanMs?: number;
  adapterRecheckMs?: number;
  reviewCloseAfterMs?: number;
}

export interface AiDeps {
  config: Config;
  database: DatabaseHandle;
  secretBox: SecretBox;
  audit: AuditService;
  events: EventBus;
  internalEvents: RecorderEventBus;
  logger: FastifyBaseLogger;
  users: UsersService;
  nodeId: string;
  nodeProxy: NodeProxy;
  access: CameraAccess;
  cameras: CamerasService;
  cameraConfig: CameraConfigService;
  cameraStatus: CameraStatusService;
  sources: SourceResolver;
  streams: StreamHub;
  live: LiveService;
  recordings: RecordingsService;
  /** keeps the footage the review items cover */
  retention: RetentionService;
  alerts: AlertsService;
  metrics: RecorderMetrics;
  overrides: AiOverrides;
}

export function wireAi({
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
}: AiDeps) {
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
  const detectionRows = new DetectionResultsRepository(database.db, database.dialect);
  const detectionResults = new DetectionResultsService(detectionRows, aiModels, access, audit);
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
  const capabilities = new CapabilitiesService(adapterRegistry, config.version);
  // Motion (issue #19): the cameras' pictures watched for movement, from the camera streams' fan-out.
  const motionSettings = new MotionRepository(database.db, database.dialect);
  const motionWatch = new MotionWatch(
    {
      settings: motionSettings,
      configs: cameraConfig,
      sources,
      streams,
      internal: internalEvents,
      status: cameraStatus,
    },
    config.media.ffmpegPath,
  );
  // Review items: incidents from tracked objects, with snapshot and clip; retention keeps the footage they cover.
  const reviewItems = new ReviewRepository(database.db);
  const reviewFiles = new ReviewFiles(join(config.dataDir, 'review'));
  const review = new ReviewService(
    reviewItems,
    reviewFiles,
    access,
    audit,
    { id: nodeId, isMember: (id) => nodeProxy.isMember(id) },
    events,
  );
  retention.keepFor(review);
  const faces = new FacesService(adapterRegistry, audit, review, config.media.ffmpegPath);
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
      incidents: reviewBuilder,
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
  // The recordings timeline's activity rows: findings, motion and incidents, merged where they are stored.
  const activity = new ActivityService(recordings, detectionResults, motion, review);
  // Tracked objects and zones (issue #19): detections → tracks → zone presence, events and alert rules.
  const trackedObjects = new TrackedObjects(internalEvents);
  const zones = new ZonesService(new ZonesRepository(database.db), access, audit, internalEvents);
  const zoneWatch = new ZoneWatch({ zones, alerts, internal: internalEvents });
  const framesCleaner = new FramesCleaner(config.framesDir, config.ai.framesMaxAgeSeconds * 1000);

  return {
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
    activity,
    zones,
    zoneWatch,
    review,
    reviewBuilder,
    parts: {
      adapters: { name: 'adapters', start: () => adapters.start(), stop: () => adapterRegistry.stop() },
      framesCleaner: {
        name: 'frames cleaner',
        start: () => framesCleaner.start(),
        stop: () => framesCleaner.stop(),
      },
      detection: { name: 'detection', start: () => detectionLoop.start(), stop: () => detectionLoop.stop() },
      motion: { name: 'motion', start: () => motionWatch.start(), stop: () => motionWatch.stop() },
      zones: { name: 'zones', stop: () => zoneWatch.idle() },
      reviewItems: {
        name: 'review items',
        start: () => reviewBuilder.start(),
        stop: () => reviewBuilder.stop(),
      },
    } satisfies Record<string, Part>,
    reactions: {
      adapter: () => adapterReactions(internalEvents, adapters),
      detection: () => detectionReactions(internalEvents, detectionLoop),
      motion: () => motionReactions(internalEvents, motionWatch),
      tracking: () => trackingReactions(internalEvents, trackedObjects),
      zone: () => zoneReactions(internalEvents, zoneWatch),
      review: () => reviewReactions(internalEvents, reviewBuilder),
    } satisfies Record<string, () => () => void>,
  };
}
