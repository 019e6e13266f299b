import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { CameraIdParams } from '../cameras/cameras.schemas.js';
import { CameraZonesBody, CameraZonesResponse } from './zones.schemas.js';
import type { ZonesService } from './zones.service.js';

export const zonesRoutes =
  (zones: ZonesService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['zones'];
    app.get(
      '/cameras/:id/zones',
      {
        schema: {
          tags,
          operationId: 'getCameraZones',
          summary: "A camera's zones, the labels they watch and their alert rules (view right)",
          params: CameraIdParams,
          response: { 200: CameraZonesResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => zones.get(requestContext(request), request.params.id),
    );
    app.put(
      '/cameras/:id/zones',
      {
        schema: {
          tags,
          operationId: 'replaceCameraZones',
          summary: "Replace a camera's zones (manage right); applied at once",
          params: CameraIdParams,
          body: CameraZonesBody,
          response: { 200: CameraZonesResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => zones.replace(requestContext(request), request.params.id, request.body),
    );
  };
