import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { UserResponse } from '../users/users.schemas.js';
import type { UsersService } from '../users/users.service.js';
import { LoginBody, LogoutBody, RefreshBody, TokenResponse } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

export const authRoutes =
  (auth: AuthService, users: UsersService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['auth'];
    const client = (request: { ip: string; headers: Record<string, unknown> }) => ({
      ip: request.ip,
      userAgent:
        typeof request.headers['user-agent'] === 'string'
          ? request.headers['user-agent'].slice(0, 500)
          : null,
    });

    app.post(
      '/auth/login',
      {
        config: { public: true },
        schema: {
          tags,
          operationId: 'login',
          summary: 'Log in (form-encoded OAuth2 password grant, or the same fields as JSON)',
          security: [],
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: LoginBody,
          response: {
            200: TokenResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            422: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (request) => auth.login(request.body, client(request)),
    );
    app.post(
      '/auth/refresh',
      {
        config: { public: true },
        schema: {
          tags,
          operationId: 'refreshTokens',
          summary: 'Trade a refresh token for a new token pair',
          security: [],
          body: RefreshBody,
          response: { 200: TokenResponse, 401: ErrorResponse },
        },
      },
      async (request) => auth.refresh(request.body.refresh_token, client(request)),
    );
    app.post(
      '/auth/logout',
      {
        // The body is optional: without one, every session of the caller ends.
        preValidation: async (request) => {
          request.body ??= {};
        },
        schema: {
          tags,
          operationId: 'logout',
          summary:
            "Log out: end the given refresh token's session, or without one every session of the caller",
          body: LogoutBody,
          response: { 204: Type.Null(), ...authErrors },
        },
      },
      async (request, reply) => {
        await auth.logout(requestContext(request), request.body.refresh_token);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/auth/me',
      {
        schema: {
          tags,
          operationId: 'getCurrentUser',
          summary: 'The signed-in user',
          response: { 200: UserResponse, ...authErrors },
        },
      },
      async (request) => users.me(requestContext(request)),
    );
  };
