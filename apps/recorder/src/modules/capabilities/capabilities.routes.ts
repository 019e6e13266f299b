import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { authErrors } from '../../platform/http/schemas.js';
import { CapabilitiesResponse } from './capabilities.schemas.js';
import type { CapabilitiesService } from './capabilities.service.js';

export const capabilitiesRoutes =
  (capabilities: CapabilitiesService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/capabilities',
      {
        schema: {
          tags: ['ai'],
          operationId: 'getCapabilities',
          summary:
            'Orchestrator state and every adapter: status, tasks, model; for superusers also URL, health, ' +
            'capability card and last error',
          response: { 200: CapabilitiesResponse, ...authErrors },
        },
      },
      async (request) => capabilities.capabilities(requestContext(request)),
    );
  };
