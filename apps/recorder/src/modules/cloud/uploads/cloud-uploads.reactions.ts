// How cloud uploads follow the recorder: every indexed chunk is queued (while cloud recording is on), and new
// settings (cloud recording switched on, new credentials) may start the queue.
import type { RecorderEventBus } from '../../recorder-events.js';
import { removeAll } from '../../reactions.js';
import type { CloudUploadsService } from './cloud-uploads.service.js';

export function cloudUploadReactions(
  events: RecorderEventBus,
  uploads: Pick<CloudUploadsService, 'enqueue' | 'worker'>,
): () => void {
  return removeAll([
    events.on('recording.chunk-indexed', (chunk) => uploads.enqueue(chunk)),
    events.on('cloud-settings.changed', () => uploads.worker.kick()),
  ]);
}
