// GET /metrics: Prometheus text format (docs/metrics.md). The adapter token, or METRICS_TOKEN for this route only
// (checked in app.ts's token hook).
import type { FastifyInstance } from 'fastify';

export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/metrics', async (_req, reply) => {
    const { metrics, registry, pool } = app.services;
    const models = registry.list().map((m) => ({ name: m.name, loaded: m.state === 'ready' }));
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(
      metrics.render({
        models,
        inflight: pool.inflight,
        queueDepth: pool.queueDepth,
        workerBusySeconds: pool.busySeconds,
      }),
    );
  });
}
