// buildApp: the composition root and HTTP shell (plugins, auth, error mapping, routes). Tests start it
// in-process on port 0; main.ts adds listen and signal handling.
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { ConfigError, type AdapterConfig } from './config.js';
import {
  builtInCustomModels,
  CustomModels,
  operatorDetectorModels,
} from './compat/deepstack/custom-models.js';
import { BUILT_IN_DETECTOR, detectorKey, Detectors, discoverDetectors } from './detectors/discovery.js';
import { isVisionCompat, visionCompatRoutes } from './compat/deepstack/index.js';
import { isOpenNvrHealth, OPENNVR_PREFIX, openNvrCompatRoutes } from './compat/opennvr/index.js';
import { AdapterError } from './errors.js';
import { FaceGallery } from './faces/gallery.js';
import { EMBEDDING_SIZE } from './faces/faceres.js';
import { nameFaces } from './faces/recognition.js';
import { FaceService } from './faces/service.js';
import { MAX_FRAME_BYTES } from './frames/source.js';
import { InferenceService } from './inference.js';
import { Metrics } from './metrics.js';
import { ModelRegistry } from './models/registry.js';
import { adapterRoutes } from './routes/adapters.js';
import { capabilityRoutes } from './routes/capabilities.js';
import { faceRoutes } from './routes/faces.js';
import { hardwareRoutes } from './routes/hardware.js';
import { healthRoutes } from './routes/health.js';
import { join } from 'node:path';
import { inferRoutes } from './routes/infer.js';
import { metricsRoutes } from './routes/metrics.js';
import { pipelineRoutes } from './routes/pipeline.js';
import { streamRoutes } from './routes/stream.js';
import { WorkerPool } from './runtimes/pool.js';
import { RemoteAdapters } from './runtimes/remote.js';
import { captionBackend } from './scene/caption-client.js';
import { SceneCaptionBackends } from './scene/local-caption/backends.js';
import { LocalCaptioner } from './scene/local-caption/captioner.js';
import { StatusService } from './status.js';

export type AdapterApp = FastifyInstance;

export interface Services {
  config: Readonly<AdapterConfig>;
  inference: InferenceService;
  status: StatusService;
  metrics: Metrics;
  pool: WorkerPool;
  registry: ModelRegistry;
  localCaption: LocalCaptioner | null;
  faces: FaceService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Inline base64 frames are 4/3 of the 20 MiB frame limit, plus room for the JSON around them. */
const BODY_LIMIT = Math.ceil((MAX_FRAME_BYTES * 4) / 3) + 1024 * 1024;

export async function buildApp(
  config: Readonly<AdapterConfig>,
  options: { logger?: FastifyServerOptions['logger']; captionApiKey?: string | null } = {},
): Promise<AdapterApp> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Operator detectors are checked before the workers start, which get the ones that passed.
  const detectors = new Detectors(await discoverDetectors(config.modelsDir, app.log));
  const defaultDetector = checkDefaultDetector(config.detector, detectors);
  const pool = new WorkerPool(config.workers, config.queueSize, {
    modelsDir: config.modelsDir,
    detectors: detectors.specs(),
  });
  const registry = new ModelRegistry(
    pool,
    config.modelIdleUnloadMs,
    detectors.specs().map((s) => detectorKey(s.name)),
  );
  const remotes = new RemoteAdapters(config.remoteAdapters);
  const caption = config.caption
    ? captionBackend(config.caption.url, config.caption.model, options.captionApiKey ?? null)
    : null;
  const localCaption = await LocalCaptioner.discover(
    config.modelsDir,
    { queueSize: config.queueSize, idleUnloadMs: config.modelIdleUnloadMs },
    app.log,
  );
  const metrics = new Metrics();
  const gallery = await FaceGallery.open(join(config.dataDir, 'faces'), EMBEDDING_SIZE);
  const inference = new InferenceService({
    pool,
    registry,
    remotes,
    captions: new SceneCaptionBackends(localCaption, caption, app.log),
    metrics,
    framesDir: config.framesDir,
    modelsDir: config.modelsDir,
    finishers: new Map([['face_recognition', (result, params) => nameFaces(gallery, result, params)]]),
    detectors,
    defaultDetector,
  });
  const faces = new FaceService(gallery, inference);
  const status = new StatusService({
    config,
    pool,
    registry,
    remotes,
    caption,
    localCaption,
    inference,
    detectors,
    defaultDetector,
  });
  app.decorate('services', { config, inference, status, metrics, pool, registry, localCaption, faces });
  await status.start();
  await remotes.start();

  app.addHook('onClose', async () => {
    remotes.stop();
    registry.close();
    gallery.invalidate();
    await Promise.all([pool.close(), localCaption?.close()]);
  });

