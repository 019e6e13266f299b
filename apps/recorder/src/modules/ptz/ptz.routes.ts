import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { CameraIdParams } from '../cameras/cameras.schemas.js';
import { PtzMoveRequest, PtzPreset, PtzPresetCreate, PtzPresetParams, PtzState } from './ptz.schemas.js';
import type { PtzService } from './ptz.service.js';

export const ptzRoutes =
  (ptz: PtzService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['ptz'];
    const deviceErrors = {
      400: ErrorResponse,
      404: ErrorResponse,
      502: ErrorResponse,
      504: ErrorResponse,
      ...authErrors,
    };
    const commandErrors = { ...deviceErrors, 409: ErrorResponse };
    app.get(
      '/cameras/:id/ptz',
      {
        schema: {
          tags,
          operationId: 'getCameraPtz',
          summary: 'What the camera’s pan/tilt/zoom can do over ONVIF, and its presets (view right)',
          params: CameraIdParams,
          response: { 200: PtzState, ...deviceErrors },
        },
      },
      async (request) => ptz.state(requestContext(request), request.params.id),
    );
    app.post(
      '/cameras/:id/ptz/move',
      {
        schema: {
          tags,
          operationId: 'moveCameraPtz',
          summary:
            'Start a continuous pan/tilt/zoom move at the given speeds (ONVIF ContinuousMove; manage right)',
          params: CameraIdParams,
          body: PtzMoveRequest,
          response: { 204: Type.Null(), ...commandErrors },
        },
      },
      async (request, reply) => {
        await ptz.move(requestContext(request), request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/cameras/:id/ptz/stop',
      {
        schema: {
          tags,
          operationId: 'stopCameraPtz',
          summary: 'Stop every pan/tilt/zoom movement (ONVIF Stop; manage right)',
          params: CameraIdParams,
          response: { 204: Type.Null(), ...commandErrors },
        },
      },
      async (request, reply) => {
        await ptz.stop(requestContext(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/cameras/:id/ptz/presets',
      {
        schema: {
          tags,
          operationId: 'listCameraPtzPresets',
          summary: 'The camera’s PTZ presets (ONVIF GetPresets; view right)',
          params: CameraIdParams,
          response: { 200: Type.Array(PtzPreset), ...commandErrors },
        },
      },
      async (request) => ptz.presets(requestContext(request), request.params.id),
    );
    app.post(
      '/cameras/:id/ptz/presets',
      {
        schema: {
          tags,
          operationId: 'createCameraPtzPreset',
          summary: 'Store the current position as a named preset (ONVIF SetPreset; manage right)',
          params: CameraIdParams,
          body: PtzPresetCreate,
          response: { 201: PtzPreset, ...commandErrors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await ptz.createPreset(requestContext(request), request.params.id, request.body)),
    );
    app.delete(
      '/cameras/:id/ptz/presets/:token',
      {
        schema: {
          tags,
          operationId: 'deleteCameraPtzPreset',
          summary: 'Remove a preset (ONVIF RemovePreset; manage right)',
          params: PtzPresetParams,
          response: { 204: Type.Null(), ...commandErrors },
        },
      },
      async (request, reply) => {
        await ptz.removePreset(requestContext(request), request.params.id, request.params.token);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/cameras/:id/ptz/presets/:token/goto',
      {
        schema: {
          tags,
          operationId: 'gotoCameraPtzPreset',
          summary: 'Move to a preset (ONVIF GotoPreset; manage right)',
          params: PtzPresetParams,
          response: { 204: Type.Null(), ...commandErrors },
        },
      },
      async (request, reply) => {
        await ptz.gotoPreset(requestContext(request), request.params.id, request.params.token);
        return reply.status(204).send(null);
      },
    );
  };
