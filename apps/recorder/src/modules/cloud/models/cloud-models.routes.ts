import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../../platform/http/authentication.js';
import { ErrorResponse, IdParams, authErrors } from '../../../platform/http/schemas.js';
import {
  CloudModelCreate,
  CloudModelList,
  CloudModelQuery,
  CloudModelResponse,
  CloudModelUpdate,
} from './cloud-models.schemas.js';
import type { CloudModelsService } from './cloud-models.service.js';

export const cloudModelsRoutes =
  (models: CloudModelsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['cloud'];
    const errors = { 400: ErrorResponse, 404: ErrorResponse, ...authErrors };
    app.post(
      '/cloud/models',
      {
        schema: {
          tags,
          operationId: 'createCloudModel',
          summary: "Register a provider model with one of the caller's credentials",
          body: CloudModelCreate,
          response: { 201: CloudModelResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await models.create(requestContext(request), request.body)),
    );
    app.get(
      '/cloud/models',
      {
        schema: {
          tags,
          operationId: 'listCloudModels',
          summary: "The caller's provider models",
          querystring: CloudModelQuery,
          response: { 200: CloudModelList, ...authErrors },
        },
      },
      async (request) => models.list(requestContext(request), request.query),
    );
    app.get(
      '/cloud/models/:id',
      {
        schema: {
          tags,
          operationId: 'getCloudModel',
          summary: "One of the caller's provider models",
          params: IdParams,
          response: { 200: CloudModelResponse, ...errors },
        },
      },
      async (request) => models.get(requestContext(request), request.params.id),
    );
    app.put(
      '/cloud/models/:id',
      {
        schema: {
          tags,
          operationId: 'updateCloudModel',
          summary: 'Update a provider model (omitted fields keep their value)',
          params: IdParams,
          body: CloudModelUpdate,
          response: { 200: CloudModelResponse, ...errors },
        },
      },
      async (request) => models.update(requestContext(request), request.params.id, request.body),
    );
    app.delete(
      '/cloud/models/:id',
      {
        schema: {
          tags,
          operationId: 'deleteCloudModel',
          summary: 'Delete a provider model',
          params: IdParams,
          response: { 204: Type.Null(), ...errors },
        },
      },
      async (request, reply) => {
        await models.remove(requestContext(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