  // Frames come as JSON or multipart only; without this, text/plain bodies would reach validation as strings.
  app.removeContentTypeParser('text/plain');
  await app.register(multipart, {
    limits: { fileSize: MAX_FRAME_BYTES, files: 1, fields: 4, fieldSize: 1024 * 1024 },
  });
  await app.register(websocket, { options: { maxPayload: BODY_LIMIT } });

  // Optional bearer token for everything but /health (orchestrators probe health without credentials) and the
  // DeepStack API (compat/deepstack/), which takes the same token as a form field too and needs none from callers
  // on this machine.
  if (config.token) {
    const expected = Buffer.from(`Bearer ${config.token}`);
    const scrape = config.metricsToken ? Buffer.from(`Bearer ${config.metricsToken}`) : null;
    const matches = (got: Buffer, want: Buffer) => got.length === want.length && timingSafeEqual(got, want);
    app.addHook('onRequest', async (req) => {
      if (req.url === '/health' || req.url.startsWith('/health?') || isOpenNvrHealth(req.url)) return;
      // The DeepStack API checks its key itself (compat/deepstack/access.ts): its clients send it as a form field.
      if (isVisionCompat(req.url)) return;
      const got = Buffer.from(req.headers.authorization ?? '');
      // The scrape token (METRICS_TOKEN) opens the native /metrics and nothing else.
      if (scrape && req.routeOptions.url === '/metrics' && matches(got, scrape)) return;
      if (!matches(got, expected)) {
        throw new AdapterError(
          'unauthorized',
          'missing or wrong bearer token (Authorization: Bearer <ADAPTER_TOKEN>)',
        );
      }
    });
  }

  app.setErrorHandler((err, req, reply) => {
    const e = toAdapterError(err);
    if (e.status >= 500 && e.code !== 'overloaded') req.log.error({ err }, 'request failed');
    if (e.retryAfterMs !== undefined)
      void reply.header('retry-after', String(Math.max(1, Math.ceil(e.retryAfterMs / 1000))));
    return reply.status(e.status).send(e.toEnvelope());
  });
  app.setNotFoundHandler((req, reply) => {
    const e = new AdapterError('route_not_found', `no route ${req.method} ${req.url}`);
    return reply.status(e.status).send(e.toEnvelope());
  });

  // The recorder polls these every 30 s: a line per poll at info is noise (still logged at debug, and errors).
  const pollLogLevel = ['debug', 'trace'].includes(config.logLevel) ? config.logLevel : 'warn';
  await app.register(healthRoutes, { logLevel: pollLogLevel });
  await app.register(capabilityRoutes, { logLevel: pollLogLevel });
  await app.register(adapterRoutes);
  await app.register(hardwareRoutes);
  await app.register(metricsRoutes);
  await app.register(inferRoutes);
  await app.register(pipelineRoutes);
  await app.register(streamRoutes);
  await app.register(faceRoutes, { faces });
  await app.register(visionCompatRoutes, {
    token: config.token,
    faces,
    // Operator detectors come first: a folder named like a built-in name takes it over.
    customModels: new CustomModels([operatorDetectorModels(detectors), builtInCustomModels]),
    defaultDetector,
    toNativeError: toAdapterError,
  });
  await app.register(openNvrCompatRoutes, { prefix: OPENNVR_PREFIX, toNativeError: toAdapterError });
  return app;
}

/**
 * DETECTOR must name centernet or a detector that passed its check: serving CenterNet instead of a default the
 * operator chose, or failing every request, would hide the mistake. Returns the canonical name.
 */
function checkDefaultDetector(wanted: string, detectors: Detectors): string {
  if (wanted.toLowerCase() === BUILT_IN_DETECTOR) return BUILT_IN_DETECTOR;
  const found = detectors.find(wanted);
  if (!found)
    throw new ConfigError([
      `DETECTOR=${wanted}: no such detector; known: ${[BUILT_IN_DETECTOR, ...detectors.list.map((d) => d.name)].join(', ')} (folders of <MODELS_DIR>/detectors/)`,
    ]);
  if (found.error) throw new ConfigError([`DETECTOR=${wanted}: the detector was refused: ${found.error}`]);
  return found.name;
}

/** Fastify's own errors (validation, body size, content type) mapped onto our codes. */
function toAdapterError(err: unknown): AdapterError {
  if (err instanceof AdapterError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string; validation?: unknown };
  const message = e.message ?? 'request failed';
  if (e.validation)
    return new AdapterError('invalid_request', message, { details: { validation: e.validation } });
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AdapterError('frame_too_large', `request body too large: ${message}`, {
        details: { limit_bytes: MAX_FRAME_BYTES },
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AdapterError('unsupported_media_type', 'send application/json or multipart/form-data');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AdapterError('invalid_request', message);
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
    return new AdapterError('invalid_request', message);
  return new AdapterError('inference_failed', message);
}
