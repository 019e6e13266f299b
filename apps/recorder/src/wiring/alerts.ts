// What the recorder tells its users: the events API's live streams, the alerts and their notifications. An alert
// names its camera from the cameras family's records.
import type { Config } from '../config.js';
import { alertActionReactions } from '../modules/alert-actions/alert-actions.reactions.js';
import { AlertActionsRepository } from '../modules/alert-actions/alert-actions.repository.js';
import { AlertActionsService } from '../modules/alert-actions/alert-actions.service.js';
import { alertReactions } from '../modules/alerts/alerts.reactions.js';
import { AlertsRepository } from '../modules/alerts/alerts.repository.js';
import { AlertsService } from '../modules/alerts/alerts.service.js';
import type { AuditService } from '../modules/audit/audit.service.js';
import type { CameraAccess } from '../modules/cameras/camera-access.js';
import type { CamerasRepository } from '../modules/cameras/cameras.repository.js';
import { eventLogReactions } from '../modules/events/events.reactions.js';
import { EventsService } from '../modules/events/events.service.js';
import type { RecorderEventBus } from '../modules/recorder-events.js';
import type { UsersService } from '../modules/users/users.service.js';
import type { TicketService } from '../platform/auth/tickets.js';
import type { SecretBox } from '../platform/crypto/secret-box.js';
import type { DatabaseHandle } from '../platform/db/database.js';
import type { EventBus } from '../platform/events/event-bus.js';
import type { Part } from '../platform/lifecycle.js';

/** The container overrides this family reads (documented on ContainerOverrides). */
export interface AlertsOverrides {
  eventHeartbeatMs?: number;
  offlineAlertMs?: number;
  deliveryRetryDelaysMs?: number[];
}

export interface AlertsDeps {
  config: Config;
  database: DatabaseHandle;
  secretBox: SecretBox;
  events: EventBus;
  internalEvents: RecorderEventBus;
  tickets: TicketService;
  audit: AuditService;
  users: UsersService;
  access: CameraAccess;
  camerasRepository: CamerasRepository;
  overrides: AlertsOverrides;
}

export function wireAlerts({
  config,
  database,
  secretBox,
  events,
  internalEvents,
  tickets,
  audit,
  users,
  access,
  camerasRepository,
  overrides,
}: AlertsDeps) {
  const eventStreams = new EventsService(
    events,
    access,
    tickets,
    users,
    overrides.eventHeartbeatMs ?? config.events.heartbeatSeconds * 1000,
  );
  const alerts = new AlertsService(
    new AlertsRepository(database.db),
    access,
    events,
    audit,
    async (cameraId) => (await camerasRepository.findById(cameraId))?.name ?? null,
    overrides.offlineAlertMs ?? config.alerts.offlineAlertSeconds * 1000,
    internalEvents,
  );
  const alertActions = new AlertActionsService(
    new AlertActionsRepository(database.db),
    alerts,
    secretBox,
    audit,
    overrides.deliveryRetryDelaysMs,
  );

  return {
    eventStreams,
    alerts,
    alertActions,
    parts: {
      eventStreams: { name: 'event streams', stop: () => eventStreams.closeStreams() },
      alerts: { name: 'alerts', start: () => alerts.start(), stop: () => alerts.stop() },
      alertDeliveries: {
        name: 'alert deliveries',
        start: () => alertActions.start(),
        stop: () => alertActions.stop(),
      },
    } satisfies Record<string, Part>,
    reactions: {
      eventLog: () => eventLogReactions(internalEvents, events),
      alert: () => alertReactions(internalEvents, alerts),
      alertAction: () => alertActionReactions(internalEvents, alertActions),
    } satisfies Record<string, () => () => void>,
  };
}
