// MQTT (issue #21): the settings API (superuser; password write-only and sealed; audited without secrets), and
// the running bridge — one broker connection, the publisher of states and events, the command handler. The
// environment wins field by field: a set MQTT_* variable is the value in use and PUT cannot change it (422 naming
// the field), so nothing sent is accepted and then ignored. Any change of settings, of the media-source CA (it
// verifies mqtts://) or a restore reconnects with the new settings. On a cluster each node runs its own bridge
// with its own client id and availability topic, for the cameras it runs (mqtt-node.ts).
import { requireSuperuser } from '../../platform/auth/guards.js';
import type { RecorderEventBus } from '../recorder-events.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { FieldValidationError } from '../../platform/http/errors.js';
import type { MqttEnvConfig } from '../../config.js';
import type { AlertResponse } from '../alerts/alerts.schemas.js';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type { CameraStatusService } from '../cameras/camera-status.service.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { MediaTlsService } from '../media-tls/media-tls.service.js';
import type { TrackedObjects, ZonePresence } from '../recorder-events.js';
import { MqttCommands } from './mqtt-commands.js';
import type { BackoffPolicy } from '../../media/supervisor.js';
import {
  DEFAULT_MQTT_BACKOFF,
  MqttConnection,
  type MqttDeadlines,
  type MqttStatus,
} from './mqtt-connection.js';
import {
  DEFAULT_DISCOVERY_PREFIX,
  DEFAULT_TOPIC_PREFIX,
  mqttFieldProblem,
  type MqttField,
} from './mqtt-fields.js';
import { commandSubscriptions, nodeClientId, type MqttNode } from './mqtt-node.js';
import { MqttPublisher } from './mqtt-publisher.js';
import type { MqttRepository, MqttSettingsRow } from './mqtt.repository.js';
import {
  MQTT_SETTING_NAMES,
  type MqttSettingName,
  type MqttSettingsIn,
  type MqttSettingsResponse,
  type MqttStatusResponse,
} from './mqtt.schemas.js';
import { MqttTopics, TOPIC_MAP_VERSION } from './mqtt-topics.js';

/** SecretBox purpose of the stored broker password (backup sections use the same). */
export const MQTT_PASSWORD_PURPOSE = 'mqtt.password';
/** source_name of the alert raised when the broker refuses the credentials */
export const MQTT_AUTH_ALERT_SOURCE = 'mqtt_auth';

/** Changes after which what was published is emptied first (it would otherwise stay behind, stale). */
const WITHDRAWING_CHANGES = new Set(['url', 'topic_prefix', 'discovery_prefix', 'discovery_enabled']);

const DISABLED: MqttStatus = {
  state: 'disabled',
  last_error: null,
  since: null,
  failed_attempts: 0,
  next_attempt_at: null,
};

/** API name → the field in the environment config. */
const ENV_FIELD: Record<MqttSettingName, MqttField> = {
  url: 'url',
  username: 'username',
  password: 'password',
  client_id: 'clientId',
  topic_prefix: 'topicPrefix',
  discovery_prefix: 'discoveryPrefix',
};

/** The settings in use: the environment's where set, else the stored ones, else the defaults. */
export interface EffectiveMqttSettings {
  enabled: boolean;
  url: string | null;
  username: string | null;
  password: string | null;
  clientId: string;
  topicPrefix: string;
  discoveryPrefix: string;
  discoveryEnabled: boolean;
  recorderId: string;
}

