import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../../platform/http/schemas.js';
import {
  CredentialCreate,
  CredentialList,
  CredentialQuery,
  CredentialResponse,
  UuidParams,
} from './cloud-credentials.schemas.js';
import type { CloudCredentialsService } from './cloud-credentials.service.js';

export const cloudCredentialsRoutes =
  (credentials: CloudCredentialsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['cloud'];
    app.post(
      '/cloud/credentials',
      {
        schema: {
          tags,
          operationId: 'createCloudCredential',
          summary:
            'Store a provider credential for the caller (the token is write-only; a custom endpoint is superuser-only)',
          body: CredentialCreate,
          response: { 201: CredentialResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return credentials.create(requestContext(request), request.body);
      },
    );
    app.get(
      '/cloud/credentials',
      {
        schema: {
          tags,
          operationId: 'listCloudCredentials',
          summary: "The caller's provider credentials (never the token)",
          querystring: CredentialQuery,
          response: { 200: CredentialList, ...authErrors },
        },
      },
      async (request) => credentials.list(requestContext(request), request.query),
    );
    app.get(
      '/cloud/credentials/:id',
      {
        schema: {
          tags,
          operationId: 'getCloudCredential',
          summary: "One of the caller's provider credentials (never the token)",
          params: UuidParams,
          response: { 200: CredentialResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => credentials.get(requestContext(request), request.params.id),
    );
    app.delete(
      '/cloud/credentials/:id',
      {
        schema: {
          tags,
          operationId: 'deleteCloudCredential',
          summary: 'Delete a credential (409 while a cloud model uses it)',
          params: UuidParams,
          response: { 204: Type.Null(), 404: ErrorResponse, 409: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        await credentials.remove(requestContext(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
