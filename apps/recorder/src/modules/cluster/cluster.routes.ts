import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { NodeIdParams, NodeListResponse, NodeResponse } from './cluster.schemas.js';
import type { ClusterService } from './cluster.service.js';

export const clusterRoutes =
  (cluster: ClusterService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['nodes'];
    app.get(
      '/nodes',
      {
        schema: {
          tags,
          operationId: 'listNodes',
          summary: 'The recorder nodes sharing this database, with the cameras each runs (superuser)',
          response: { 200: NodeListResponse, ...authErrors },
        },
      },
      async (request) => cluster.list(requestContext(request)),
    );
    app.post(
      '/nodes/:node_id/drain',
      {
        schema: {
          tags,
          operationId: 'drainNode',
          summary:
            'Move every camera off a node, each with a recording gap shorter than one chunk (superuser)',
          params: NodeIdParams,
          response: { 200: NodeResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => cluster.drain(requestContext(request), request.params.node_id),
    );
    app.post(
      '/nodes/:node_id/resume',
      {
        schema: {
          tags,
          operationId: 'resumeNode',
          summary: 'Let a drained node take cameras again (superuser)',
          params: NodeIdParams,
          response: { 200: NodeResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => cluster.resume(requestContext(request), request.params.node_id),
    );
    app.delete(
      '/nodes/:node_id',
      {
        schema: {
          tags,
          operationId: 'removeNode',
          summary: 'Remove a node that is offline, or drained and holding no camera (superuser)',
          params: NodeIdParams,
          response: { 204: Type.Null(), 404: ErrorResponse, 409: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        await cluster.remove(requestContext(request), request.params.node_id);
        return reply.status(204).send(null);
      },
    );
  };
