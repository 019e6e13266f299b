// The topic map, version 1 (docs/mqtt.md): every topic the recorder publishes or listens to, built in one place
// so the names stay stable. Changing a name here is a breaking change of the documented map.
import { createHash } from 'node:crypto';

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
      restream: `${base}/restream/url`,
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
  /** retained: the camera's RTSP restream URL, without credentials (docs/restream.md) */
  restream: string;
}

export type MqttCommand =
  { kind: 'recording' | 'detection'; cameraId: number } | { kind: 'acknowledge'; alertId: number };

function isId(text: string | undefined, id: number): boolean {
  return text !== undefined && /^[1-9][0-9]{0,9}$/.test(text) && Number.isSafeInteger(id);
}

// What a topic may hold. MQTT forbids NUL and says a topic should not hold control characters (C0, DEL, C1) or
// Unicode non-characters; mosquitto drops a client that publishes one ("malformed packet"), and HiveMQ and EMQX
// refuse some of them too. `+` and `#` are wildcards, `/` separates levels. A lone surrogate (a JavaScript string
// can hold one) goes out as U+FFFD, so it is replaced as well, to keep the mapping explicit.
function isTopicCharacter(codePoint: number): boolean {
  if (codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f)) return false;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false;
  if (codePoint >= 0xfdd0 && codePoint <= 0xfdef) return false;
  return (codePoint & 0xfffe) !== 0xfffe;
}

/** The longest level made from a name, in UTF-8 bytes: every name the API takes (at most 64 characters) fits. */
export const MAX_NAME_LEVEL_BYTES = 256;

/**
 * A name (a zone's) as one topic level a broker accepts, the same level for the same name every time: every
 * character a topic may not hold, and `/ + #`, becomes `_`; an empty name is `_`; a name longer than
 * MAX_NAME_LEVEL_BYTES is cut there and ends in `~` and 8 hex digits of its SHA-256, so two long names stay apart.
 * Names that differ only in replaced characters share a level (docs/mqtt.md says so). Rows stored before the
 * string rule (an old database) go through here as well, so no stored name can make a topic the broker refuses.
 */
export function topicLevel(name: string): string {
  let level = '';
  for (const character of name) {
    const safe = isTopicCharacter(character.codePointAt(0)!) && !'/+#'.includes(character);
    level += safe ? character : '_';
  }
  if (level === '') return '_';
  if (Buffer.byteLength(level) <= MAX_NAME_LEVEL_BYTES) return level;
  const suffix = `~${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
  let cut = '';
  for (const character of level) {
    if (Buffer.byteLength(cut + character) > MAX_NAME_LEVEL_BYTES - suffix.length) break;
    cut += character;
  }
  return cut + suffix;
}

/** MQTT's limit of a topic name: a length prefix of two bytes. */
const MAX_TOPIC_BYTES = 65_535;

/**
 * Why a broker would refuse the topic for a PUBLISH (null when it would not): empty, too long, a wildcard, or a
 * character a topic may not hold. The connection checks every topic with this before it is sent.
 */
export function topicProblem(topic: string): string | null {
  if (topic === '') return 'empty';
  if (Buffer.byteLength(topic) > MAX_TOPIC_BYTES) return 'longer than 65,535 bytes';
  if (topic.includes('+') || topic.includes('#')) return 'a wildcard (+ or #)';
  for (const character of topic)
    if (!isTopicCharacter(character.codePointAt(0)!))
      return `character U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return null;
}
