import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, IdParams, authErrors } from '../../platform/http/schemas.js';
import {
  AIModelCreate,
  AIModelList,
  AIModelQuery,
  AIModelResponse,
  AIModelStatus,
  AIModelUpdate,
} from './ai-models.schemas.js';
import type { AiModelsService } from './ai-models.service.js';
import { callerCredentials, type NodeProxy } from '../cluster/node-proxy.js';

export const aiModelsRoutes =
  (models: AiModelsService, nodes: Pick<NodeProxy, 'forward'>): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['ai'];
    app.post(
      '/ai-models',
      {
        schema: {
          tags,
          operationId: 'createAiModel',
          summary: 'Create an AI model record (manage right on its camera; without a camera: superuser)',
          body: AIModelCreate,
          response: { 201: AIModelResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await models.create(requestContext(request), request.body)),
    );
    app.get(
      '/ai-models',
      {
        schema: {
          tags,
          operationId: 'listAiModels',
          summary: 'AI models of cameras the caller may view',
          querystring: AIModelQuery,
          response: { 200: AIModelList, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => models.list(requestContext(request), request.query),
    );
    app.get(
      '/ai-models/:id',
      {
        schema: {
          tags,
          operationId: 'getAiModel',
          summary: 'One AI model',
          params: IdParams,
          response: { 200: AIModelResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => models.get(requestContext(request), request.params.id),
    );
    app.get(
      '/ai-models/:id/status',
      {
        schema: {
          tags,
          operationId: 'getAiModelStatus',
          summary: "The detection loop's view of the model (recording models: analysis progress)",
          description:
            'On a cluster, a live model is answered by the node that runs its camera (this node forwards the ' +
            'request; 503 when that node cannot be reached); a recording model by each node for its own disk.',
          params: IdParams,
          response: { 200: AIModelStatus, 404: ErrorResponse, 503: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        const served = await models.status(
          requestContext(request),
          request.params.id,
          callerCredentials(request),
        );
        return 'here' in served ? served.here : nodes.forward(request, reply, served.remote);
      },
    );
    // PUT and PATCH are the same partial update; each needs its own operationId.
    for (const [method, operationId] of [
      ['PUT', 'replaceAiModel'],
      ['PATCH', 'updateAiModel'],
    ] as const) {
      app.route({
        method,
        url: '/ai-models/:id',
        schema: {
          tags,
          operationId,
          summary: 'Partial update: only sent fields change; null clears a nullable field',
          params: IdParams,
          body: AIModelUpdate,
          response: { 200: AIModelResponse, 404: ErrorResponse, ...authErrors },
        },
        handler: async (request) => models.update(requestContext(request), request.params.id, request.body),
      });
    }
    app.delete(
      '/ai-models/:id',
      {
        schema: {
          tags,
          operationId: 'deleteAiModel',
          summary: 'Delete the model and its detection results',
          params: IdParams,
          response: { 204: Type.Null(), 404: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        await models.delete(requestContext(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
