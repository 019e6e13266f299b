import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { authErrors } from '../../platform/http/schemas.js';
import { AuditLogList, AuditLogQuery } from './audit.schemas.js';
import type { AuditService } from './audit.service.js';

export const auditRoutes =
  (audit: AuditService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/audit-logs',
      {
        schema: {
          tags: ['audit'],
          operationId: 'listAuditLogs',
          summary: 'Audit log, newest first (superuser)',
          querystring: AuditLogQuery,
          response: { 200: AuditLogList, ...authErrors },
        },
      },
      async (request) => audit.list(requestContext(request), request.query),
    );
  };
