import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, IdParams, authErrors } from '../../platform/http/schemas.js';
import { CameraIdParams } from '../cameras/cameras.schemas.js';
import {
  CameraPermissionAssign,
  CameraPermissionEntry,
  CameraPermissionResponse,
  PermissionParams,
  UserCameraPermission,
} from './permissions.schemas.js';
import type { PermissionsService } from './permissions.service.js';

export const permissionsRoutes =
  (permissions: PermissionsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['permissions'];
    app.get(
      '/cameras/:id/permissions',
      {
        schema: {
          tags,
          operationId: 'listCameraPermissions',
          summary: 'Who may view or manage the camera, owner first (manage right)',
          params: CameraIdParams,
          response: { 200: Type.Array(CameraPermissionEntry), 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => permissions.list(requestContext(request), request.params.id),
    );
    app.get(
      '/users/:id/camera-permissions',
      {
        schema: {
          tags,
          operationId: 'listUserCameraPermissions',
          summary: "A user's rights on every camera not in the bin, owned ones included (superuser)",
          params: IdParams,
          response: { 200: Type.Array(UserCameraPermission), 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => permissions.listForUser(requestContext(request), request.params.id),
    );
    app.post(
      '/cameras/:id/permissions',
      {
        schema: {
          tags,
          operationId: 'grantCameraPermission',
          summary: 'Grant or change a user’s rights on the camera (owner or superuser)',
          params: CameraIdParams,
          body: CameraPermissionAssign,
          response: { 200: CameraPermissionResponse, 400: ErrorResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => permissions.assign(requestContext(request), request.params.id, request.body),
    );
    app.delete(
      '/cameras/:id/permissions/:user_id',
      {
        schema: {
          tags,
          operationId: 'revokeCameraPermission',
          summary: "Revoke a user's rights on the camera (owner or superuser)",
          params: PermissionParams,
          response: { 204: Type.Null(), 404: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        await permissions.revoke(requestContext(request), request.params.id, request.params.user_id);
        return reply.status(204).send(null);
      },
    );
  };
