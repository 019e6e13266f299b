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
          operationId: 'createCameraConfig',
          summary: "Create a camera's stream config (409 config_exists if it has one)",
          body: CameraConfigCreate,
          response: { 201: CameraConfigResponse, 404: ErrorResponse, 409: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await configs.create(requestContext(request), request.body)),
    );
    for (const url of ['/camera-config/:camera_id'] as const) {
      app.get(
        url,
        {
          schema: {
            tags,
            operationId: 'getCameraConfig',
            summary: "A camera's stream config",
            params: CameraIdParam,
            response: ok,
          },
        },
        async (request) => configs.get(requestContext(request), request.params.camera_id),
      );
      // PUT and PATCH are the same partial update; each needs its own operationId.
      for (const [method, operationId] of [
        ['PUT', 'replaceCameraConfig'],
        ['PATCH', 'updateCameraConfig'],
      ] as const) {
        app.route({
          method,
          url,
          schema: {
            tags,
            operationId,
            summary: "Change a camera's stream config: only sent fields change",
            params: CameraIdParam,
            body: CameraConfigUpdate,
            response: ok,
          },
          handler: async (request) =>
            configs.update(requestContext(request), request.params.camera_id, request.body),
        });
      }
      app.delete(
        url,
        {
          schema: {
            tags,
            operationId: 'deleteCameraConfig',
            summary: "Delete a camera's stream config",
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
      {
        schema: {
          tags,
          operationId: 'getConfigOfCamera',
          summary: "A camera's stream config (alias of GET /camera-config/{camera_id})",
          params: CameraIdParams,
          response: ok,
        },
      },
      async (request) => configs.get(requestContext(request), request.params.id),
    );
    app.put(
      '/cameras/:id/config',
      {
        schema: {
          tags,
          operationId: 'updateConfigOfCamera',
          summary: "Change a camera's stream config (alias of PATCH /camera-config/{camera_id})",
          params: CameraIdParams,
          body: CameraConfigUpdate,
          response: ok,
        },
      },
      async (request) => configs.update(requestContext(request), request.params.id, request.body),
    );
    app.post(
      '/cameras/:id/transport-security/probe',
      {
        schema: {
          tags,
          operationId: 'probeTransportSecurity',
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
      {
        schema: {
          tags,
          operationId: 'setTransportSecurityPolicy',
          summary: "Set the camera's transport-security policy (operator-set: probes no longer change it)",
          params: CameraIdParams,
          body: TransportSecurityBody,
          response: ok,
        },
      },
      async (request) => configs.setPolicy(requestContext(request), request.params.id, request.body.policy),
    );
  };
