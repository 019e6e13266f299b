// The MQTT settings' fields and their rules, shared by the environment (config.ts) and the API, so a value
// refused in one is refused in the other with the same reason.

/** The environment variable of each field (a variable that is set wins over the stored setting). */
export const MQTT_VARIABLES = {
  url: 'MQTT_URL',
  username: 'MQTT_USERNAME',
  password: 'MQTT_PASSWORD',
  clientId: 'MQTT_CLIENT_ID',
  topicPrefix: 'MQTT_TOPIC_PREFIX',
  discoveryPrefix: 'MQTT_DISCOVERY_PREFIX',
} as const;

export type MqttField = keyof typeof MQTT_VARIABLES;

export const DEFAULT_TOPIC_PREFIX = 'nvr';
export const DEFAULT_DISCOVERY_PREFIX = 'homeassistant';

// A topic prefix is one or more topic levels without wildcards, `$` at the start (broker topics), empty levels
// or a trailing slash: everything the recorder publishes hangs below it.
const PREFIX = /^(?!\$)[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;
// MQTT 3.1.1 guarantees 1..23 characters of [0-9a-zA-Z]; brokers accept more, and so do we, within reason.
const CLIENT_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** Why a value cannot be used for the field (null when it can). */
export function mqttFieldProblem(field: MqttField, value: string): string | null {
  switch (field) {
    case 'url': {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return 'must be an mqtt:// or mqtts:// URL';
      }
      if (url.protocol !== 'mqtt:' && url.protocol !== 'mqtts:') return 'must be an mqtt:// or mqtts:// URL';
      if (!url.hostname) return 'must name the broker host';
      if (url.username || url.password) return 'must not carry credentials (use the username and password)';
      if ((url.pathname && url.pathname !== '/') || url.search || url.hash)
        return 'must be only scheme, host and port';
      return value.length > 500 ? 'must be at most 500 characters' : null;
    }
    case 'username':
      return value.length > 200 ? 'must be at most 200 characters' : null;
    case 'password':
      return value.length > 500 ? 'must be at most 500 characters' : null;
    case 'clientId':
      return CLIENT_ID.test(value) ? null : 'must be 1-64 letters, digits, ".", "-" or "_"';
    case 'topicPrefix':
    case 'discoveryPrefix':
      return value.length <= 100 && PREFIX.test(value)
        ? null
        : 'must be topic levels of letters, digits, "-" or "_" separated by "/" (at most 100 characters)';
  }
}