export interface MqttDeps {
  repository: MqttRepository;
  secretBox: SecretBox;
  audit: AuditService;
  env: MqttEnvConfig;
  version: string;
  recordingsRoot: string;
  cameras: Pick<CamerasService, 'find' | 'allIds'>;
  cameraConfig: Pick<CameraConfigService, 'find' | 'update'>;
  cameraStatus: Pick<CameraStatusService, 'get'>;
  alerts: Pick<AlertsService, 'acknowledgeOne' | 'raiseOnce'>;
  mediaTls: Pick<MediaTlsService, 'caBundle'>;
  /** announces saved settings ('mqtt-settings.changed'): the other nodes of a cluster reconnect too */
  internal: Pick<RecorderEventBus, 'emit'>;
  /** this recorder node: its id, whether it is one of several, which cameras it runs */
  node: MqttNode;
  /** a camera's RTSP restream URL without credentials; null while the restream is off */
  restreamUrl: (cameraId: number) => string | null;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

export interface MqttOptions {
  backoff?: BackoffPolicy;
  /** how long each exchange with the broker may take (tests shorten them) */
  deadlines?: Partial<MqttDeadlines>;
  /** how often recorder stats go out (default 60 s) */
  statsIntervalMs?: number;
}

interface Bridge {
  connection: MqttConnection;
  clientId: string;
  availabilityTopic: string;
  publisher: MqttPublisher;
  commands: MqttCommands;
  statsTimer: NodeJS.Timeout;
}

export class MqttService {
  #bridge: Bridge | null = null;
  /** settings changes and restarts one at a time, in order */
  #tail: Promise<void> = Promise.resolve();
  #started = false;
  readonly #pending = new Set<Promise<unknown>>();

  constructor(
    private readonly deps: MqttDeps,
    private readonly options: MqttOptions = {},
  ) {}

  // ---- API ----

  async getSettings(context: RequestContext): Promise<MqttSettingsResponse> {
    requireSuperuser(context.principal);
    return this.#toResponse(await this.deps.repository.get());
  }

  async updateSettings(context: RequestContext, body: MqttSettingsIn): Promise<MqttSettingsResponse> {
    requireSuperuser(context.principal);
    const current = await this.deps.repository.get();
    const next: MqttSettingsRow = { ...current };
    const changed: string[] = [];
    for (const name of MQTT_SETTING_NAMES) {
      const value = body[name];
      if (value === undefined) continue;
      const envName = ENV_FIELD[name];
      if (this.deps.env[envName] !== undefined)
        throw new FieldValidationError(
          ['body', name],
          `${name} is set by the environment (MQTT_* variable), which wins; change it there`,
        );
      if (value !== null) {
        const problem = mqttFieldProblem(envName, value);
        if (problem) throw new FieldValidationError(['body', name], `${name} ${problem}`);
      }
      if (name === 'password') {
        // Sealed values differ on every seal: compared as plaintext.
        const stored = this.#storedPassword(current);
        if (stored === value) continue;
        next.password_sealed = value === null ? null : this.deps.secretBox.seal(value, MQTT_PASSWORD_PURPOSE);
        changed.push(name);
        continue;
      }
      if (next[name] !== value) {
        next[name] = value;
        changed.push(name);
      }
    }
    if (body.enabled !== undefined) {
      if (this.deps.env.url !== undefined)
        throw new FieldValidationError(
          ['body', 'enabled'],
          'MQTT_URL is set in the environment: the connection is on while it is set',
        );
      if (next.enabled !== body.enabled) changed.push('enabled');
      next.enabled = body.enabled;
    }
    if (body.discovery_enabled !== undefined && next.discovery_enabled !== body.discovery_enabled) {
      next.discovery_enabled = body.discovery_enabled;
      changed.push('discovery_enabled');
    }
    if (next.enabled && next.url === null && this.deps.env.url === undefined)
      throw new FieldValidationError(['body', 'url'], 'url is required to enable MQTT');
    if (changed.length > 0) {
      next.updated_at = new Date().toISOString();
      await this.deps.repository.save(next);
      await this.deps.audit.record(context, {
        action: 'integrations.mqtt.update',
        entityType: 'integration',
        entityId: 'mqtt',
        details: { changed },
      });
      // Moving to another broker or topic tree, or ending discovery, first empties what was published.
      const withdraw = changed.some((name) => WITHDRAWING_CHANGES.has(name));
      await this.restart({ withdraw });
      this.deps.internal.emit('mqtt-settings.changed', { withdraw });
    }
    return this.#toResponse(next);
  }

