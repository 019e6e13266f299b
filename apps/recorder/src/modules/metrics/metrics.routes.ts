// GET /metrics (Prometheus text format, at the root like /health) and the hook that times every HTTP request.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { mediaResponse } from '../../platform/http/openapi.js';
import { ErrorResponse } from '../../platform/http/schemas.js';
import type { MetricsAccess } from './metrics-access.js';
import type { RecorderMetrics } from './recorder-metrics.js';

/** On the root app before any route is registered, so that every route is timed. */
export function registerRequestTiming(app: FastifyInstance, metrics: RecorderMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    // Event streams (SSE, WebSocket) stay open for as long as the client listens: not a request duration.
    if (request.ws || String(reply.raw.getHeader('content-type') ?? '').startsWith('text/event-stream'))
      return;
    metrics.httpRequest(
      request.method,
      request.routeOptions.url ?? null,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}

export const metricsRoutes =
  (metrics: RecorderMetrics, access: MetricsAccess): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/metrics',
      {
        // Not the API's authentication: the scrape token is accepted here and nowhere else (metrics-access.ts).
        config: { public: true },
        schema: {
          tags: ['metrics'],
          operationId: 'getMetrics',
          summary: 'Prometheus metrics (text format); the METRICS_TOKEN bearer token or a superuser',
          description:
            'Every series, its labels and the alert rules are described in docs/metrics.md. Without a token, ' +
            'or with a token that is neither METRICS_TOKEN nor a valid access token: 401; a user who is not a ' +
            'superuser: 403.',
          response: {
            200: mediaResponse(
              'text/plain',
              Type.String(),
              'Prometheus text exposition format 0.0.4 (`text/plain; version=0.0.4`)',
            ),
            401: ErrorResponse,
            403: ErrorResponse,
          },
        },
        preHandler: async (request) => access.authorize(request.headers.authorization),
      },
      async (_request, reply) => {
        const { contentType, text } = await metrics.render();
        return reply.type(contentType).send(text);
      },
    );
  };
