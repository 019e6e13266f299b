import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../../platform/http/schemas.js';
import { CloudInferenceRequest, CloudInferenceResponse, ResultParams } from './cloud-inference.schemas.js';
import type { CloudInferenceService } from './cloud-inference.service.js';

export const cloudInferenceRoutes =
  (inference: CloudInferenceService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['cloud'];
    app.post(
      '/cloud/inference',
      {
        schema: {
          tags,
          operationId: 'runCloudInference',
          summary:
            'Run one inference on a cloud model now (failed provider calls answer 200 with status failed)',
          body: CloudInferenceRequest,
          response: { 200: CloudInferenceResponse, 400: ErrorResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => inference.infer(requestContext(request), request.body),
    );
    app.get(
      '/cloud/results/:id',
      {
        schema: {
          tags,
          operationId: 'getCloudResult',
          summary: 'A stored cloud inference result of the caller',
          params: ResultParams,
          response: { 200: CloudInferenceResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => inference.result(requestContext(request), request.params.id),
    );
  };
