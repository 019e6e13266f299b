import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import {
  CameraCreate,
  CameraHardDeleteRequest,
  CameraIdParams,
  CameraList,
  CameraListQuery,
  CameraResponse,
  CameraRightsResponse,
  CameraUpdate,
  DeletedCameraInfo,
  DeletedCameraList,
  ForceQuery,
  HardDeleteResult,
} from './cameras.schemas.js';
import type { CamerasService } from './cameras.service.js';

export const camerasRoutes =
  (cameras: CamerasService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['cameras'];
    const found = { 404: ErrorResponse, ...authErrors };

    app.post(
      '/cameras',
      {
        schema: {
          tags,
          operationId: 'createCamera',
          summary: 'Add a camera (409 duplicate_camera unless force=true)',
          querystring: ForceQuery,
          body: CameraCreate,
          response: { 201: CameraResponse, 409: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await cameras.create(requestContext(request), request.body, request.query.force)),
    );
    app.get(
      '/cameras',
      {
        schema: {
          tags,
          operationId: 'listCameras',
          summary: 'Cameras the caller may view, with search (q) and paging',
          querystring: CameraListQuery,
          response: { 200: CameraList, ...authErrors },
        },
      },
      async (request) => cameras.list(requestContext(request), request.query),
    );
    app.get(
      '/cameras/deleted',
      {
        schema: {
          tags,
          operationId: 'listBinnedCameras',
          summary: 'Cameras in the bin',
          response: { 200: DeletedCameraList, ...authErrors },
        },
      },
      async (request) => cameras.listBinned(requestContext(request)),
    );
    app.get(
      '/cameras/:id',
      {
        schema: {
          tags,
          operationId: 'getCamera',
          summary: 'One camera',
          params: CameraIdParams,
          response: { 200: CameraResponse, ...found },
        },
      },
      async (request) => cameras.get(requestContext(request), request.params.id),
    );
    app.get(
      '/cameras/:id/my-rights',
      {
        schema: {
          tags,
          operationId: 'getMyCameraRights',
          summary: 'What the caller may do to the camera (view right)',
          params: CameraIdParams,
          response: { 200: CameraRightsResponse, ...found },
        },
      },
      async (request) => cameras.myRights(requestContext(request), request.params.id),
    );
    // PUT and PATCH are the same partial update (SEED.md); each needs its own operationId.
    for (const [method, operationId] of [
      ['PUT', 'replaceCamera'],
      ['PATCH', 'updateCamera'],
    ] as const) {
      app.route({
        method,
        url: '/cameras/:id',
        schema: {
          tags,
          operationId,
          summary: 'Change a camera: only sent fields change, null clears a nullable field',
          params: CameraIdParams,
          body: CameraUpdate,
          response: { 200: CameraResponse, ...found },
        },
        handler: async (request) => cameras.update(requestContext(request), request.params.id, request.body),
      });
    }
    app.delete(
      '/cameras/:id',
      {
        schema: {
          tags,
          operationId: 'binCamera',
          summary: 'Move the camera to the bin (recordings are kept)',
          params: CameraIdParams,
          response: { 200: DeletedCameraInfo, ...found },
        },
      },
      async (request) => cameras.bin(requestContext(request), request.params.id),
    );
    app.post(
      '/cameras/:id/restore',
      {
        schema: {
          tags,
          operationId: 'restoreCamera',
          summary: 'Take a camera out of the bin (409 duplicate_camera unless force=true)',
          params: CameraIdParams,
          querystring: ForceQuery,
          response: { 200: CameraResponse, 409: ErrorResponse, ...found },
        },
      },
      async (request) => cameras.restore(requestContext(request), request.params.id, request.query.force),
    );
    app.post(
      '/cameras/:id/hard-delete',
      {
        schema: {
          tags,
          operationId: 'hardDeleteCamera',
          summary:
            "Delete a binned camera and its recordings for good (phrase: hard delete <name> and it's recording)",
          params: CameraIdParams,
          body: CameraHardDeleteRequest,
          response: { 200: HardDeleteResult, 400: ErrorResponse, 409: ErrorResponse, ...found },
        },
      },
      async (request) =>
        cameras.hardDelete(requestContext(request), request.params.id, request.body.confirmation_phrase),
    );
  };
