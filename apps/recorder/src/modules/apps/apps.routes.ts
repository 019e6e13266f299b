import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import {
  AppList,
  AppListQuery,
  AppParams,
  AppRegisterRequest,
  AppRegisterResponse,
  AppResponse,
} from './apps.schemas.js';
import type { AppsService } from './apps.service.js';

export const appsRoutes =
  (apps: AppsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['apps'];
    app.post(
      '/apps/register',
      {
        schema: {
          tags,
          operationId: 'registerApp',
          summary:
            'Register or update an app by manifest.id (superuser token or the app’s own key); wants_key returns a new API key once',
          body: AppRegisterRequest,
          response: { 200: AppRegisterResponse, 201: AppRegisterResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        const { created, app: registered } = await apps.register(requestContext(request), request.body);
        return reply.status(created ? 201 : 200).send(registered);
      },
    );
    app.get(
      '/apps',
      {
        schema: {
          tags,
          operationId: 'listApps',
          summary: 'Registered apps (superuser)',
          querystring: AppListQuery,
          response: { 200: AppList, ...authErrors },
        },
      },
      async (request) => apps.list(requestContext(request), request.query),
    );
    app.get(
      '/apps/:id',
      {
        schema: {
          tags,
          operationId: 'getApp',
          summary: 'One registered app (superuser, or the app itself)',
          params: AppParams,
          response: { 200: AppResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => apps.get(requestContext(request), request.params.id),
    );
    app.delete(
      '/apps/:id',
      {
        schema: {
          tags,
          operationId: 'deleteApp',
          summary: 'Remove an app; its key stops working at once',
          params: AppParams,
          response: { 204: Type.Null(), 404: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        await apps.delete(requestContext(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/apps/:id/enable',
      {
        schema: {
          tags,
          operationId: 'enableApp',
          summary: 'Approve the app: its key authenticates with the rights its manifest asks for',
          params: AppParams,
          response: { 200: AppResponse, 404: ErrorResponse, 409: ErrorResponse, ...authErrors },
        },
      },
      async (request) => apps.enable(requestContext(request), request.params.id),
    );
    app.post(
      '/apps/:id/disable',
      {
        schema: {
          tags,
          operationId: 'disableApp',
          summary: 'Withdraw the approval: its key no longer authenticates (superuser)',
          params: AppParams,
          response: { 200: AppResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => apps.disable(requestContext(request), request.params.id),
    );
  };
