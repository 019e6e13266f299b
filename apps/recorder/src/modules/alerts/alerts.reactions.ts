// What raises alerts besides AI rules and the event log: retention that cannot get free space back over the
// floor raises the disk-floor alert (API.md §11).
import type { RecorderEventBus } from '../recorder-events.js';
import type { AlertsService } from './alerts.service.js';

export function alertReactions(
  events: RecorderEventBus,
  alerts: Pick<AlertsService, 'diskFloorReached'>,
): () => void {
  return events.on('storage.floor-reached', (report) => alerts.diskFloorReached(report));
}
