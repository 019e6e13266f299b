// Commands from the configured broker connection (the only place they are read from): each goes through the
// same service as the API call would, as the `system:mqtt` actor (a superuser that is no account: user id 0,
// which no account has), so it is authorized, validated and audited alike. A payload that is not a command is
// logged and dropped; a command that fails (a camera deleted meanwhile) is logged — never a crash.
import type { RequestContext } from '../../platform/auth/principal.js';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import { OFF, ON, type MqttTopics } from './mqtt-topics.js';

/** The audit actor of everything done through MQTT (usernames cannot contain ":", so no account is named so). */
export const MQTT_ACTOR = 'system:mqtt';

export interface CommandDeps {
  configs: Pick<CameraConfigService, 'update'>;
  alerts: Pick<AlertsService, 'acknowledgeOne'>;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** The longest payload looked at (ON/OFF, or an acknowledge's optional note). */
const MAX_PAYLOAD = 64;

export class MqttCommands {
  readonly #context: RequestContext;

  constructor(
    private readonly deps: CommandDeps,
    private readonly topics: MqttTopics,
    brokerHost: string,
  ) {
    this.#context = {
      principal: { userId: 0, username: MQTT_ACTOR, isSuperuser: true },
      ip: brokerHost.slice(0, 64),
      userAgent: 'mqtt',
    };
  }

  /** Applies a message received on a command topic; resolves when it is done (or refused). */
  async handle(topic: string, payload: Buffer): Promise<void> {
    const command = this.topics.parseCommand(topic);
    if (!command) {
      // Only command filters are subscribed, so this is one with a level that is not an id (cameras/abc/…).
      this.deps.log.warn({ topic }, 'MQTT: ignored a message on a topic that names no camera or alert');
      return;
    }
    const text = payload.length <= MAX_PAYLOAD ? payload.toString('utf8').trim() : null;
    try {
      if (command.kind === 'acknowledge') {
        await this.deps.alerts.acknowledgeOne(this.#context, command.alertId);
        this.deps.log.info({ alertId: command.alertId }, 'MQTT: alert acknowledged');
        return;
      }
      const on = text?.toUpperCase() === ON ? true : text?.toUpperCase() === OFF ? false : null;
      if (on === null) {
        this.deps.log.warn({ topic }, 'MQTT: ignored a command whose payload is not ON or OFF');
        return;
      }
      const field = command.kind === 'recording' ? 'recording_enabled' : 'detection_enabled';
      await this.deps.configs.update(this.#context, command.cameraId, { [field]: on });
      this.deps.log.info({ cameraId: command.cameraId, [field]: on }, 'MQTT: camera switched');
    } catch (error) {
      this.deps.log.warn(
        { topic, err: error instanceof Error ? error.message : String(error) },
        'MQTT: a command could not be applied',
      );
    }
  }
}
