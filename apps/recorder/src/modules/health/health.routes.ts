import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

export const healthRoutes =
  (version: string): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/health',
      {
        config: { public: true },
        schema: {
          tags: ['health'],
          operationId: 'getHealth',
          summary: 'Liveness: the recorder answers, and its version',
          security: [],
          response: { 200: Type.Object({ status: Type.Literal('ok'), version: Type.String() }) },
        },
      },
      async () => ({ status: 'ok' as const, version }),
    );
  };
