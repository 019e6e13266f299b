// What raises alerts besides AI rules and the event log: retention that cannot get free space back over the
// floor raises the disk-floor alert (API.md §11); a camera that should record and that no node records raises
// `recording_not_running`; the scheduled integrity check finding altered or missing footage raises
// `recording_integrity`.
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { AlertsService } from './alerts.service.js';

export function alertReactions(
  events: RecorderEventBus,
  alerts: Pick<AlertsService, 'diskFloorReached' | 'recordingNotRunning' | 'integrityFailed'>,
): () => void {
  return removeAll([
    events.on('storage.floor-reached', (report) => alerts.diskFloorReached(report)),
    events.on('recording.uncovered', (report) => alerts.recordingNotRunning(report)),
    events.on('recording.integrity-failed', (report) => alerts.integrityFailed(report)),
  ]);
}
