import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { Binary, documentedFormBody, mediaResponse } from '../../platform/http/openapi.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { readMultipart } from '../media-tls/multipart.js';
import { ConfigBackupRequest, RestoreQuery, RestoreReport } from './backup.schemas.js';
import type { BackupService } from './backup.service.js';

const MAX_BACKUP_BYTES = 256 * 1024 * 1024;

export const backupRoutes =
  (backups: BackupService): FastifyPluginAsyncTypebox =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_BACKUP_BYTES, fieldSize: 4096, files: 1, fields: 2, parts: 3 },
    });
    const tags = ['system'];
    const restoreForm = Type.Object(
      {
        file: Type.Unsafe<Buffer>({
          ...Binary,
          maxLength: MAX_BACKUP_BYTES,
          description: 'A file from POST /system/backup',
        }),
        secret_key: Type.String({ maxLength: 4096, description: 'The secret_key the backup was made with' }),
      },
      { additionalProperties: false },
    );
    app.post(
      '/system/backup',
      {
        schema: {
          tags,
          operationId: 'createBackup',
          summary: 'Download the configuration, encrypted under a key derived from secret_key (superuser)',
          body: ConfigBackupRequest,
          response: {
            200: mediaResponse('application/octet-stream', Binary, 'The encrypted backup file', {
              'content-disposition': Type.String({
                description: '`attachment; filename="nvr-config-<time>.nvrbak"`',
              }),
            }),
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        const { file, filename } = await backups.backup(requestContext(request), request.body.secret_key);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(file);
      },
    );
    app.post(
      '/system/restore',
      {
        config: documentedFormBody(restoreForm),
        schema: {
          tags,
          operationId: 'restoreBackup',
          summary:
            'Restore a configuration backup (multipart file + secret_key; superuser). All or nothing; ?dry_run=true only reports',
          consumes: ['multipart/form-data'],
          querystring: RestoreQuery,
          response: {
            200: RestoreReport,
            400: ErrorResponse,
            413: ErrorResponse,
            415: ErrorResponse,
            ...authErrors,
          },
        },
      },
      async (request) => {
        const context = requestContext(request);
        backups.authorize(context);
        const form = await readMultipart(request, ['file', 'secret_key'] as const);
        return backups.restore(context, form.file, form.secret_key?.toString('utf8'), request.query.dry_run);
      },
    );
  };
