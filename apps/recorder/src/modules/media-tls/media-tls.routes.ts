import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { Binary, documentedFormBody } from '../../platform/http/openapi.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { MediaTlsStatus, MediaTlsUploadResponse, UPLOAD_FIELDS } from './media-tls.schemas.js';
import type { MediaTlsService } from './media-tls.service.js';
import { readMultipart } from './multipart.js';

/** A PEM file this large is already absurd (a CA bundle of every public root is about 200 KiB). */
const MAX_FILE_BYTES = 1024 * 1024;

export const mediaTlsRoutes =
  (mediaTls: MediaTlsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_FILE_BYTES, fieldSize: MAX_FILE_BYTES, files: 3, fields: 3, parts: 3 },
    });
    const tags = ['media-source'];
    const pemFile = (what: string) =>
      Type.Optional(Type.Unsafe<Buffer>({ ...Binary, maxLength: MAX_FILE_BYTES, description: what }));
    const uploadForm = Type.Object(
      {
        cert_file: pemFile('PEM certificate'),
        key_file: pemFile('PEM private key of the certificate (stored encrypted, never returned)'),
        ca_bundle_file: pemFile('PEM CA bundle that media-source certificates are verified against'),
      },
      { additionalProperties: false },
    );
    app.get(
      '/media-source/tls',
      {
        schema: {
          tags,
          operationId: 'getMediaTls',
          summary:
            'The media-source TLS material: certificate details, whether a key is set, the CA bundle (superuser)',
          response: { 200: MediaTlsStatus, ...authErrors },
        },
      },
      async (request) => mediaTls.status(requestContext(request)),
    );
    app.post(
      '/media-source/tls',
      {
        config: documentedFormBody(uploadForm),
        schema: {
          tags,
          operationId: 'uploadMediaTls',
          summary:
            'Upload cert_file, key_file and/or ca_bundle_file (multipart, PEM, superuser); the key is stored encrypted and never returned',
          consumes: ['multipart/form-data'],
          response: {
            200: MediaTlsUploadResponse,
            400: ErrorResponse,
            413: ErrorResponse,
            415: ErrorResponse,
            ...authErrors,
          },
        },
      },
      async (request) => {
        const context = requestContext(request);
        // Authorization before reading the files: a non-superuser's upload is refused, not parsed.
        mediaTls.authorize(context);
        return mediaTls.upload(context, await readMultipart(request, UPLOAD_FIELDS));
      },
    );
    app.delete(
      '/media-source/tls',
      {
        schema: {
          tags,
          operationId: 'deleteMediaTls',
          summary: 'Remove all media-source TLS material',
          response: { 204: Type.Null(), ...authErrors },
        },
      },
      async (request, reply) => {
        await mediaTls.clear(requestContext(request));
        return reply.status(204).send(null);
      },
    );
  };
