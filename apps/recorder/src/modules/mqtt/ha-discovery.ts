// Home Assistant MQTT discovery (https://www.home-assistant.io/integrations/mqtt/#mqtt-discovery): per camera one
// device with its entities, each announced by a retained config message on
// `<discovery_prefix>/<component>/<node_id>/<object_id>/config`. An empty retained message on the same topic
// removes the entity (a deleted camera). Node id: `nvr_<recorder id>`, object id: `camera_<id>_<entity>`, so two
// recorders on one broker never collide.
import type { CameraRow } from '../../platform/db/schema.js';
import { OFF, ON, type MqttTopics } from './mqtt-topics.js';

export type DiscoveryComponent = 'binary_sensor' | 'switch' | 'sensor' | 'image';

export interface DiscoveryMessage {
  topic: string;
  /** the config object (JSON-encoded when published) */
  config: Record<string, unknown>;
}

export interface DiscoveryContext {
  discoveryPrefix: string;
  topics: MqttTopics;
  recorderId: string;
  version: string;
  /** whether the RTSP restream is on: each camera then has an `RTSP stream` entity carrying its URL */
  restream: boolean;
}

/** The entities of one camera: object id suffix, component, and what is special about it. */
const ENTITIES: readonly {
  key: string;
  component: DiscoveryComponent;
  name: string;
  config: (t: ReturnType<MqttTopics['camera']>) => Record<string, unknown>;
}[] = [
  {
    key: 'online',
    component: 'binary_sensor',
    name: 'Online',
    config: (t) => ({
      state_topic: t.online,
      device_class: 'connectivity',
      entity_category: 'diagnostic',
      payload_on: ON,
      payload_off: OFF,
    }),
  },
  {
    key: 'recording',
    component: 'switch',
    name: 'Recording',
    config: (t) => ({
      state_topic: t.recording,
      command_topic: t.recordingSet,
      payload_on: ON,
      payload_off: OFF,
      icon: 'mdi:record-rec',
    }),
  },
  {
    key: 'detection',
    component: 'switch',
    name: 'Detection',
    config: (t) => ({
      state_topic: t.detection,
      command_topic: t.detectionSet,
      payload_on: ON,
      payload_off: OFF,
      icon: 'mdi:motion-sensor',
    }),
  },
  {
    key: 'motion',
    component: 'binary_sensor',
    name: 'Motion',
    config: (t) => ({ state_topic: t.motion, device_class: 'motion', payload_on: ON, payload_off: OFF }),
  },
  {
    key: 'person',
    component: 'binary_sensor',
    name: 'Person',
    config: (t) => ({ state_topic: t.person, device_class: 'occupancy', payload_on: ON, payload_off: OFF }),
  },
  {
    key: 'person_count',
    component: 'sensor',
    name: 'Person count',
    config: (t) => ({
      state_topic: t.personCount,
      state_class: 'measurement',
      unit_of_measurement: 'persons',
      icon: 'mdi:account-group',
    }),
  },
  {
    // Home Assistant's MQTT integration has no camera that plays a stream: the URL is announced as a diagnostic
    // sensor, for the Generic Camera integration's stream source (docs/home-assistant.md).
    key: 'restream',
    component: 'sensor',
    name: 'RTSP stream',
    config: (t) => ({ state_topic: t.restream, entity_category: 'diagnostic', icon: 'mdi:cctv' }),
  },
  {
    key: 'last_alert',
    component: 'image',
    name: 'Last alert',
    config: (t) => ({ image_topic: t.alertSnapshot, content_type: 'image/jpeg' }),
  },
];

export function nodeId(recorderId: string): string {
  return `nvr_${recorderId}`;
}

/** The config messages announcing one camera's device and entities. */
export function cameraDiscovery(context: DiscoveryContext, camera: CameraRow): DiscoveryMessage[] {
  const topics = context.topics.camera(camera.id);
  const node = nodeId(context.recorderId);
  const device = {
    identifiers: [`${node}_camera_${camera.id}`],
    name: camera.name,
    ...(camera.manufacturer ? { manufacturer: camera.manufacturer } : {}),
    ...(camera.model ? { model: camera.model } : {}),
    ...(camera.firmware_version ? { sw_version: camera.firmware_version } : {}),
    ...(camera.serial_number ? { serial_number: camera.serial_number } : {}),
  };
  const entities = context.restream ? ENTITIES : ENTITIES.filter((entity) => entity.key !== 'restream');
  return entities.map((entity) => {
    const objectId = `camera_${camera.id}_${entity.key}`;
    return {
      topic: discoveryTopic(context, entity.component, objectId),
      config: {
        name: entity.name,
        unique_id: `${node}_${objectId}`,
        ...entity.config(topics),
        device,
        // The availability of the node that runs the camera (the recorder's, alone): its entities are unavailable
        // while that node is gone (its last will), until another node takes the camera and announces it again.
        availability_topic: context.topics.availability,
        payload_available: 'online',
        payload_not_available: 'offline',
        origin: { name: 'nvr-recorder', sw_version: context.version },
      },
    };
  });
}

/** The topics whose empty retained message removes the camera's entities. */
export function cameraDiscoveryTopics(context: DiscoveryContext, cameraId: number): string[] {
  return ENTITIES.map((entity) =>
    discoveryTopic(context, entity.component, `camera_${cameraId}_${entity.key}`),
  );
}

function discoveryTopic(context: DiscoveryContext, component: DiscoveryComponent, objectId: string): string {
  return `${context.discoveryPrefix}/${component}/${nodeId(context.recorderId)}/${objectId}/config`;
}
