import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import {
  AdapterCreate,
  AdapterList,
  AdapterNameParams,
  AdapterResponse,
  HardwareEvaluation,
} from './adapters.schemas.js';
import type { AdaptersService } from './adapters.service.js';

export const adaptersRoutes =
  (adapters: AdaptersService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['ai'];
    app.get(
      '/adapters',
      {
        schema: {
          tags,
          operationId: 'listAdapters',
          summary: 'AI adapters the recorder routes work to, with their polled state (superuser)',
          response: { 200: AdapterList, ...authErrors },
        },
      },
      async (request) => adapters.list(requestContext(request)),
    );
    app.post(
      '/adapters',
      {
        schema: {
          tags,
          operationId: 'registerAdapter',
          summary: 'Register an adapter by URL (superuser); answers after its first poll',
          body: AdapterCreate,
          response: { 201: AdapterResponse, 400: ErrorResponse, 409: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await adapters.register(requestContext(request), request.body)),
    );
    app.get(
      '/adapters/:name/hardware',
      {
        schema: {
          tags,
          operationId: 'getAdapterHardware',
          summary:
            "The adapter's hardware verdict (ok, warn, blocked) with its reasoning (superuser); it times a frame per loaded model",
          params: AdapterNameParams,
          response: { 200: HardwareEvaluation, 404: ErrorResponse, 502: ErrorResponse, ...authErrors },
        },
      },
      async (request) => adapters.hardware(requestContext(request), request.params.name),
    );
    app.delete(
      '/adapters/:name',
      {
        schema: {
          tags,
          operationId: 'removeAdapter',
          summary: 'Stop using a registered adapter (superuser); ADAPTER_URLS ones are removed there',
          params: AdapterNameParams,
          response: { 204: Type.Null(), 400: ErrorResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        await adapters.remove(requestContext(request), request.params.name);
        return reply.status(204).send(null);
      },
    );
  };
