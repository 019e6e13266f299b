import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import {
  CustomWindowLayout,
  LayoutList,
  LayoutListQuery,
  LayoutParams,
  LayoutResponse,
} from './layouts.schemas.js';
import type { LayoutsService } from './layouts.service.js';

export const layoutsRoutes =
  (layouts: LayoutsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['layouts'];
    app.get(
      '/layouts',
      {
        schema: {
          tags,
          operationId: 'listLayouts',
          summary: "The caller's window layouts",
          querystring: LayoutListQuery,
          response: { 200: LayoutList, ...authErrors },
        },
      },
      async (request) => layouts.list(requestContext(request), request.query),
    );
    app.post(
      '/layouts',
      {
        schema: {
          tags,
          operationId: 'createLayout',
          summary: 'Create a window layout (tiles must lie inside the grid and not overlap)',
          body: CustomWindowLayout,
          response: { 201: LayoutResponse, 400: ErrorResponse, 409: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await layouts.create(requestContext(request), request.body)),
    );
    app.get(
      '/layouts/:id',
      {
        schema: {
          tags,
          operationId: 'getLayout',
          summary: "One of the caller's window layouts",
          params: LayoutParams,
          response: { 200: LayoutResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => layouts.get(requestContext(request), request.params.id),
    );
    app.put(
      '/layouts/:id',
      {
        schema: {
          tags,
          operationId: 'replaceLayout',
          summary: 'Replace a window layout',
          params: LayoutParams,
          body: CustomWindowLayout,
          response: { 200: LayoutResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => layouts.replace(requestContext(request), request.params.id, request.body),
    );
    app.delete(
      '/layouts/:id',
      {
        schema: {
          tags,
          operationId: 'deleteLayout',
          summary: 'Delete a window layout',
          params: LayoutParams,
          response: { 204: Type.Null(), 404: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        await layouts.delete(requestContext(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
