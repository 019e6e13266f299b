import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { CameraIdParams } from '../cameras/cameras.schemas.js';
import { MotionBoxesResponse, MotionSettingsBody, MotionSettingsResponse } from './motion.schemas.js';
import type { MotionService } from './motion.service.js';

export const motionRoutes =
  (motion: MotionService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['motion'];
    app.get(
      '/cameras/:id/motion',
      {
        schema: {
          tags,
          operationId: 'getCameraMotion',
          summary: "A camera's motion detection settings and whether it is in motion now (view right)",
          params: CameraIdParams,
          response: { 200: MotionSettingsResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => motion.get(requestContext(request), request.params.id),
    );
    app.get(
      '/cameras/:id/motion/boxes',
      {
        schema: {
          tags,
          operationId: 'getCameraMotionBoxes',
          summary: "The moving areas of the newest picture a camera's motion detection analysed (view right)",
          params: CameraIdParams,
          response: { 200: MotionBoxesResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => motion.boxes(requestContext(request), request.params.id),
    );
    app.put(
      '/cameras/:id/motion',
      {
        schema: {
          tags,
          operationId: 'replaceCameraMotion',
          summary: "Replace a camera's motion detection settings (manage right); applied at once",
          params: CameraIdParams,
          body: MotionSettingsBody,
          response: { 200: MotionSettingsResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => motion.replace(requestContext(request), request.params.id, request.body),
    );
  };
