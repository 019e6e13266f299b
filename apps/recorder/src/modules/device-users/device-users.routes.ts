import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { CameraIdParams } from '../cameras/cameras.schemas.js';
import { CameraUserCreate, DeviceQuery, DeviceUser, DeviceUserParams } from './device-users.schemas.js';
import type { DeviceUsersService } from './device-users.service.js';

export const deviceUsersRoutes =
  (deviceUsers: DeviceUsersService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['device-users'];
    const deviceErrors = { 400: ErrorResponse, 404: ErrorResponse, 502: ErrorResponse, ...authErrors };
    app.get(
      '/cameras/:id/device-users',
      {
        schema: {
          tags,
          operationId: 'listDeviceUsers',
          summary: 'Accounts on the camera (ONVIF GetUsers)',
          params: CameraIdParams,
          querystring: DeviceQuery,
          response: { 200: Type.Array(DeviceUser), ...deviceErrors },
        },
      },
      async (request) =>
        deviceUsers.list(requestContext(request), request.params.id, request.query.onvif_port),
    );
    app.post(
      '/cameras/:id/device-users',
      {
        schema: {
          tags,
          operationId: 'createDeviceUser',
          summary: 'Create an account on the camera (ONVIF CreateUsers)',
          params: CameraIdParams,
          querystring: DeviceQuery,
          body: CameraUserCreate,
          response: { 201: DeviceUser, ...deviceErrors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await deviceUsers.create(
              requestContext(request),
              request.params.id,
              request.body,
              request.query.onvif_port,
            ),
          ),
    );
    app.delete(
      '/cameras/:id/device-users/:username',
      {
        schema: {
          tags,
          operationId: 'deleteDeviceUser',
          summary: "Remove an account from the camera (ONVIF DeleteUsers; not the recorder's own)",
          params: DeviceUserParams,
          querystring: DeviceQuery,
          response: { 204: Type.Null(), ...deviceErrors },
        },
      },
      async (request, reply) => {
        const { id, username } = request.params;
        await deviceUsers.delete(requestContext(request), id, username, request.query.onvif_port);
        return reply.status(204).send(null);
      },
    );
  };
