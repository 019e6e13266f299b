// How cloud uploads follow changes: new settings (cloud recording switched on, new credentials) may start the
// queue.
import type { RecorderEventBus } from '../recorder-events.js';
import type { UploadWorker } from './upload-worker.js';

export function cloudUploadReactions(
  events: RecorderEventBus,
  worker: Pick<UploadWorker, 'kick'>,
): () => void {
  return events.on('cloud-settings.changed', () => worker.kick());
}
