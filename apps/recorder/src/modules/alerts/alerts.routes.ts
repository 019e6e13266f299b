import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, IdParams, authErrors } from '../../platform/http/schemas.js';
import { AckIn, AckResult, AlertList, AlertQuery, AlertResponse } from './alerts.schemas.js';
import type { AlertsService } from './alerts.service.js';

export const alertsRoutes =
  (alerts: AlertsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['alerts'];
    app.get(
      '/alerts',
      {
        schema: {
          tags,
          operationId: 'listAlerts',
          summary: 'Alerts the caller may see, newest first',
          querystring: AlertQuery,
          response: { 200: AlertList, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => alerts.list(requestContext(request), request.query),
    );
    app.post(
      '/alerts/acknowledge',
      {
        schema: {
          tags,
          operationId: 'acknowledgeAlerts',
          summary:
            'Acknowledge alerts: by ids (all or none), by filters, or everything in scope (empty body)',
          body: AckIn,
          response: { 200: AckResult, 404: ErrorResponse, ...authErrors },
        },
        // No body at all is the third AckIn shape, the same as `{}`.
        preValidation: async (request) => {
          request.body ??= {};
        },
      },
      async (request) => alerts.acknowledge(requestContext(request), request.body),
    );
    app.get(
      '/alerts/:id',
      {
        schema: {
          tags,
          operationId: 'getAlert',
          summary: 'One alert',
          params: IdParams,
          response: { 200: AlertResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => alerts.get(requestContext(request), request.params.id),
    );
    app.post(
      '/alerts/:id/acknowledge',
      {
        schema: {
          tags,
          operationId: 'acknowledgeAlert',
          summary: 'Acknowledge one alert (again: no change)',
          params: IdParams,
          response: { 200: AlertResponse, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => alerts.acknowledgeOne(requestContext(request), request.params.id),
    );
  };
