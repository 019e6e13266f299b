import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { CameraIdParams } from '../cameras/cameras.schemas.js';
import {
  CameraConfigCreate,
  CameraConfigResponse,
  CameraConfigUpdate,
  CameraIdParam,
  ProbeQuery,
  TransportSecurityBody,
} from './camera-config.schemas.js';
import type { CameraConfigService } from './camera-config.service.js';

export const cameraConfigRoutes =
  (configs: CameraConfigService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['camera-config'];
    const ok = { 200: CameraConfigResponse, 404: ErrorResponse, ...authErrors };

    app.post(
      '/camera-config',
      {
        schema: {
          tags,
          body: CameraConfigCreate,
          response: { 201: CameraConfigResponse, 404: ErrorResponse, 409: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await configs.create(requestContext(request), request.body)),
    );
    for (const url of ['/camera-config/:camera_id'] as const) {
      app.get(url, { schema: { tags, params: CameraIdParam, response: ok } }, async (request) =>
        configs.get(requestContext(request), request.params.camera_id),
      );
      for (const method of ['PUT', 'PATCH'] as const) {
        app.route({
          method,
          url,
          schema: { tags, params: CameraIdParam, body: CameraConfigUpdate, response: ok },
          handler: async (request) =>
            configs.update(requestContext(request), request.params.camera_id, request.body),
        });
      }
      app.delete(
        url,
        {
          schema: {
            tags,
            params: CameraIdParam,
            response: { 204: Type.Null(), 404: ErrorResponse, ...authErrors },
          },
        },
        async (request, reply) => {
          await configs.delete(requestContext(request), request.params.camera_id);
          return reply.status(204).send(null);
        },
      );
    }

    // Aliases under the camera.
    app.get(
      '/cameras/:id/config',
      { schema: { tags, params: CameraIdParams, response: ok } },
      async (request) => configs.get(requestContext(request), request.params.id),
    );
    app.put(
      '/cameras/:id/config',
      { schema: { tags, params: CameraIdParams, body: CameraConfigUpdate, response: ok } },
      async (request) => configs.update(requestContext(request), request.params.id, request.body),
    );
    app.post(
      '/cameras/:id/transport-security/probe',
      {
        schema: {
          tags,
          summary: 'Probe the camera for RTSPS (TLS handshake) and let the policy follow unless operator-set',
          params: CameraIdParams,
          querystring: ProbeQuery,
          response: ok,
        },
      },
      async (request) => configs.probe(requestContext(request), request.params.id, request.query),
    );
    app.put(
      '/cameras/:id/transport-security',
      { schema: { tags, params: CameraIdParams, body: TransportSecurityBody, response: ok } },
      async (request) => configs.setPolicy(requestContext(request), request.params.id, request.body.policy),
    );
  };
