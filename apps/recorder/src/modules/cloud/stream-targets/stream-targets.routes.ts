import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../../platform/http/schemas.js';
import {
  StreamTargetCreate,
  StreamTargetList,
  StreamTargetResponse,
  StreamTargetStatus,
  TargetParams,
} from './stream-targets.schemas.js';
import type { StreamTargetsService } from './stream-targets.service.js';

export const streamTargetsRoutes =
  (targets: StreamTargetsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['cloud'];
    const errors = { 404: ErrorResponse, 409: ErrorResponse, ...authErrors };
    app.post(
      '/cloud/stream-targets',
      {
        schema: {
          tags,
          operationId: 'upsertStreamTarget',
          summary:
            'Create a stream target, or update the one with this target_id (201 created, 200 updated); ' +
            'only a superuser creates one under a target_id of their choosing',
          body: StreamTargetCreate,
          response: { 200: StreamTargetResponse, 201: StreamTargetResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { created, target } = await targets.upsert(requestContext(request), request.body);
        return reply.status(created ? 201 : 200).send(target);
      },
    );
    app.get(
      '/cloud/stream-targets',
      {
        schema: {
          tags,
          operationId: 'listStreamTargets',
          summary: 'Stream targets of the cameras the caller may manage (never the stream key)',
          response: { 200: StreamTargetList, ...authErrors },
        },
      },
      async (request) => targets.list(requestContext(request)),
    );
    app.get(
      '/cloud/stream-targets/:target_id',
      {
        schema: {
          tags,
          operationId: 'getStreamTarget',
          summary: 'One stream target (never the stream key)',
          params: TargetParams,
          response: { 200: StreamTargetResponse, ...errors },
        },
      },
      async (request) => targets.get(requestContext(request), request.params.target_id),
    );
    app.delete(
      '/cloud/stream-targets/:target_id',
      {
        schema: {
          tags,
          operationId: 'deleteStreamTarget',
          summary: 'Stop and delete a stream target',
          params: TargetParams,
          response: { 204: Type.Null(), ...errors },
        },
      },
      async (request, reply) => {
        await targets.remove(requestContext(request), request.params.target_id);
        return reply.status(204).send(null);
      },
    );
    for (const action of ['start', 'stop'] as const) {
      app.post(
        `/cloud/stream-targets/:target_id/${action}`,
        {
          schema: {
            tags,
            operationId: action === 'start' ? 'startStreamTarget' : 'stopStreamTarget',
            summary:
              action === 'start'
                ? 'Enable the target and start pushing (409 while cloud streaming is off)'
                : 'Disable the target and stop pushing',
            params: TargetParams,
            response: { 200: StreamTargetStatus, ...errors },
          },
        },
        async (request) => targets[action](requestContext(request), request.params.target_id),
      );
    }
    app.get(
      '/cloud/stream-targets/:target_id/status',
      {
        schema: {
          tags,
          operationId: 'getStreamTargetStatus',
          summary: "A stream target's push state: connection state, failures, last error",
          params: TargetParams,
          response: { 200: StreamTargetStatus, ...errors },
        },
      },
      async (request) => targets.status(requestContext(request), request.params.target_id),
    );
  };
