// Wiring of the cloud modules (API.md §12), called once from the composition root (container.ts) so that the
// shared root only gains a few lines: credentials → models → inference → jobs, settings, uploads, stream targets.
import type { StreamHub } from '../../media/ingest/stream-hub.js';
import type { SourceResolver } from '../camera-sources/source-resolver.js';
import type { StreamFacts } from '../camera-runtime/stream-facts.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { DatabaseHandle } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { AuditService } from '../audit/audit.service.js';
import { CloudCredentialsRepository } from './credentials/cloud-credentials.repository.js';
import { cloudCredentialsRoutes } from './credentials/cloud-credentials.routes.js';
import { CloudCredentialsService } from './credentials/cloud-credentials.service.js';
import { cloudInferenceRoutes } from './inference/cloud-inference.routes.js';
import { CloudInferenceService } from './inference/cloud-inference.service.js';
import { CloudResultsRepository } from './inference/cloud-results.repository.js';
import { CloudJobsRepository } from './jobs/cloud-jobs.repository.js';
import { cloudJobsRoutes } from './jobs/cloud-jobs.routes.js';
import { CloudJobsService } from './jobs/cloud-jobs.service.js';
import type { JobWorker } from './jobs/job-worker.js';
import { CloudModelsRepository } from './models/cloud-models.repository.js';
import { cloudModelsRoutes } from './models/cloud-models.routes.js';
import { CloudModelsService } from './models/cloud-models.service.js';
import { CloudUploadsRepository } from './uploads/cloud-uploads.repository.js';
import { cloudUploadsRoutes } from './uploads/cloud-uploads.routes.js';
import { CloudUploadsService } from './uploads/cloud-uploads.service.js';
import { S3Uploader } from './uploads/s3-uploader.js';
import type { UploadWorker } from './uploads/upload-worker.js';
import { StreamTargetsRepository } from './stream-targets/stream-targets.repository.js';
import { streamTargetsRoutes } from './stream-targets/stream-targets.routes.js';
import { StreamTargetsService } from './stream-targets/stream-targets.service.js';
import { streamTargetReactions } from './stream-targets/stream-targets.reactions.js';
import { cloudUploadReactions } from './uploads/cloud-uploads.reactions.js';
import { removeAll } from '../reactions.js';
import type { RecorderEventBus } from '../recorder-events.js';
import { CloudEgress } from './settings/cloud-egress.js';
import { CloudSettingsRepository } from './settings/cloud-settings.repository.js';
import { cloudSettingsRoutes } from './settings/cloud-settings.routes.js';
import { CloudSettingsService } from './settings/cloud-settings.service.js';

export interface CloudDependencies {
  /** how cameras are read, and their streams (stream targets push those) */
  sources: SourceResolver;
  streams: StreamHub;
  /** what each camera stream carries (a target converts what its protocol cannot carry) */
  facts: StreamFacts;
  config: Config;
  database: DatabaseHandle;
  secretBox: SecretBox;
  audit: AuditService;
  events: EventBus;
  /** in-process change notifications between modules */
  internalEvents: RecorderEventBus;
  access: CameraAccess;
  cameras: CamerasService;
  cameraConfig: CameraConfigService;
  /** the uploaded media-source CA bundle (API.md §13), for S3 endpoints and RTMPS targets with a private CA */
  caBundle: () => Promise<Buffer | null>;
  /** this node of the cluster: it uploads the chunks on its own disk */
  nodeId: string;
}

/** Test seams. */
export interface CloudOverrides {
  /** provider call deadline (default CLOUD_INFERENCE_TIMEOUT_SECONDS) */
  inferenceTimeoutMs?: number;
  /** a running job's lease (default CLOUD_JOB_LEASE_SECONDS) */
  jobLeaseMs?: number;
  /** waits before retrying a transiently failed job */
  jobRetryDelaysMs?: number[];
  /** waits before retrying a failed chunk upload */
  uploadRetryDelaysMs?: number[];
}

