// OpenNVR AI Adapter Contract v1, served unchanged under /compat/opennvr beside the native API (which stays the
// default): /health, /capabilities, /hardware/evaluation, /metrics, /infer and the /infer/stream WebSocket, in
// the shapes of open-nvr/ai-adapter's `opennvr_adapter_sdk/contract.py` and the failure envelope of its §7.
// Routes are thin: shapes live in card.ts and tasks.ts, inference in service.ts, the stream protocol in stream.ts.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { AdapterError } from '../../errors.js';
import { capabilities, hardwareEvaluation, health, modelInfoLabels } from './card.js';
import { authFailure, OpenNvrError, toFailure } from './errors.js';
import { CompatMetrics } from './metrics.js';
import { readCompatBody } from './request.js';
import { OpenNvrService } from './service.js';
import { serveStream } from './stream.js';

export const OPENNVR_PREFIX = '/compat/opennvr';
const CORRELATION_HEADER = 'x-correlation-id';

/** The contract's /health is open (KAI-C probes liveness before it has a token); app.ts skips the token for it. */
export const isOpenNvrHealth = (url: string): boolean =>
  url === `${OPENNVR_PREFIX}/health` || url.startsWith(`${OPENNVR_PREFIX}/health?`);

/**
 * Registered with `{ prefix: OPENNVR_PREFIX }`. `toNativeError` is app.ts's mapping of Fastify's own errors
 * (body size, content type, bad JSON) onto native codes, reused so both surfaces agree on what those are.
 */
export async function openNvrCompatRoutes(
  app: FastifyInstance,
  options: { toNativeError: (err: unknown) => AdapterError },
): Promise<void> {
  const { inference, status, pool, registry, config } = app.services;
  const service = new OpenNvrService(inference, new CompatMetrics());

  // Every answer here carries the caller's X-Correlation-Id (or a fresh one), as the contract's §3.8 asks — the
  // token hook's 401 too, which runs before this plugin's hooks and so is tagged in the error handler.
  const correlate = (req: FastifyRequest, reply: FastifyReply) => {
    if (reply.hasHeader(CORRELATION_HEADER)) return;
    const given = req.headers[CORRELATION_HEADER];
    void reply.header(CORRELATION_HEADER, typeof given === 'string' && given ? given : randomUUID());
  };
  app.addHook('onRequest', async (req, reply) => correlate(req, reply));

  /** Thrown values as upstream failures; the shared token hook's 401 becomes the SDK's auth_missing/auth_invalid. */
  const failureOf = (err: unknown, authorization: string | undefined) => {
    if (err instanceof OpenNvrError) return toFailure(err);
    const native = options.toNativeError(err);
    return native.code === 'unauthorized' ? authFailure(authorization) : toFailure(native);
  };
  app.setErrorHandler((err, req, reply) => {
    const failure = failureOf(err, req.headers.authorization);
    correlate(req, reply);
    if (failure.httpStatus >= 500) req.log.error({ err }, 'opennvr compat request failed');
    if (failure.retryAfterMs !== undefined)
      void reply.header('retry-after', String(Math.max(1, Math.ceil(failure.retryAfterMs / 1000))));
    return reply.status(failure.httpStatus).send(failure.envelope);
  });
  app.setNotFoundHandler((req, reply) => {
    const failure = toFailure(new AdapterError('route_not_found', `no route ${req.method} ${req.url}`));
    return reply.status(failure.httpStatus).send(failure.envelope);
  });

  app.get('/health', async () => health(status));
  app.get('/capabilities', async () => capabilities(status, service, config.streamMaxSockets));
  app.get('/hardware/evaluation', async () => hardwareEvaluation(status));
  app.get('/metrics', async (_req, reply) => {
    const models = registry.list().map((m) => ({ name: m.name, loaded: m.state === 'ready' }));
    const text = service.metrics.render({
      models,
      inflight: pool.inflight,
      queueDepth: pool.queueDepth,
      identity: await modelInfoLabels(status),
    });
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(text);
  });

  app.post('/infer', async (req) => {
    const startedAt = performance.now();
    const body = await readCompatBody(req).catch((err: unknown) => {
      service.rejected(err);
      throw err;
    });
    return service.infer({ ...body, startedAt });
  });

  // A plain request to the stream endpoint: 426 with the failure envelope and the header that says what to do.
  const upgradeRequired: RouteHandlerMethod = async (_req, reply) => {
    const failure = toFailure(
      new AdapterError(
        'upgrade_required',
        `open a WebSocket: GET ${OPENNVR_PREFIX}/infer/stream with Upgrade: websocket`,
      ),
    );
    return reply.status(failure.httpStatus).header('upgrade', 'websocket').send(failure.envelope);
  };
  app.post('/infer/stream', upgradeRequired);
  app.route({
    method: 'GET',
    url: '/infer/stream',
    handler: upgradeRequired,
    wsHandler: (socket) =>
      serveStream(socket, service, {
        maxInflight: config.streamMaxInflight,
        maxSockets: config.streamMaxSockets,
        queueDepth: () => pool.queueDepth,
      }),
  });
}
