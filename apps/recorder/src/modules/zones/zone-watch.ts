// Zones at run time (issue #19): each update of a model's tracked objects on a camera (objects.tracked) is
// checked against the camera's zones. An object is in a zone when the bottom centre of its box — where it
// stands — lies inside the polygon and the zone watches its label; coming in and going out are `zone.entered` and
// `zone.exited`, told once to the modules that follow them (the event log stores them as `zone.enter` and
// `zone.exit`: events.reactions.ts). A zone's alert rule counts the objects that have stayed long enough (dwell) and
// raises an alert for each of them once enough are in — one per object, never one per picture, spaced by the
// cooldown: a person walking through raises one alert however many pictures show them, and a parked car raises
// one when it arrives, not again. An object is alerted once per zone for as long as it is tracked: one that steps
// out and back in, or whose feet jitter across the zone's edge, enters again (events) but is not alerted again.
import { pointInPolygon, type Polygon } from '../../platform/geometry/polygon.js';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { RecorderEventBus, TrackedObjects, ZonePresence } from '../recorder-events.js';
import type { TrackedObject } from '../tracking/object-tracker.js';
import type { Zone } from './zones.schemas.js';
import type { ZonesService } from './zones.service.js';

export interface ZoneWatchDeps {
  zones: Pick<ZonesService, 'zonesOf'>;
  alerts: Pick<AlertsService, 'raise'>;
  /** where entries and exits are told to the modules that follow them */
  internal: RecorderEventBus;
}

/** An object in a zone. */
interface Presence {
  zone: string;
  modelId: number;
  track: TrackedObject;
  enteredAt: number;
  alerted: boolean;
}

interface CameraState {
  zones: Zone[] | null;
  /** by `${zone}\u0000${track_id}` */
  presences: Map<string, Presence>;
  lastAlertAt: Map<string, number>;
  /** the model of each object alerted in a zone (same keys as presences), until its track ends */
  alerted: Map<string, number>;
  queue: Promise<void>;
}

export class ZoneWatch {
  readonly #cameras = new Map<number, CameraState>();

  constructor(private readonly deps: ZoneWatchDeps) {}

