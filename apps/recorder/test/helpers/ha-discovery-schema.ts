// Home Assistant's MQTT discovery schema for the platforms the recorder announces, written down from HA's
// documentation (integrations/mqtt "MQTT Discovery", binary_sensor.mqtt, switch.mqtt, sensor.mqtt, image.mqtt):
// required keys, the types and allowed values of the keys used, and no unknown keys (HA drops them silently, so a
// misspelt key would go unnoticed). `problems()` lists what is wrong with one config message; empty when valid.

type Check = (value: unknown) => string | null;

const string: Check = (v) => (typeof v === 'string' && v.length > 0 ? null : 'must be a non-empty string');
const anyString: Check = (v) => (typeof v === 'string' ? null : 'must be a string');
const boolean: Check = (v) => (typeof v === 'boolean' ? null : 'must be a boolean');
const integer =
  (min: number, max: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max
      ? null
      : `must be an integer ${min}..${max}`;
const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? null : `must be one of ${values.join(', ')}`;
// A topic one may publish to / subscribe to: no wildcards, no NUL, not empty.
const topic: Check = (v) =>
  typeof v === 'string' && v.length > 0 && !/[+#]/.test(v) && !v.includes('\0')
    ? null
    : 'must be an MQTT topic without wildcards';
const nameOrNull: Check = (v) => (v === null || typeof v === 'string' ? null : 'must be a string or null');

const object =
  (keys: Record<string, Check>, required: string[] = []): Check =>
  (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'must be an object';
    const problems: string[] = [];
    for (const key of required) if (!(key in v)) problems.push(`${key} is required`);
    for (const [key, inner] of Object.entries(v)) {
      const check = keys[key];
      if (!check) problems.push(`${key} is not a known key`);
      else {
        const problem = check(inner);
        if (problem) problems.push(`${key} ${problem}`);
      }
    }
    return problems.length > 0 ? `{ ${problems.join('; ')} }` : null;
  };

const identifiers: Check = (v) =>
  typeof v === 'string' ||
  (Array.isArray(v) && v.length > 0 && v.every((id) => typeof id === 'string' && id.length > 0))
    ? null
    : 'must be a string or a list of strings';

/** The device map (at least identifiers or connections; here always identifiers). */
const device = object(
  {
    identifiers,
    name: string,
    manufacturer: string,
    model: string,
    model_id: string,
    sw_version: string,
    hw_version: string,
    serial_number: string,
    suggested_area: string,
    configuration_url: string,
    via_device: string,
  },
  ['identifiers', 'name'],
);

const origin = object({ name: string, sw_version: string, support_url: string }, ['name']);

/** Keys every MQTT entity accepts (with a device, unique_id is required). */
const COMMON: Record<string, Check> = {
  name: nameOrNull,
  unique_id: string,
  device,
  origin,
  availability_topic: topic,
  payload_available: string,
  payload_not_available: string,
  availability_mode: oneOf(['all', 'any', 'latest']),
  entity_category: oneOf(['config', 'diagnostic']),
  enabled_by_default: boolean,
  icon: string,
  qos: integer(0, 2),
  json_attributes_topic: topic,
  default_entity_id: string,
};
const COMMON_REQUIRED = ['unique_id', 'device'];

/** binary_sensor device classes (HA developer docs, BinarySensorDeviceClass). */
const BINARY_SENSOR_CLASSES = [
  'battery',
  'battery_charging',
  'carbon_monoxide',
  'cold',
  'connectivity',
  'door',
  'garage_door',
  'gas',
  'heat',
  'light',
  'lock',
  'moisture',
  'motion',
  'moving',
  'occupancy',
  'opening',
  'plug',
  'power',
  'presence',
  'problem',
  'running',
  'safety',
  'smoke',
  'sound',
  'tamper',
  'update',
  'vibration',
  'window',
] as const;

const PLATFORMS: Record<
  string,
  { keys: Record<string, Check>; required: string[]; extra?: (c: Record<string, unknown>) => string[] }
> = {
  binary_sensor: {
    keys: {
      state_topic: topic,
      device_class: oneOf(BINARY_SENSOR_CLASSES),
      payload_on: string,
      payload_off: string,
      off_delay: integer(0, 86_400),
      expire_after: integer(0, 86_400),
      force_update: boolean,
      value_template: string,
    },
    required: ['state_topic'],
  },
  switch: {
    keys: {
      command_topic: topic,
      state_topic: topic,
      device_class: oneOf(['outlet', 'switch']),
      payload_on: string,
      payload_off: string,
      state_on: string,
      state_off: string,
      optimistic: boolean,
      retain: boolean,
      value_template: string,
      command_template: string,
    },
    required: ['command_topic'],
  },
  sensor: {
    keys: {
      state_topic: topic,
      // Sensor device classes are many; the recorder's count has none, and any it sent would need a unit of
      // that class, so only the absence is accepted here.
      state_class: oneOf(['measurement', 'measurement_angle', 'total', 'total_increasing']),
      unit_of_measurement: anyString,
      suggested_display_precision: integer(0, 10),
      expire_after: integer(0, 86_400),
      force_update: boolean,
      value_template: string,
    },
    required: ['state_topic'],
  },
  image: {
    keys: {
      image_topic: topic,
      url_topic: topic,
      content_type: string,
      image_encoding: oneOf(['b64']),
      url_template: string,
    },
    required: [],
    // Exactly one of image_topic and url_topic; content_type and image_encoding only with image_topic.
    extra: (c) => {
      const problems: string[] = [];
      if ('image_topic' in c === 'url_topic' in c) problems.push('exactly one of image_topic and url_topic');
      if ('url_topic' in c && ('content_type' in c || 'image_encoding' in c))
        problems.push('content_type and image_encoding go with image_topic only');
      return problems;
    },
  },
};

const DISCOVERY_TOPIC =
  /^[A-Za-z0-9_/-]+\/(binary_sensor|switch|sensor|image)\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/config$/;

/** What is wrong with a discovery message (topic and parsed JSON config); empty when HA would accept it. */
export function discoveryProblems(discoveryTopic: string, config: unknown): string[] {
  const match = DISCOVERY_TOPIC.exec(discoveryTopic);
  if (!match) return [`topic ${discoveryTopic} is not <prefix>/<component>/<node_id>/<object_id>/config`];
  const platform = PLATFORMS[match[1]!]!;
  const check = object({ ...COMMON, ...platform.keys }, [...COMMON_REQUIRED, ...platform.required]);
  const problems: string[] = [];
  const problem = check(config);
  if (problem) problems.push(problem);
  if (platform.extra && config && typeof config === 'object')
    problems.push(...platform.extra(config as Record<string, unknown>));
  return problems;
}
