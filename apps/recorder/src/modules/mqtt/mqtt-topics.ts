// The topic map, version 1 (docs/mqtt.md): every topic the recorder publishes or listens to, built in one place
// so the names stay stable. Changing a name here is a breaking change of the documented map.

export const TOPIC_MAP_VERSION = 1;

/** Boolean states are HA's default switch/binary_sensor payloads. */
export const ON = 'ON';
export const OFF = 'OFF';

export class MqttTopics {
  /**
   * @param node the node id on a cluster: the recorder-level topics (availability, stats) are then the node's own,
   *   under `<prefix>/nodes/<node id>/`; null (alone): directly under the prefix
   */
  constructor(
    readonly prefix: string,
    readonly node: string | null = null,
  ) {}

  /** retained `online` / `offline` (the last will): the recorder's, or on a cluster this node's */
  get availability(): string {
    return `${this.#recorderLevel}/available`;
  }

  /** retained JSON: cameras, recording, online, disk free (periodic): of the cameras this node runs, its disk */
  get stats(): string {
    return `${this.#recorderLevel}/stats`;
  }

  get #recorderLevel(): string {
    return this.node === null ? this.prefix : `${this.prefix}/nodes/${this.node}`;
  }

  /** JSON of every raised alert (not retained) */
  get alerts(): string {
    return `${this.prefix}/alerts`;
  }

  camera(cameraId: number): CameraTopics {
    const base = `${this.prefix}/cameras/${cameraId}`;
    return {
      online: `${base}/online/state`,
      recording: `${base}/recording/state`,
      recordingSet: `${base}/recording/set`,
      recordingStatus: `${base}/recording/status`,
      detection: `${base}/detection/state`,
      detectionSet: `${base}/detection/set`,
      motion: `${base}/motion/state`,
      person: `${base}/person/state`,
      personCount: `${base}/person/count`,
      objects: `${base}/objects`,
      zone: (zone: string) => `${base}/zones/${topicLevel(zone)}/objects`,
      zoneEntered: `${base}/zones/entered`,
      alert: `${base}/alert`,
      alertSnapshot: `${base}/alert/snapshot`,
    };
  }

  /** subscribed: commands */
  get commandFilters(): string[] {
    return [
      `${this.prefix}/cameras/+/recording/set`,
      `${this.prefix}/cameras/+/detection/set`,
      `${this.prefix}/alerts/+/acknowledge`,
    ];
  }

  /** What a received topic asks for, or null when it is none of ours. */
  parseCommand(topic: string): MqttCommand | null {
    if (!topic.startsWith(`${this.prefix}/`)) return null;
    const levels = topic.slice(this.prefix.length + 1).split('/');
    const id = Number(levels[1]);
    if (levels.length === 4 && levels[0] === 'cameras' && levels[3] === 'set' && isId(levels[1], id)) {
      if (levels[2] === 'recording') return { kind: 'recording', cameraId: id };
      if (levels[2] === 'detection') return { kind: 'detection', cameraId: id };
    }
    if (levels.length === 3 && levels[0] === 'alerts' && levels[2] === 'acknowledge' && isId(levels[1], id))
      return { kind: 'acknowledge', alertId: id };
    return null;
  }
}

export interface CameraTopics {
  online: string;
  recording: string;
  recordingSet: string;
  recordingStatus: string;
  detection: string;
  detectionSet: string;
  motion: string;
  person: string;
  personCount: string;
  objects: string;
  zone: (zone: string) => string;
  zoneEntered: string;
  alert: string;
  alertSnapshot: string;
}

export type MqttCommand =
  { kind: 'recording' | 'detection'; cameraId: number } | { kind: 'acknowledge'; alertId: number };

function isId(text: string | undefined, id: number): boolean {
  return text !== undefined && /^[1-9][0-9]{0,9}$/.test(text) && Number.isSafeInteger(id);
}

/** A zone name as one topic level: no `/`, `+`, `#` or NUL (zone names are free text). */
export function topicLevel(name: string): string {
  return name.replace(/[/+#]/g, '_').replaceAll('\0', '_');
}