  // ---- the bridge ----

  /** Connects when enabled. */
  async start(): Promise<void> {
    this.#started = true;
    await this.restart();
  }

  async stop(): Promise<void> {
    this.#started = false;
    await this.#enqueue(() => this.#disconnect());
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  /** Reconnects with the settings as they are now (or disconnects, when off). */
  restart({ withdraw = false } = {}): Promise<void> {
    return this.#enqueue(async () => {
      if (withdraw) this.#bridge?.publisher.withdraw();
      await this.#disconnect();
      if (this.#started) await this.#connect();
    });
  }

  status(): MqttStatusResponse {
    const bridge = this.#bridge;
    if (!bridge) return { ...DISABLED, client_id: null, availability_topic: null };
    return {
      ...bridge.connection.status,
      client_id: bridge.clientId,
      availability_topic: bridge.availabilityTopic,
    };
  }

  /** Resolves when the commands and publications under way are done (tests, shutdown). */
  async idle(): Promise<void> {
    await this.#tail;
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  // ---- reactions (mqtt.reactions.ts) ----

  cameraChanged(cameraId: number): void {
    this.#track(this.#bridge?.publisher.syncCamera(cameraId, { afterChange: true }));
  }

  /** This node took the camera's lease (it publishes the camera now) or gave it up (the next holder does). */
  cameraOwnershipChanged(cameraId: number, owned: boolean): void {
    if (owned) this.#track(this.#bridge?.publisher.takeCamera(cameraId));
    else this.#bridge?.publisher.leaveCamera(cameraId);
  }

  camerasChanged(): void {
    this.#track(this.#bridge?.publisher.syncAll());
  }

  motionChanged(cameraId: number, active: boolean): void {
    this.#bridge?.publisher.motion(cameraId, active);
  }

  tracked(update: TrackedObjects): void {
    this.#bridge?.publisher.tracked(update);
  }

  zoneChanged(presence: ZonePresence, entered: boolean): void {
    this.#bridge?.publisher.zone(presence, entered);
  }

  alertRaised(alert: AlertResponse): void {
    this.#bridge?.publisher.alert(alert);
  }

  // ---- internals ----

  async effectiveSettings(): Promise<EffectiveMqttSettings> {
    const stored = await this.deps.repository.get();
    const { env } = this.deps;
    const url = env.url ?? stored.url;
    return {
      enabled: url !== null && (env.url !== undefined || stored.enabled),
      url,
      username: env.username ?? stored.username,
      password: env.password ?? this.#storedPassword(stored),
      clientId: env.clientId ?? stored.client_id ?? `nvr-recorder-${stored.recorder_id}`,
      topicPrefix: env.topicPrefix ?? stored.topic_prefix ?? DEFAULT_TOPIC_PREFIX,
      discoveryPrefix: env.discoveryPrefix ?? stored.discovery_prefix ?? DEFAULT_DISCOVERY_PREFIX,
      discoveryEnabled: stored.discovery_enabled,
      recorderId: stored.recorder_id,
    };
  }

  async #connect(): Promise<void> {
    const settings = await this.effectiveSettings();
    if (!settings.enabled || settings.url === null) return;
    const { node } = this.deps;
    const topics = new MqttTopics(settings.topicPrefix, node.clustered ? node.id : null);
    const clientId = nodeClientId(settings.clientId, node);
    const url = new URL(settings.url);
    const ca = url.protocol === 'mqtts:' ? await this.deps.mediaTls.caBundle() : null;
    const { deps } = this;
    const sink = {
      publish: (topic: string, payload: string | Buffer, retain: boolean) =>
        connection.publish(topic, payload, retain),
    };
    const publisher = new MqttPublisher(
      {
        camera: (id) => deps.cameras.find(id),
        cameraIds: () => deps.cameras.allIds(),
        config: (id) => deps.cameraConfig.find(id),
        status: (id, recordingEnabled) => deps.cameraStatus.get(id, recordingEnabled),
        isHere: (id) => node.isHere(id),
        recordingsRoot: deps.recordingsRoot,
        restreamUrl: deps.restreamUrl,
      },
      topics,
      settings.discoveryEnabled
        ? {
            discoveryPrefix: settings.discoveryPrefix,
            topics,
            recorderId: settings.recorderId,
            version: deps.version,
            restream: deps.restreamUrl(0) !== null,
          }
        : null,
      sink,
    );
    const commands = new MqttCommands(
      { configs: deps.cameraConfig, alerts: deps.alerts, log: deps.log },
      topics,
      url.hostname,
    );
    const connection = new MqttConnection(
      {
        url: settings.url,
        username: settings.username,
        password: settings.password,
        clientId,
        availabilityTopic: topics.availability,
        subscriptions: commandSubscriptions(topics.commandFilters, settings.recorderId, node),
        ca,
      },
      {
        onConnected: () => publisher.republish(),
        onMessage: (topic, payload) => this.#track(commands.handle(topic, payload)),
        onAuthFailed: (reason) => this.#track(this.#raiseAuthAlert(reason)),
        log: deps.log,
      },
      this.options.backoff ?? DEFAULT_MQTT_BACKOFF,
      this.options.deadlines,
    );
    const statsTimer = setInterval(
      () => this.#track(publisher.stats(deps.version)),
      this.options.statsIntervalMs ?? 60_000,
    );
    statsTimer.unref();
    this.#bridge = {
      connection,
      clientId,
      availabilityTopic: topics.availability,
      publisher,
      commands,
      statsTimer,
    };
    // The states first, so the first connect sends them all (and every reconnect again).
    await publisher.syncAll();
    await publisher.stats(deps.version);
    connection.start();
  }

