// What the recorder tells the broker (topic map in mqtt-topics.ts, docs/mqtt.md). Retained states are kept here
// as well as sent, and sent again whole on every (re)connect: a broker restarted without persistence has lost
// them, and Home Assistant reads a camera's state from the retained message. Events (alerts, zone entries) are
// sent once, when connected; nothing is queued while the broker is away. On a cluster a camera's states and
// discovery are published by the node that runs it only (`isHere`), and whole again by the node that takes it over.
import { statfs } from 'node:fs/promises';
import type { CameraRow, CameraConfigRow } from '../../platform/db/schema.js';
import type { AlertResponse } from '../alerts/alerts.schemas.js';
import type { CameraRuntimeStatus } from '../cameras/camera-status.service.js';
import type { TrackedObjects, ZonePresence } from '../recorder-events.js';
import { cameraDiscovery, cameraDiscoveryTopics, type DiscoveryContext } from './ha-discovery.js';
import { OFF, ON, type CameraTopics, type MqttTopics } from './mqtt-topics.js';

export interface PublisherDeps {
  camera(id: number): Promise<CameraRow | undefined>;
  cameraIds(): Promise<number[]>;
  config(cameraId: number): Promise<CameraConfigRow | undefined>;
  status(cameraId: number, recordingEnabled: boolean | null): CameraRuntimeStatus;
  /** whether this node runs the camera (always, for a recorder alone) */
  isHere(cameraId: number): boolean;
  recordingsRoot: string;
  /** the camera's RTSP restream URL without credentials; null while the restream is off (RTSP_PORT=0) */
  restreamUrl(cameraId: number): string | null;
}

export interface Sink {
  publish(topic: string, payload: string | Buffer, retain: boolean): void;
}

/** How recent the camera's last analysed picture must be to go out as an alert's snapshot. */
const SNAPSHOT_MAX_AGE_MS = 30_000;

export class MqttPublisher {
  readonly #retained = new Map<string, string | Buffer>();
  /** per camera, per model: how many objects of each label are tracked now */
  readonly #counts = new Map<number, Map<number, Map<string, number>>>();
  /** per camera, per zone: the tracks in it and their labels */
  readonly #zones = new Map<number, Map<string, Map<string, string>>>();
  /** per camera: the last analysed picture (the snapshot of an alert raised on it) */
  readonly #pictures = new Map<number, { jpeg: Buffer; at: number }>();
  /** cameras announced to Home Assistant */
  readonly #announced = new Set<number>();

  constructor(
    private readonly deps: PublisherDeps,
    private readonly topics: MqttTopics,
    private readonly discovery: DiscoveryContext | null,
    private readonly sink: Sink,
  ) {}

