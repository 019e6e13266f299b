import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, IdParams, authErrors } from '../../platform/http/schemas.js';
import { ActionConfigIn, ActionConfigResponse, DeliveryList, TestResult } from './alert-actions.schemas.js';
import type { AlertActionsService } from './alert-actions.service.js';

export const alertActionsRoutes =
  (actions: AlertActionsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['alerts'];
    app.get(
      '/alerts/actions',
      {
        schema: {
          tags,
          operationId: 'getAlertActions',
          summary: 'Notification actions (superuser); secrets appear only as *_set flags',
          response: { 200: ActionConfigResponse, ...authErrors },
        },
      },
      async (request) => actions.getConfig(requestContext(request)),
    );
    app.patch(
      '/alerts/actions',
      {
        schema: {
          tags,
          operationId: 'updateAlertActions',
          summary: 'Partial update of the notification actions (superuser)',
          body: ActionConfigIn,
          response: { 200: ActionConfigResponse, ...authErrors },
        },
      },
      async (request) => actions.updateConfig(requestContext(request), request.body),
    );
    app.post(
      '/alerts/actions/test',
      {
        schema: {
          tags,
          operationId: 'testAlertActions',
          summary: 'Send a test notification on every channel now and report each outcome (superuser)',
          response: { 200: TestResult, ...authErrors },
        },
      },
      async (request) => actions.test(requestContext(request)),
    );
    app.get(
      '/alerts/:id/deliveries',
      {
        schema: {
          tags,
          operationId: 'listAlertDeliveries',
          summary: "An alert's notification deliveries: attempts, outcome, next retry (superuser)",
          params: IdParams,
          response: { 200: DeliveryList, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => actions.deliveries(requestContext(request), request.params.id),
    );
  };
