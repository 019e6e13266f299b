import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { authErrors } from '../../platform/http/schemas.js';
import { MqttSettingsIn, MqttSettingsResponse } from './mqtt.schemas.js';
import type { MqttService } from './mqtt.service.js';

export const mqttRoutes =
  (mqtt: MqttService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['integrations'];
    app.get(
      '/integrations/mqtt',
      {
        schema: {
          tags,
          operationId: 'getMqttSettings',
          summary:
            'MQTT settings in effect and the connection state (superuser); the password only as password_set',
          response: { 200: MqttSettingsResponse, ...authErrors },
        },
      },
      async (request) => mqtt.getSettings(requestContext(request)),
    );
    app.put(
      '/integrations/mqtt',
      {
        schema: {
          tags,
          operationId: 'updateMqttSettings',
          summary:
            'Change the stored MQTT settings (superuser); MQTT_* variables win and cannot be changed here',
          body: MqttSettingsIn,
          response: { 200: MqttSettingsResponse, ...authErrors },
        },
      },
      async (request) => mqtt.updateSettings(requestContext(request), request.body),
    );
  };
