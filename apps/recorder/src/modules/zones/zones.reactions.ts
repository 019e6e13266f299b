// How the zone watch follows changes: tracked objects moving on, a camera's zones replaced, a restored backup.
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { ZoneWatch } from './zone-watch.js';

export function zoneReactions(
  events: RecorderEventBus,
  watch: Pick<ZoneWatch, 'tracked' | 'zonesChanged' | 'zonesChangedEverywhere'>,
): () => void {
  return removeAll([
    events.on('objects.tracked', (update) => watch.tracked(update)),
    events.on('zones.changed', ({ cameraId }) => watch.zonesChanged(cameraId)),
    events.on('backup.restored', () => watch.zonesChangedEverywhere()),
  ]);
}
