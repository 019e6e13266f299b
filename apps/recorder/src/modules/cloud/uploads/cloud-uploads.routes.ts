import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../../platform/http/authentication.js';
import { Nullable, Timestamp, authErrors } from '../../../platform/http/schemas.js';
import type { CloudUploadsService } from './cloud-uploads.service.js';

const UploadStatus = Type.Object({
  pending: Type.Integer(),
  uploaded: Type.Integer(),
  failed: Type.Integer(),
  last_error: Nullable(Type.String()),
  last_success_at: Nullable(Timestamp),
});

export const cloudUploadsRoutes =
  (uploads: CloudUploadsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/cloud/recording/status',
      {
        schema: {
          tags: ['cloud'],
          operationId: 'getCloudRecordingStatus',
          summary:
            'Cloud recording upload queue: pending, uploaded, failed, last error, last success (superuser)',
          response: { 200: UploadStatus, ...authErrors },
        },
      },
      async (request) => uploads.status(requestContext(request)),
    );
  };
