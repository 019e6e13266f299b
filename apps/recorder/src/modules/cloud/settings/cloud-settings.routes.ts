import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../../platform/http/authentication.js';
import { authErrors } from '../../../platform/http/schemas.js';
import { CloudSettingsIn, CloudSettingsResponse, CloudUpdate } from './cloud-settings.schemas.js';
import type { CloudSettingsService } from './cloud-settings.service.js';

export const cloudSettingsRoutes =
  (settings: CloudSettingsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['cloud'];
    app.get(
      '/cloud/settings',
      {
        schema: {
          tags,
          operationId: 'getCloudSettings',
          summary: 'Cloud recording and streaming settings (superuser); secrets only as *_set flags',
          response: { 200: CloudSettingsResponse, ...authErrors },
        },
      },
      async (request) => settings.get(requestContext(request)),
    );
    app.put(
      '/cloud/settings',
      {
        schema: {
          tags,
          operationId: 'updateCloudSettings',
          summary:
            'Update the cloud settings (superuser); omitted fields keep, null clears, blank secrets keep',
          body: CloudSettingsIn,
          response: { 200: CloudSettingsResponse, ...authErrors },
        },
      },
      async (request) => settings.update(requestContext(request), request.body),
    );
    app.put(
      '/cloud/recording/enabled',
      {
        schema: {
          tags,
          operationId: 'setCloudRecordingEnabled',
          summary: 'Switch cloud recording upload on or off (superuser)',
          body: CloudUpdate,
          response: { 200: CloudSettingsResponse, ...authErrors },
        },
      },
      async (request) => settings.setRecordingEnabled(requestContext(request), request.body.enabled),
    );
    app.put(
      '/cloud/streaming/enabled',
      {
        schema: {
          tags,
          operationId: 'setCloudStreamingEnabled',
          summary: 'Switch cloud streaming (the stream targets) on or off (superuser)',
          body: CloudUpdate,
          response: { 200: CloudSettingsResponse, ...authErrors },
        },
      },
      async (request) => settings.setStreamingEnabled(requestContext(request), request.body.enabled),
    );
  };