  /** Connected (again): every retained state, as known now. */
  republish(): void {
    for (const [topic, payload] of this.#retained) this.sink.publish(topic, payload, true);
  }

  async syncAll(): Promise<void> {
    const ids = new Set([...(await this.deps.cameraIds()), ...this.#announced]);
    for (const id of ids) await this.syncCamera(id);
  }

  /**
   * A camera's states and discovery as they are now, when this node runs it; a deleted or binned one is removed
   * from the broker. `afterChange`: a change of the camera was just heard, so its topics are emptied even when this
   * process did not publish them (another node or an earlier run did; an empty retained message is harmless).
   */
  async syncCamera(cameraId: number, { afterChange = false } = {}): Promise<void> {
    const camera = await this.deps.camera(cameraId);
    const t = this.topics.camera(cameraId);
    if (!camera || camera.deleted_at !== null) {
      this.#forgetCamera(cameraId, afterChange);
      return;
    }
    const config = await this.deps.config(cameraId);
    // Asked after the last await, so a lease lost meanwhile publishes nothing.
    if (!this.deps.isHere(cameraId)) {
      // Another node runs it and publishes it; what this node knew of it is stale.
      this.#leave(cameraId);
      return;
    }
    const status = this.deps.status(cameraId, config?.recording_enabled ?? null);
    this.#retain(t.online, status.live_online === true ? ON : OFF);
    this.#retain(t.recording, config?.recording_enabled ? ON : OFF);
    this.#retain(t.recordingStatus, status.recording_state ?? 'disabled');
    this.#retain(t.detection, config?.detection_enabled === false ? OFF : ON);
    if (!this.#retained.has(t.motion)) this.#retain(t.motion, status.motion_active === true ? ON : OFF);
    if (!this.#retained.has(t.personCount)) this.#publishCounts(cameraId);
    const restream = this.deps.restreamUrl(cameraId);
    if (restream !== null) this.#retain(t.restream, restream);
    if (this.discovery) {
      for (const message of cameraDiscovery(this.discovery, camera))
        this.#retain(message.topic, JSON.stringify(message.config));
      this.#announced.add(cameraId);
    }
  }

  /**
   * Empties everything this publisher put on the broker (states and discovery), before the settings move it
   * elsewhere (another prefix or broker) or discovery is switched off: nothing stale stays behind.
   */
  withdraw(): void {
    for (const cameraId of new Set([...this.#announced, ...this.#counts.keys()]))
      this.#forgetCamera(cameraId);
    for (const topic of this.#retained.keys()) this.sink.publish(topic, '', true);
    this.#retained.clear();
  }

  /** This node took the camera over: everything about it, whole (its discovery now names this node). */
  async takeCamera(cameraId: number): Promise<void> {
    this.#leave(cameraId);
    await this.syncCamera(cameraId);
  }

  /** Another node runs the camera now (it publishes it): forgotten here, nothing sent. */
  leaveCamera(cameraId: number): void {
    this.#leave(cameraId);
  }

  motion(cameraId: number, active: boolean): void {
    if (!this.deps.isHere(cameraId)) return;
    this.#retain(this.topics.camera(cameraId).motion, active ? ON : OFF);
  }

  /** Tracked objects moved on: counts per label (the most any one model sees, so two models never add up). */
  tracked(update: TrackedObjects): void {
    if (!this.deps.isHere(update.cameraId)) return;
    const perModel = this.#counts.get(update.cameraId) ?? new Map<number, Map<string, number>>();
    const labels = new Map<string, number>();
    for (const track of update.tracks) labels.set(track.label, (labels.get(track.label) ?? 0) + 1);
    perModel.set(update.modelId, labels);
    this.#counts.set(update.cameraId, perModel);
    if (update.picture) this.#pictures.set(update.cameraId, { jpeg: update.picture.jpeg, at: update.at });
    this.#publishCounts(update.cameraId);
  }

  /** An object came into a zone or left it: who is in each zone, by label. */
  zone({ cameraId, zone, trackId, label, at }: ZonePresence, entered: boolean): void {
    if (!this.deps.isHere(cameraId)) return;
    const zones = this.#zones.get(cameraId) ?? new Map<string, Map<string, string>>();
    const inZone = zones.get(zone) ?? new Map<string, string>();
    if (entered) inZone.set(trackId, label);
    else inZone.delete(trackId);
    zones.set(zone, inZone);
    this.#zones.set(cameraId, zones);
    const t = this.topics.camera(cameraId);
    this.#retain(t.zone(zone), JSON.stringify(countLabels(inZone.values())));
    if (entered)
      this.sink.publish(t.zoneEntered, JSON.stringify({ zone, track_id: trackId, label, at }), false);
  }

  /** An alert: to the alerts topic, the camera's last alert (retained) and its snapshot when there is a picture. */
  alert(alert: AlertResponse, now = Date.now()): void {
    const payload = JSON.stringify(alert);
    this.sink.publish(this.topics.alerts, payload, false);
    if (alert.camera_id === null) return;
    const t = this.topics.camera(alert.camera_id);
    this.#retain(t.alert, payload);
    const picture = this.#pictures.get(alert.camera_id);
    if (picture && now - picture.at <= SNAPSHOT_MAX_AGE_MS) this.#retain(t.alertSnapshot, picture.jpeg);
  }

  /** Recorder stats (periodic, retained): of the cameras this node runs (all, alone) and its own disk. */
  async stats(version: string): Promise<void> {
    const ids = (await this.deps.cameraIds()).filter((id) => this.deps.isHere(id));
    let cameras = 0;
    let recording = 0;
    let online = 0;
    for (const id of ids) {
      const camera = await this.deps.camera(id);
      if (!camera || camera.deleted_at !== null) continue;
      cameras += 1;
      const config = await this.deps.config(id);
      const status = this.deps.status(id, config?.recording_enabled ?? null);
      if (status.recording_state === 'recording') recording += 1;
      if (status.live_online === true) online += 1;
    }
    const volume = await statfs(this.deps.recordingsRoot).catch(() => null);
    this.#retain(
      this.topics.stats,
      JSON.stringify({
        version,
        cameras,
        recording,
        online,
        disk_free_bytes: volume ? volume.bavail * volume.bsize : null,
        disk_total_bytes: volume ? volume.blocks * volume.bsize : null,
        at: new Date().toISOString(),
      }),
    );
  }

  #publishCounts(cameraId: number): void {
    const merged = new Map<string, number>();
    for (const labels of this.#counts.get(cameraId)?.values() ?? [])
      for (const [label, count] of labels) merged.set(label, Math.max(merged.get(label) ?? 0, count));
    const t = this.topics.camera(cameraId);
    const persons = merged.get('person') ?? 0;
    this.#retain(t.objects, JSON.stringify(Object.fromEntries([...merged].filter(([, n]) => n > 0))));
    this.#retain(t.personCount, String(persons));
    this.#retain(t.person, persons > 0 ? ON : OFF);
  }

  /**
   * Every retained topic of the camera emptied (an empty retained message deletes it on the broker): those this
   * process published, or with `all` every fixed one and the discovery configs whoever published them.
   */
  #forgetCamera(cameraId: number, all = false): void {
    const topics = new Set(this.#cameraTopics(cameraId));
    if (all) for (const topic of retainedCameraTopics(this.topics.camera(cameraId))) topics.add(topic);
    if (this.discovery && (all || this.#announced.has(cameraId)))
      for (const topic of cameraDiscoveryTopics(this.discovery, cameraId)) topics.add(topic);
    for (const topic of topics) this.sink.publish(topic, '', true);
    this.#leave(cameraId);
  }

  /** What is kept about the camera dropped, without a word to the broker. */
  #leave(cameraId: number): void {
    for (const topic of this.#cameraTopics(cameraId)) this.#retained.delete(topic);
    this.#announced.delete(cameraId);
    this.#counts.delete(cameraId);
    this.#zones.delete(cameraId);
    this.#pictures.delete(cameraId);
  }

  #cameraTopics(cameraId: number): string[] {
    const base = `${this.topics.prefix}/cameras/${cameraId}/`;
    return [...this.#retained.keys()].filter((topic) => topic.startsWith(base));
  }

  #retain(topic: string, payload: string | Buffer): void {
    // An unchanged state is not sent again (pictures always are: comparing them costs more than sending).
    if (typeof payload === 'string' && this.#retained.get(topic) === payload) return;
    this.#retained.set(topic, payload);
    this.sink.publish(topic, payload, true);
  }
}

/** The camera's retained state topics whose names are fixed (zones' are named after them). */
function retainedCameraTopics(t: CameraTopics): string[] {
  return [
    t.online,
    t.recording,
    t.recordingStatus,
    t.detection,
    t.motion,
    t.person,
    t.personCount,
    t.objects,
    t.alert,
    t.alertSnapshot,
    t.restream,
  ];
}

function countLabels(labels: Iterable<string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const label of labels) counts[label] = (counts[label] ?? 0) + 1;
  return counts;
}
