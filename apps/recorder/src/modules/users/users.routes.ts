import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, IdParams, authErrors } from '../../platform/http/schemas.js';
import {
  PasswordChange,
  UserCreate,
  UserList,
  UserListQuery,
  UserResponse,
  UserUpdate,
} from './users.schemas.js';
import type { UsersService } from './users.service.js';

export const usersRoutes =
  (users: UsersService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['users'];
    const notFound = { 404: ErrorResponse };

    app.get(
      '/users',
      {
        schema: {
          tags,
          operationId: 'listUsers',
          summary: 'User accounts, with paging (superuser)',
          querystring: UserListQuery,
          response: { 200: UserList, ...authErrors },
        },
      },
      async (request) => users.list(requestContext(request), request.query),
    );
    app.post(
      '/users',
      {
        schema: {
          tags,
          operationId: 'createUser',
          summary: 'Create a user account (superuser; 409 if the username is taken)',
          body: UserCreate,
          response: { 201: UserResponse, 409: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await users.create(requestContext(request), request.body)),
    );
    app.put(
      '/users/me/password',
      {
        schema: {
          tags,
          operationId: 'changeOwnPassword',
          summary: "Change the caller's own password (the current one is required)",
          body: PasswordChange,
          response: { 204: Type.Null(), 400: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        await users.changeOwnPassword(requestContext(request), request.body);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/users/:id',
      {
        schema: {
          tags,
          operationId: 'getUser',
          summary: 'One user account (superuser)',
          params: IdParams,
          response: { 200: UserResponse, ...notFound, ...authErrors },
        },
      },
      async (request) => users.get(requestContext(request), request.params.id),
    );
    app.put(
      '/users/:id',
      {
        schema: {
          tags,
          operationId: 'updateUser',
          summary: 'Change a user account (superuser)',
          params: IdParams,
          body: UserUpdate,
          response: { 200: UserResponse, 400: ErrorResponse, 409: ErrorResponse, ...notFound, ...authErrors },
        },
      },
      async (request) => users.update(requestContext(request), request.params.id, request.body),
    );
    app.delete(
      '/users/:id',
      {
        schema: {
          tags,
          operationId: 'deactivateUser',
          summary: 'Deactivate a user and end their sessions',
          params: IdParams,
          response: { 204: Type.Null(), 400: ErrorResponse, ...notFound, ...authErrors },
        },
      },
      async (request, reply) => {
        await users.deactivate(requestContext(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
