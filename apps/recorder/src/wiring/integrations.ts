// What other systems read of the recorder: the Prometheus series and MQTT. Built before the AI family, because the
// detection loop counts into the metrics, and after the cloud, whose queues the metrics read.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { AlertActionsService } from '../modules/alert-actions/alert-actions.service.js';
import type { AlertsService } from '../modules/alerts/alerts.service.js';
import type { AuditService } from '../modules/audit/audit.service.js';
import type { CameraConfigService } from '../modules/camera-config/camera-config.service.js';
import type { CameraStatusService } from '../modules/cameras/camera-status.service.js';
import type { CamerasService } from '../modules/cameras/cameras.service.js';
import type { Cloud } from '../modules/cloud/cloud.js';
import type { CameraLeases } from '../modules/cluster/camera-leases.js';
import type { EventsService } from '../modules/events/events.service.js';
import type { MediaTlsService } from '../modules/media-tls/media-tls.service.js';
import { metricsSources } from '../modules/metrics/metrics-sources.js';
import { metricsReactions } from '../modules/metrics/metrics.reactions.js';
import { RecorderMetrics } from '../modules/metrics/recorder-metrics.js';
import { mqttReactions } from '../modules/mqtt/mqtt.reactions.js';
import { MqttRepository } from '../modules/mqtt/mqtt.repository.js';
import { MqttService, type MqttOptions } from '../modules/mqtt/mqtt.service.js';
import type { RecorderEventBus } from '../modules/recorder-events.js';
import type { RecordingsService } from '../modules/recordings/recordings.service.js';
import type { SecretBox } from '../platform/crypto/secret-box.js';
import type { DatabaseHandle } from '../platform/db/database.js';
import type { Part } from '../platform/lifecycle.js';

/** The container overrides this family reads (documented on ContainerOverrides). */
export interface IntegrationsOverrides {
  mqtt?: MqttOptions;
}

export interface IntegrationsDeps {
  config: Config;
  database: DatabaseHandle;
  secretBox: SecretBox;
  audit: AuditService;
  internalEvents: RecorderEventBus;
  logger: FastifyBaseLogger;
  nodeId: string;
  cameraLeases: CameraLeases;
  cameras: CamerasService;
  cameraConfig: CameraConfigService;
  cameraStatus: CameraStatusService;
  mediaTls: MediaTlsService;
  recordings: RecordingsService;
  eventStreams: EventsService;
  alerts: AlertsService;
  alertActions: AlertActionsService;
  cloud: Cloud;
  overrides: IntegrationsOverrides;
}

export function wireIntegrations({
  config,
  database,
  secretBox,
  audit,
  internalEvents,
  logger,
  nodeId,
  cameraLeases,
  cameras,
  cameraConfig,
  cameraStatus,
  mediaTls,
  recordings,
  eventStreams,
  alerts,
  alertActions,
  cloud,
  overrides,
}: IntegrationsDeps) {
  // Prometheus metrics: gauges read from these services at scrape time; counters fed by hooks and reactions.
  const metrics = new RecorderMetrics(
    metricsSources({
      cameras,
      cameraStatus,
      eventStreams,
      alertActions,
      cloudJobs: cloud.jobs,
      cloudUploads: cloud.uploads,
      recordings,
    }),
  );
  const mqtt = new MqttService(
    {
      repository: new MqttRepository(database.db),
      secretBox,
      audit,
      env: config.mqtt,
      version: config.version,
      recordingsRoot: config.recordingsDir,
      cameras,
      cameraConfig,
      cameraStatus,
      alerts,
      mediaTls,
      internal: internalEvents,
      node: {
        id: nodeId,
        clustered: database.dialect === 'postgres',
        isHere: (cameraId) => cameraLeases.fence(cameraId) !== null,
      },
      log: logger,
      // Where Home Assistant reaches this node's restream: NODE_URL's host (this node publishes the cameras it runs).
      restreamUrl: (cameraId) =>
        config.rtspPort === null
          ? null
          : `rtsp://${new URL(config.node.url).hostname}:${config.rtspPort}/cameras/${cameraId}`,
    },
    overrides.mqtt,
  );

  return {
    metrics,
    mqtt,
    parts: {
      mqtt: { name: 'mqtt', start: () => mqtt.start(), stop: () => mqtt.stop() },
    } satisfies Record<string, Part>,
    reactions: {
      mqtt: () => mqttReactions(internalEvents, mqtt),
      metrics: () => metricsReactions(internalEvents, metrics),
    } satisfies Record<string, () => () => void>,
  };
}