export interface Cloud {
  readonly egress: CloudEgress;
  readonly credentials: CloudCredentialsService;
  readonly models: CloudModelsService;
  readonly inference: CloudInferenceService;
  readonly jobs: CloudJobsService;
  readonly jobWorker: JobWorker;
  readonly settings: CloudSettingsService;
  readonly uploads: CloudUploadsService;
  readonly uploadWorker: UploadWorker;
  readonly streamTargets: StreamTargetsService;
  /** registers how the cloud modules follow the rest of the recorder; returns the function that removes it */
  reactions(): () => void;
  /** starts the background workers and the enabled stream targets */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createCloud(deps: CloudDependencies, overrides: CloudOverrides = {}): Cloud {
  const { config, secretBox, audit } = deps;
  const db = deps.database.db;
  const egress = new CloudEgress(config.cloud.egress);
  const credentials = new CloudCredentialsService(new CloudCredentialsRepository(db), secretBox, audit);
  const models = new CloudModelsService(new CloudModelsRepository(db), credentials, audit);
  const results = new CloudResultsRepository(db);
  const inference = new CloudInferenceService(results, models, egress, audit, {
    timeoutMs: overrides.inferenceTimeoutMs ?? config.cloud.inferenceTimeoutSeconds * 1000,
    endpoints: { huggingface: config.cloud.huggingfaceBaseUrl, openai: config.cloud.openaiBaseUrl },
  });
  const jobsRepository = new CloudJobsRepository(db, deps.database.dialect);
  const jobs = new CloudJobsService(
    jobsRepository,
    models,
    inference,
    egress,
    deps.events,
    audit,
    {
      concurrency: config.cloud.jobConcurrency,
      leaseMs: overrides.jobLeaseMs ?? config.cloud.jobLeaseSeconds * 1000,
    },
    overrides.jobRetryDelaysMs,
  );

  const settings = new CloudSettingsService(
    new CloudSettingsRepository(db),
    secretBox,
    egress,
    audit,
    deps.internalEvents,
  );
  const uploadsRepository = new CloudUploadsRepository(db, deps.nodeId);
  const uploader = new S3Uploader(config.recordingsDir, deps.caBundle);
  const uploads = new CloudUploadsService(
    uploadsRepository,
    settings,
    uploader,
    egress,
    config.cloud.uploadConcurrency,
    overrides.uploadRetryDelaysMs,
  );

  const streamTargets = new StreamTargetsService(
    new StreamTargetsRepository(db),
    deps.access,
    deps.cameras,
    deps.cameraConfig,
    settings,
    egress,
    secretBox,
    audit,
    {
      ffmpegPath: config.media.ffmpegPath,
      dataDir: config.dataDir,
      caBundle: deps.caBundle,
      sources: deps.sources,
      streams: deps.streams,
      facts: deps.facts,
    },
  );
  return {
    egress,
    credentials,
    models,
    inference,
    jobs,
    jobWorker: jobs.worker,
    settings,
    uploads,
    uploadWorker: uploads.worker,
    streamTargets,
    reactions: () =>
      removeAll([
        cloudUploadReactions(deps.internalEvents, uploads),
        streamTargetReactions(deps.internalEvents, streamTargets),
      ]),
    async start() {
      // With CLOUD_EGRESS=deny nothing calls out: queued jobs wait until egress is allowed again.
      if (egress.allowed) jobs.worker.start();
      if (egress.allowed) uploads.worker.start();
      // Enabled targets come back after a restart.
      streamTargets.reopen();
      await streamTargets.syncAll();
    },
    async close() {
      await streamTargets.close();
      await jobs.worker.stop();
      await uploads.worker.stop();
      uploader.close();
    },
  };
}

/** Every cloud route, registered under /api/v1. */
export const cloudRoutes =
  (cloud: Cloud): FastifyPluginAsyncTypebox =>
  async (app) => {
    await app.register(cloudCredentialsRoutes(cloud.credentials));
    await app.register(cloudModelsRoutes(cloud.models));
    await app.register(cloudInferenceRoutes(cloud.inference));
    await app.register(cloudJobsRoutes(cloud.jobs));
    await app.register(cloudSettingsRoutes(cloud.settings));
    await app.register(cloudUploadsRoutes(cloud.uploads));
    await app.register(streamTargetsRoutes(cloud.streamTargets));
  };
