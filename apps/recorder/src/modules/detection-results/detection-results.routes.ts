import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, IdParams, authErrors } from '../../platform/http/schemas.js';
import {
  AIDetectionResultCreate,
  AIDetectionResultList,
  AIDetectionResultQuery,
  AIDetectionResultResponse,
} from './detection-results.schemas.js';
import type { DetectionResultsService } from './detection-results.service.js';

export const detectionResultsRoutes =
  (results: DetectionResultsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['ai'];
    app.post(
      '/ai-detection-results',
      {
        schema: {
          tags,
          operationId: 'createDetectionResult',
          summary:
            'Store a detection result (manage right on its camera); 404 for an unknown model or camera',
          body: AIDetectionResultCreate,
          response: { 201: AIDetectionResultResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await results.create(requestContext(request), request.body)),
    );
    app.get(
      '/ai-detection-results',
      {
        schema: {
          tags,
          operationId: 'listDetectionResults',
          summary: 'Detection results of cameras the caller may view, newest first',
          querystring: AIDetectionResultQuery,
          response: { 200: AIDetectionResultList, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => results.list(requestContext(request), request.query),
    );
    app.get(
      '/ai-detection-results/:id',
      {
        schema: {
          tags,
          operationId: 'getDetectionResult',
          summary: 'One detection result',
          params: IdParams,
          response: { 200: AIDetectionResultResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => results.get(requestContext(request), request.params.id),
    );
    app.delete(
      '/ai-detection-results/:id',
      {
        schema: {
          tags,
          operationId: 'deleteDetectionResult',
          summary: 'Delete a detection result (manage right on its camera)',
          params: IdParams,
          response: { 204: Type.Null(), 404: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        await results.delete(requestContext(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
