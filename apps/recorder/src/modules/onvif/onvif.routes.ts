import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import {
  AddCameraRequest,
  AddCameraResponse,
  DiscoveryRequest,
  DiscoveryResponse,
  InspectRequest,
  InspectResponse,
} from './onvif.schemas.js';
import type { OnvifService } from './onvif.service.js';

export const onvifRoutes =
  (onvif: OnvifService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['onvif'];
    const deviceErrors = { 400: ErrorResponse, 502: ErrorResponse, 504: ErrorResponse, ...authErrors };
    app.post(
      '/onvif/discovery',
      {
        schema: {
          tags,
          operationId: 'discoverOnvifDevices',
          summary: 'WS-Discovery probe for ONVIF cameras on the LAN; answers after timeout_ms (superuser)',
          body: DiscoveryRequest,
          response: { 200: DiscoveryResponse, ...authErrors },
        },
      },
      async (request) => onvif.discovery(requestContext(request), request.body),
    );
    app.post(
      '/onvif/devices/inspect',
      {
        schema: {
          tags,
          operationId: 'inspectOnvifDevice',
          summary: 'Device information, media profiles, stream and snapshot URIs of an ONVIF device',
          body: InspectRequest,
          response: { 200: InspectResponse, ...deviceErrors },
        },
      },
      async (request) => onvif.inspect(requestContext(request), request.body),
    );
    app.post(
      '/onvif/cameras',
      {
        schema: {
          tags,
          operationId: 'addOnvifCamera',
          summary:
            'Add a camera from an ONVIF device: streams from its profiles, device fields filled, main stream read first',
          body: AddCameraRequest,
          response: { 201: AddCameraResponse, 409: ErrorResponse, ...deviceErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await onvif.addCamera(requestContext(request), request.body)),
    );
  };
