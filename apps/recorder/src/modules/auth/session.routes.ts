// Browser sessions for the web app (docs/architecture.md, "Web app sessions"). The same login, rotation and
// logout as /auth/login, /auth/refresh and /auth/logout, but the refresh token travels only in an HttpOnly,
// SameSite=Strict cookie scoped to these endpoints, so no script in the page can read it; the access token is
// answered in the body and kept in the page's memory. Every call must carry `X-NVR-Client: web`: a cross-site
// form cannot set a header, and a cross-site script cannot send one without a CORS preflight the recorder
// refuses.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientInfo, requestContext } from '../../platform/http/authentication.js';
import { ForbiddenError } from '../../platform/http/errors.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { LoginBody } from './auth.schemas.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthService } from './auth.service.js';

export const SESSION_PATH = '/api/v1/auth/session';
export const SESSION_COOKIE = 'nvr_session';
const CLIENT_HEADER = 'x-nvr-client';

const SessionAnswer = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer({ description: 'seconds until the access token expires' }),
  username: Type.String(),
  is_superuser: Type.Boolean(),
  password_change_required: Type.Boolean({
    description: 'still the password generated on first start: the app asks for a new one',
  }),
});

const EndQuery = Type.Object({
  everywhere: Type.Boolean({
    default: false,
    description: 'end every session of the account, not only this one',
  }),
});

function requireWebClient(request: FastifyRequest): void {
  if (request.headers[CLIENT_HEADER] !== 'web') {
    throw new ForbiddenError({
      code: 'missing_client_header',
      message: 'Session calls must carry the header X-NVR-Client: web',
    });
  }
}

function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function setCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  const attributes = [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    `Path=${SESSION_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    // Recorders are often reached over plain HTTP on a LAN, where a Secure cookie would never be sent back.
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; '));
}

export const sessionRoutes =
  (auth: AuthService, users: UsersService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['auth'];
    const answer = async (
      request: FastifyRequest,
      reply: FastifyReply,
      tokens: { access_token: string; refresh_token: string; expires_in: number; refresh_expires_in: number },
    ) => {
      setCookie(request, reply, tokens.refresh_token, tokens.refresh_expires_in);
      const principal = await auth.authenticateBearer(tokens.access_token);
      const user = await users.me({ principal, ...clientInfo(request) });
      return {
        access_token: tokens.access_token,
        token_type: 'bearer' as const,
        expires_in: tokens.expires_in,
        username: user.username,
        is_superuser: user.is_superuser,
        password_change_required: user.password_change_required,
      };
    };

    app.post(
      '/auth/session',
      {
        config: { public: true },
        schema: {
          tags,
          operationId: 'startSession',
          summary: 'Sign in from the web app: the refresh token goes into an HttpOnly cookie, not the body',
          security: [],
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: LoginBody,
          response: {
            200: SessionAnswer,
            401: ErrorResponse,
            403: ErrorResponse,
            422: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        requireWebClient(request);
        return answer(request, reply, await auth.login(request.body, clientInfo(request)));
      },
    );
    app.post(
      '/auth/session/refresh',
      {
        config: { public: true },
        schema: {
          tags,
          operationId: 'refreshSession',
          summary: "Renew the web app's access token with the session cookie (rotates the cookie)",
          description:
            '204 when the browser has no session cookie (the app then shows its sign-in; not an error), 401 ' +
            'when the cookie is no longer valid (it is cleared).',
          security: [],
          response: { 200: SessionAnswer, 204: Type.Null(), 401: ErrorResponse, 403: ErrorResponse },
        },
      },
      async (request, reply) => {
        requireWebClient(request);
        const token = cookieToken(request);
        if (!token) return reply.status(204).send(null);
        try {
          return await answer(request, reply, await auth.refresh(token, clientInfo(request)));
        } catch (error) {
          setCookie(request, reply, '', 0);
          throw error;
        }
      },
    );
    app.delete(
      '/auth/session',
      {
        schema: {
          tags,
          operationId: 'endSession',
          summary:
            'Sign out of the web app (this session, or with everywhere=true every session of the account)',
          querystring: EndQuery,
          response: { 204: Type.Null(), ...authErrors },
        },
      },
      async (request, reply) => {
        requireWebClient(request);
        await auth.logout(
          requestContext(request),
          request.query.everywhere ? undefined : cookieToken(request),
        );
        setCookie(request, reply, '', 0);
        return reply.status(204).send(null);
      },
    );
  };
