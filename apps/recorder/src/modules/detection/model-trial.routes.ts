// Try-it (API.md §8 addition): POST /ai-models/{id}/try runs a model once on a camera's picture now.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, IdParams, authErrors } from '../../platform/http/schemas.js';
import { AIModelTryRequest, AIModelTryResponse } from '../ai-models/ai-models.schemas.js';
import type { ModelTrial } from './model-trial.js';
import { callerCredentials } from '../cluster/node-proxy.js';

export const modelTrialRoutes =
  (trial: ModelTrial): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['ai'];
    app.post(
      '/ai-models/:id/try',
      {
        schema: {
          tags,
          operationId: 'tryAiModel',
          summary:
            "Run the model once on a camera's picture now and answer the result with the picture (manage right; nothing stored)",
          params: IdParams,
          body: AIModelTryRequest,
          response: {
            200: AIModelTryResponse,
            404: ErrorResponse,
            502: ErrorResponse,
            503: ErrorResponse,
            ...authErrors,
          },
        },
      },
      async (request) =>
        trial.run(
          requestContext(request),
          callerCredentials(request),
          request.params.id,
          request.body.camera_id,
        ),
    );
  };
