import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, Timestamp } from '../../platform/http/schemas.js';

export const MQTT_STATES = ['disabled', 'connecting', 'connected', 'auth_failed', 'error'] as const;
/** The settings' API names, in the order the environment variables are listed. */
export const MQTT_SETTING_NAMES = [
  'url',
  'username',
  'password',
  'client_id',
  'topic_prefix',
  'discovery_prefix',
] as const;
export type MqttSettingName = (typeof MQTT_SETTING_NAMES)[number];

/**
 * PUT: what is sent changes, what is left out stays; null clears (back to the default). A field whose MQTT_*
 * variable is set is the environment's and cannot be changed here (422 naming it). The rules of each field are
 * checked by the service, the same as for the environment (mqtt-fields.ts).
 */
export const MqttSettingsIn = Type.Object(
  {
    /** connect to the broker (with MQTT_URL set the connection is always on: 422) */
    enabled: Type.Optional(Type.Boolean()),
    url: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    username: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    /** write-only; sealed at rest */
    password: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    client_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    topic_prefix: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    discovery_prefix: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    /** announce cameras to Home Assistant (MQTT discovery) */
    discovery_enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MqttSettingsIn = Static<typeof MqttSettingsIn>;

export const MqttStatusResponse = Type.Object({
  state: StringEnum(MQTT_STATES),
  last_error: Nullable(Type.String()),
  since: Nullable(Timestamp),
  failed_attempts: Type.Integer(),
  next_attempt_at: Nullable(Timestamp),
  /** the client id this node connects with: `client_id`, plus this node's tag on a cluster (null: off) */
  client_id: Nullable(Type.String()),
  /** where this node says `online`, and its last will `offline` (null: off) */
  availability_topic: Nullable(Type.String()),
});
export type MqttStatusResponse = Static<typeof MqttStatusResponse>;

/** The settings in effect (the environment's where set) and the connection's state. */
export const MqttSettingsResponse = Type.Object({
  enabled: Type.Boolean(),
  url: Nullable(Type.String()),
  username: Nullable(Type.String()),
  password_set: Type.Boolean(),
  /** the configured (or default) client id; on a cluster each node adds its tag (`status.client_id`) */
  client_id: Type.String(),
  topic_prefix: Type.String(),
  discovery_prefix: Type.String(),
  discovery_enabled: Type.Boolean(),
  /** names this recorder in Home Assistant's device identifiers and the default client id */
  recorder_id: Type.String(),
  /** settings that come from MQTT_* variables (these win; PUT cannot change them) */
  from_environment: Type.Array(Type.String()),
  /** the topic map version (docs/mqtt.md) */
  topic_map_version: Type.Integer(),
  status: MqttStatusResponse,
});
export type MqttSettingsResponse = Static<typeof MqttSettingsResponse>;
