import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Container } from './container.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { cameraConfigRoutes } from './modules/camera-config/camera-config.routes.js';
import { camerasRoutes } from './modules/cameras/cameras.routes.js';
import { deviceUsersRoutes } from './modules/device-users/device-users.routes.js';
import { onvifRoutes } from './modules/onvif/onvif.routes.js';
import { ptzRoutes } from './modules/ptz/ptz.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { alertsRoutes } from './modules/alerts/alerts.routes.js';
import { alertActionsRoutes } from './modules/alert-actions/alert-actions.routes.js';
import { cloudRoutes } from './modules/cloud/cloud.js';
import { permissionsRoutes } from './modules/permissions/permissions.routes.js';
import { activityRoutes } from './modules/recordings/activity.routes.js';
import { recordingsRoutes } from './modules/recordings/recordings.routes.js';
import { evidenceRoutes } from './modules/evidence/evidence.routes.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { skillsRoutes } from './modules/skills/skills.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { sessionRoutes } from './modules/auth/session.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { aiModelsRoutes } from './modules/ai-models/ai-models.routes.js';
import { modelTrialRoutes } from './modules/detection/model-trial.routes.js';
import { motionRoutes } from './modules/motion/motion.routes.js';
import { zonesRoutes } from './modules/zones/zones.routes.js';
import { reviewRoutes } from './modules/review/review.routes.js';
import { detectionResultsRoutes } from './modules/detection-results/detection-results.routes.js';
import { adaptersRoutes } from './modules/adapters/adapters.routes.js';
import { facesRoutes } from './modules/faces/faces.routes.js';
import { capabilitiesRoutes } from './modules/capabilities/capabilities.routes.js';
import { layoutsRoutes } from './modules/layouts/layouts.routes.js';
import { appsRoutes } from './modules/apps/apps.routes.js';
import { isAppKey } from './modules/apps/apps.service.js';
import { mediaTlsRoutes } from './modules/media-tls/media-tls.routes.js';
import { backupRoutes } from './modules/backup/backup.routes.js';
import { MetricsAccess } from './modules/metrics/metrics-access.js';
import { metricsRoutes, registerRequestTiming } from './modules/metrics/metrics.routes.js';
import { mqttRoutes } from './modules/mqtt/mqtt.routes.js';
import { clusterRoutes } from './modules/cluster/cluster.routes.js';
import { registerAuthentication } from './platform/http/authentication.js';
import { registerErrorHandling } from './platform/http/error-handler.js';
import { registerJsonBodyParser } from './platform/http/json-body.js';
import { registerStringRules } from './platform/http/string-rules.js';
import {
  DEFAULT_WEB_DIR,
  collectServerPaths,
  isPageNavigation,
  registerWebApp,
  type SendApp,
} from './platform/http/web-app.js';
import { openApiOptions } from './platform/http/openapi.js';
import { lazySerializers } from './platform/http/serialization.js';
import { SECURITY_HEADERS, registerSecurityHeaders } from './platform/http/security-headers.js';
import { validatorCompiler } from './platform/http/validation.js';
import { RequestLogController } from './platform/logging.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export async function buildApp(container: Container): Promise<FastifyInstance> {
  const { config } = container;
  const app = Fastify({
    loggerInstance: container.logger,
    logController: new RequestLogController(),
    schemaController: lazySerializers(),
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
    // Reuse a caller's X-Request-Id when it is harmless, so logs line up across services.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Only listed proxies may name the client (request.ip: logs, audit, login throttling by source).
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // The web app, when built, answers page requests nothing else matched (its own router has the pages); paths
  // under the server's own routes are never pages.
  const serverPaths = collectServerPaths(app);
  let sendApp: SendApp | null = null;
  registerErrorHandling(app, (request, reply) =>
    sendApp && isPageNavigation(request, serverPaths) ? sendApp(reply) : null,
  );
  registerJsonBodyParser(app);
  // Before any route and before @fastify/swagger: every route's request strings get the platform's rule.
  registerStringRules(app);
  app.addHook('onRoute', (route) => {
    // swagger-ui registers its own routes; they are documentation, readable without a token like /openapi.json.
    if (route.url.startsWith('/docs')) route.config = { ...route.config, public: true };
  });
  // A registered app's API key (API.md §13) authenticates like an access token; JWTs are unchanged.
  const bearer = (token: string) =>
    isAppKey(token) ? container.apps.authenticate(token) : container.auth.authenticateBearer(token);
  registerAuthentication(
    app,
    { bearer, ticket: (ticket, purpose) => container.auth.authenticateTicket(ticket, purpose) },
    container.forwardedClient,
  );
  // Before any route, so that every one is timed.
  registerRequestTiming(app, container.metrics);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerSecurityHeaders(app, SECURITY_HEADERS);
  await app.register(cors, { origin: config.corsOrigins.length > 0 ? [...config.corsOrigins] : false });
  await app.register(formbody);
  // The event stream also upgrades to a WebSocket; clients only send small control messages.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, openApiOptions(config.version));
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { persistAuthorization: false },
  });

  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes(config.version));
  await app.register(metricsRoutes(container.metrics, new MetricsAccess(config.metricsToken, bearer)));
  await app.register(
    async (api) => {
      await api.register(authRoutes(container.auth, container.users));
      await api.register(sessionRoutes(container.auth, container.users));
      await api.register(usersRoutes(container.users));
      await api.register(auditRoutes(container.audit));
      await api.register(camerasRoutes(container.cameras));
      await api.register(cameraConfigRoutes(container.cameraConfig));
      await api.register(permissionsRoutes(container.permissions));
      await api.register(skillsRoutes(container.skills));
      await api.register(deviceUsersRoutes(container.deviceUsers));
      await api.register(onvifRoutes(container.onvif));
      await api.register(ptzRoutes(container.ptz));
      await api.register(recordingsRoutes(container.recordings, container.nodeProxy));
      await api.register(evidenceRoutes(container.evidence));
      await api.register(activityRoutes(container.activity));
      await api.register(liveRoutes(container.live, container.nodeProxy));
      await api.register(eventsRoutes(container.eventStreams));
      await api.register(alertsRoutes(container.alerts));
      await api.register(alertActionsRoutes(container.alertActions));
      await api.register(cloudRoutes(container.cloud));
      await api.register(aiModelsRoutes(container.aiModels, container.nodeProxy));
      await api.register(modelTrialRoutes(container.modelTrial));
      await api.register(motionRoutes(container.motion));
      await api.register(zonesRoutes(container.zones));
      await api.register(reviewRoutes(container.review, container.nodeProxy));
      await api.register(detectionResultsRoutes(container.detectionResults));
      await api.register(adaptersRoutes(container.adapters));
      await api.register(facesRoutes(container.faces));
      await api.register(capabilitiesRoutes(container.capabilities));
      await api.register(layoutsRoutes(container.layouts));
      await api.register(appsRoutes(container.apps));
      await api.register(mediaTlsRoutes(container.mediaTls));
      await api.register(backupRoutes(container.backup));
      await api.register(mqttRoutes(container.mqtt));
      await api.register(clusterRoutes(container.cluster));
    },
    { prefix: '/api/v1' },
  );
  sendApp = await registerWebApp(app, DEFAULT_WEB_DIR);
  return app;
}
