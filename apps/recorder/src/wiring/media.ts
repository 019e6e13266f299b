// The footage and the pictures: camera streams, recording (and its watch and retention), recorded footage and live
// view. Built after the cameras family, which every pipeline reads; restarts are counted by a later family.
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { ChunkTranscodes } from '../media/ffmpeg/chunk-transcode.js';
import { StreamHub } from '../media/ingest/stream-hub.js';
import type { BackoffPolicy } from '../media/supervisor.js';
import type { AuditService } from '../modules/audit/audit.service.js';
import type { CameraConfigService } from '../modules/camera-config/camera-config.service.js';
import { SourceResolver } from '../modules/camera-sources/source-resolver.js';
import { StreamProbes } from '../modules/camera-sources/stream-probes.js';
import { StreamFacts } from '../modules/camera-runtime/stream-facts.js';
import type { CameraAccess } from '../modules/cameras/camera-access.js';
import type { CameraStatusService } from '../modules/cameras/camera-status.service.js';
import type { CamerasService } from '../modules/cameras/cameras.service.js';
import type { CameraLeases } from '../modules/cluster/camera-leases.js';
import type { NodeProxy } from '../modules/cluster/node-proxy.js';
import { LiveHls } from '../modules/live/live-hls.js';
import { LiveStatus } from '../modules/live/live-status.js';
import { LiveWebRtc } from '../modules/live/live-webrtc.js';
import { liveReactions } from '../modules/live/live.reactions.js';
import { cameraRuntimeReactions } from '../modules/camera-runtime/camera-runtime.reactions.js';
import { LiveService } from '../modules/live/live.service.js';
import type { MediaTlsService } from '../modules/media-tls/media-tls.service.js';
import type { RecorderEventBus } from '../modules/recorder-events.js';
import { EvidenceRepository } from '../modules/evidence/evidence.repository.js';
import { EvidenceService } from '../modules/evidence/evidence.service.js';
import { FootageNodes } from '../modules/recordings/footage-nodes.js';
import { RecordingEngine } from '../modules/recordings/recording-engine.js';
import { RecordingWatch } from '../modules/recordings/recording-watch.js';
import { IntegrityWatch } from '../modules/recordings/integrity-watch.js';
import { RecordingsVolume } from '../modules/recordings/recordings-volume.js';
import { recordingNoticeReactions, recordingReactions } from '../modules/recordings/recordings.reactions.js';
import { RecordingsRepository } from '../modules/recordings/recordings.repository.js';
import { RecordingsService } from '../modules/recordings/recordings.service.js';
import { RetentionService } from '../modules/recordings/retention.js';
import type { TicketService } from '../platform/auth/tickets.js';
import type { SecretBox } from '../platform/crypto/secret-box.js';
import type { DatabaseHandle } from '../platform/db/database.js';
import type { EventBus } from '../platform/events/event-bus.js';
import type { Part } from '../platform/lifecycle.js';

/** The container overrides this family reads (documented on ContainerOverrides). */
export interface MediaOverrides {
  liveIdleStopMs?: number;
  recordingBackoff?: BackoffPolicy;
  recordingSlowRetryMs?: number;
  recordingWatchGraceMs?: number;
  volumeCheckMs?: number;
  recordingsFreeBytes?: (path: string) => Promise<number>;
  /** how often the scheduled integrity check runs (default 6 h) */
  integrityCheckMs?: number;
}

export interface MediaDeps {
  config: Config;
  database: DatabaseHandle;
  events: EventBus;
  internalEvents: RecorderEventBus;
  logger: FastifyBaseLogger;
  audit: AuditService;
  tickets: TicketService;
  nodeId: string;
  cameraLeases: CameraLeases;
  nodeProxy: NodeProxy;
  access: CameraAccess;
  cameras: CamerasService;
  cameraConfig: CameraConfigService;
  cameraStatus: CameraStatusService;
  connectGuardProblem: () => Promise<string | null>;
  mediaTls: MediaTlsService;
  /** each restart of a camera's ffmpeg (the metrics count them) */
  onFfmpegRestart: (cameraId: number) => void;
  /** seals the evidence signing key */
  secretBox: SecretBox;
  overrides: MediaOverrides;
}

export function wireMedia({
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
  connectGuardProblem,
  mediaTls,
  onFfmpegRestart,
  secretBox,
  overrides,
}: MediaDeps) {
  const recordingsRepository = new RecordingsRepository(database.db, database.dialect, nodeId);
  // Each camera's hash chain of its chunks, its heads signed with the installation's key (docs/evidence.md).
  const evidence = new EvidenceService(new EvidenceRepository(database.db), secretBox, logger);
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
    // The engine is made below; asked only once requests come in.
    {
      inProgress: (cameraId) => recordingEngine.inProgress(cameraId),
      closedAs: (cameraId, name) => recordingEngine.closedAs(cameraId, name),
    },
    evidence,
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
      // Bound late by the container: the metrics are built after this family (see there).
      onFfmpegRestart,
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
  const integrityWatch = new IntegrityWatch(
    cameras,
    recordings,
    internalEvents,
    logger,
    overrides.integrityCheckMs,
  );
  const liveHls = new LiveHls(streams, {
    ffmpegPath: config.media.ffmpegPath,
    ...(overrides.liveIdleStopMs === undefined ? {} : { idleStopMs: overrides.liveIdleStopMs }),
  });
  const liveWebRtc = new LiveWebRtc(streams, {
    ffmpegPath: config.media.ffmpegPath,
    ...(overrides.liveIdleStopMs === undefined ? {} : { idleStopMs: overrides.liveIdleStopMs }),
  });
  // What each camera stream carries now: its fan-out's PMT while it flows, else its probe.
  const streamFacts = new StreamFacts(sources, streamProbes, streams);
  const live = new LiveService(
    access,
    cameras,
    cameraConfig,
    tickets,
    config.media.ffmpegPath,
    sources,
    streamFacts,
    streams,
    liveHls,
    liveWebRtc,
    nodeProxy,
  );

  const cameraIds = () => cameras.allIds();
  return {
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
    parts: {
      cameraStreams: { name: 'camera streams', stop: () => streams.close() },
      liveView: { name: 'live view', stop: () => Promise.all([liveHls.close(), liveWebRtc.close()]) },
      recording: {
        name: 'recording',
        start: () => recordingEngine.start(),
        stop: () => recordingEngine.stop(),
      },
      recordedFootageTranscodes: { name: 'recorded footage transcodes', stop: () => chunkTranscodes.close() },
      recordingWatch: {
        name: 'recording watch',
        start: () => recordingWatch.start(),
        stop: () => recordingWatch.stop(),
      },
      evidenceSigning: {
        name: 'evidence signing',
        start: () => evidence.start(),
        stop: () => evidence.stop(),
      },
      integrityWatch: {
        name: 'integrity check',
        start: () => integrityWatch.start(),
        stop: () => integrityWatch.stop(),
      },
      retention: {
        name: 'retention',
        start: () => retention.start(config.retentionIntervalSeconds * 1000),
        stop: () => retention.stop(),
      },
    } satisfies Record<string, Part>,
    reactions: {
      cameraRuntime: () => cameraRuntimeReactions(internalEvents, streams, cameraIds),
      live: () => liveReactions(internalEvents, live),
      recording: () => recordingReactions(internalEvents, recordingEngine),
      recordingNotice: () =>
        recordingNoticeReactions(internalEvents, {
          log: events,
          engine: recordingEngine,
          retention,
          recordingsRoot: config.recordingsDir,
        }),
    } satisfies Record<string, () => () => void>,
  };
}
