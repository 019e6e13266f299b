import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { CameraIdParams } from '../cameras/cameras.schemas.js';
import { StreamTicket } from './live.schemas.js';
import type { LiveService } from './live.service.js';

export const liveRoutes =
  (live: LiveService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['live'];
    app.post(
      '/cameras/:id/stream-ticket',
      {
        schema: {
          tags,
          summary: 'A short-lived media ticket for players that cannot send headers',
          params: CameraIdParams,
          response: { 200: StreamTicket, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => live.streamTicket(requestContext(request), request.params.id),
    );
    app.get(
      '/cameras/:id/snapshot',
      {
        config: { ticket: 'media' },
        schema: {
          tags,
          summary: 'The current picture of the camera (JPEG)',
          params: CameraIdParams,
          querystring: Type.Object({ ticket: Type.Optional(Type.String()) }),
          response: {
            200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'image/jpeg' }),
            404: ErrorResponse,
            503: ErrorResponse,
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        const image = await live.snapshot(requestContext(request), request.params.id);
        return reply.type('image/jpeg').header('cache-control', 'no-store').send(image);
      },
    );
  };