  async #disconnect(): Promise<void> {
    const bridge = this.#bridge;
    this.#bridge = null;
    if (!bridge) return;
    clearInterval(bridge.statsTimer);
    await bridge.connection.close();
  }

  async #raiseAuthAlert(reason: string): Promise<void> {
    await this.deps.alerts.raiseOnce({
      source_name: MQTT_AUTH_ALERT_SOURCE,
      severity: 'high',
      title: 'MQTT broker refused the credentials',
      message: `The MQTT broker refused the recorder's username or password (${reason.slice(0, 200)}). The recorder keeps retrying with backoff; fix the credentials in the MQTT settings or on the broker.`,
      data: {},
    });
  }

  #storedPassword(row: MqttSettingsRow): string | null {
    return row.password_sealed === null
      ? null
      : this.deps.secretBox.open(row.password_sealed, MQTT_PASSWORD_PURPOSE);
  }

  async #toResponse(row: MqttSettingsRow): Promise<MqttSettingsResponse> {
    const settings = await this.effectiveSettings();
    const fromEnvironment: string[] = MQTT_SETTING_NAMES.filter(
      (name) => this.deps.env[ENV_FIELD[name]] !== undefined,
    );
    if (this.deps.env.url !== undefined) fromEnvironment.push('enabled');
    const status = this.status();
    return {
      enabled: settings.enabled,
      url: settings.url,
      username: settings.username,
      password_set: settings.password !== null,
      client_id: settings.clientId,
      topic_prefix: settings.topicPrefix,
      discovery_prefix: settings.discoveryPrefix,
      discovery_enabled: row.discovery_enabled,
      recorder_id: row.recorder_id,
      from_environment: fromEnvironment,
      topic_map_version: TOPIC_MAP_VERSION,
      status,
    };
  }

  #enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.#tail.then(task);
    this.#tail = run.catch((error: unknown) => this.deps.log.error({ err: error }, 'MQTT restart failed'));
    return run;
  }

  #track(work: Promise<unknown> | undefined): void {
    if (!work) return;
    const tracked = work
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'MQTT publication failed'))
      .finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
  }
}