  /** A model's objects on a camera moved on (updates of one camera are handled one after the other). */
  tracked(update: TrackedObjects): Promise<void> {
    const state = this.#state(update.cameraId);
    state.queue = state.queue.then(() => this.#apply(update.cameraId, state, update));
    return state.queue;
  }

  /** The camera's zones were replaced: read again at the next update; objects in a removed zone leave it. */
  zonesChanged(cameraId: number): void {
    const state = this.#cameras.get(cameraId);
    if (state) state.zones = null;
  }

  /** Every camera's zones read again (a restored backup). */
  zonesChangedEverywhere(): void {
    for (const state of this.#cameras.values()) state.zones = null;
  }

  /** Resolves when every update so far has been handled (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.#cameras.values()].map((state) => state.queue));
  }

  #state(cameraId: number): CameraState {
    let state = this.#cameras.get(cameraId);
    if (!state) {
      state = {
        zones: null,
        presences: new Map(),
        lastAlertAt: new Map(),
        alerted: new Map(),
        queue: Promise.resolve(),
      };
      this.#cameras.set(cameraId, state);
    }
    return state;
  }

  async #apply(cameraId: number, state: CameraState, update: TrackedObjects): Promise<void> {
    state.zones ??= await this.deps.zones.zonesOf(cameraId);
    const zones = state.zones;
    const live = new Map(update.tracks.map((track) => [track.track_id, track]));
    for (const zone of zones) {
      for (const track of update.tracks) {
        const key = presenceKey(zone.name, track.track_id);
        const presence = state.presences.get(key);
        if (watches(zone.labels, track.label) && standsIn(track, zone)) {
          if (presence) presence.track = track;
          else {
            state.presences.set(key, {
              zone: zone.name,
              modelId: update.modelId,
              track,
              enteredAt: update.at,
              alerted: state.alerted.has(key),
            });
            this.deps.internal.emit('zone.entered', presenceOf(cameraId, zone.name, track, update.at));
          }
        } else if (presence) this.#leave(cameraId, state, key, update.at);
      }
    }
    // Objects of this model that were lost, and objects in zones that no longer exist, leave.
    const names = new Set(zones.map((zone) => zone.name));
    for (const [key, presence] of state.presences) {
      const lost = presence.modelId === update.modelId && !live.has(presence.track.track_id);
      if (lost || !names.has(presence.zone)) this.#leave(cameraId, state, key, update.at);
    }
    for (const [key, modelId] of state.alerted) {
      const [zone, trackId] = key.split('\u0000') as [string, string];
      if ((modelId === update.modelId && !live.has(trackId)) || !names.has(zone)) state.alerted.delete(key);
    }
    for (const zone of zones) if (zone.alert) await this.#applyRule(cameraId, state, zone, update.at);
  }

  #leave(cameraId: number, state: CameraState, key: string, at: number): void {
    const presence = state.presences.get(key)!;
    state.presences.delete(key);
    this.deps.internal.emit('zone.exited', {
      ...presenceOf(cameraId, presence.zone, presence.track, at),
      dwellMs: at - presence.enteredAt,
    });
  }

  async #applyRule(cameraId: number, state: CameraState, zone: Zone, at: number): Promise<void> {
    const rule = zone.alert!;
    const labels = rule.labels.length > 0 ? rule.labels : zone.labels;
    const qualifying = [...state.presences.values()].filter(
      (p) =>
        p.zone === zone.name &&
        watches(labels, p.track.label) &&
        at - p.enteredAt >= rule.min_dwell_seconds * 1000,
    );
    if (qualifying.length < rule.min_count) return;
    // Each object gets its own alert, the first to come first; the cooldown spaces them.
    const fresh = qualifying.filter((p) => !p.alerted).sort((a, b) => a.enteredAt - b.enteredAt);
    for (const presence of fresh) {
      const last = state.lastAlertAt.get(zone.name);
      if (last !== undefined && at - last < rule.cooldown_seconds * 1000) return;
      state.lastAlertAt.set(zone.name, at);
      presence.alerted = true;
      state.alerted.set(presenceKey(zone.name, presence.track.track_id), presence.modelId);
      await this.#raise(cameraId, zone, presence, qualifying.length, at);
    }
  }

  async #raise(cameraId: number, zone: Zone, presence: Presence, count: number, at: number): Promise<void> {
    const rule = zone.alert!;
    const { label, track_id } = presence.track;
    const dwellSeconds = Math.round((at - presence.enteredAt) / 100) / 10;
    const others = count > 1 ? ` (${count} in the zone)` : '';
    await this.deps.alerts.raise({
      camera_id: cameraId,
      source_name: `zone:${zone.name}`,
      severity: rule.severity,
      title: `${zone.name}: ${label} ${rule.min_dwell_seconds > 0 ? 'loitering' : 'entered'}${others}`,
      message:
        rule.min_dwell_seconds > 0
          ? `A ${label} has been in ${zone.name} for ${dwellSeconds} s${others}.`
          : `A ${label} entered ${zone.name}${others}.`,
      data: { zone: zone.name, at, track_id, label, count, dwell_seconds: dwellSeconds },
    });
  }
}

const presenceKey = (zone: string, trackId: string) => `${zone}\u0000${trackId}`;

const presenceOf = (cameraId: number, zone: string, track: TrackedObject, at: number): ZonePresence => ({
  cameraId,
  zone,
  trackId: track.track_id,
  label: track.label,
  at,
});

/** An empty label list watches everything. */
function watches(labels: readonly string[], label: string): boolean {
  return labels.length === 0 || labels.includes(label.toLowerCase());
}

/** Where the object stands: the bottom centre of its box. */
function standsIn(track: TrackedObject, zone: Zone): boolean {
  const { x, y, width, height } = track.box;
  return pointInPolygon(x + width / 2, y + height, zone.polygon as unknown as Polygon);
}
