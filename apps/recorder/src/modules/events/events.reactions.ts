// What the event log (API.md §9) keeps of the facts the modules tell each other: motion starting and ending, and
// objects coming into and leaving zones. Each fact is told once, typed, on the in-process bus; storing it here
// (rather than by its producer beside the telling) keeps one source for every listener — MQTT and review items
// hear the same fact the log stores, without reading it back from the log's open payloads.
import type { EventBus } from '../../platform/events/event-bus.js';
import type { RecorderEventBus, ZonePresence } from '../recorder-events.js';
import { removeAll } from '../reactions.js';

export function eventLogReactions(events: RecorderEventBus, log: Pick<EventBus, 'publish'>): () => void {
  const zoneData = ({ zone, trackId, label, at }: ZonePresence) => ({ zone, track_id: trackId, label, at });
  const fromZones = { source: 'zones', severity: 'info' } as const;
  return removeAll([
    events.on('motion.changed', (change) => {
      const common = { camera_id: change.cameraId, source: 'motion', severity: 'info' } as const;
      void (change.active
        ? log.publish({ ...common, type: 'motion.start', data: { at: change.at, boxes: change.boxes } })
        : log.publish({
            ...common,
            type: 'motion.end',
            data: { at: change.at, duration_ms: change.durationMs },
          }));
    }),
    events.on('zone.entered', (presence) => {
      void log.publish({
        ...fromZones,
        type: 'zone.enter',
        camera_id: presence.cameraId,
        data: zoneData(presence),
      });
    }),
    events.on('zone.exited', (presence) => {
      void log.publish({
        ...fromZones,
        type: 'zone.exit',
        camera_id: presence.cameraId,
        data: { ...zoneData(presence), dwell_ms: presence.dwellMs },
      });
    }),
  ]);
}
