// A restored backup may bring other media-source TLS material: everything that uses it is told, as after an upload.
import type { RecorderEventBus } from '../recorder-events.js';
import type { MediaTlsService } from './media-tls.service.js';

export function mediaTlsReactions(
  events: RecorderEventBus,
  mediaTls: Pick<MediaTlsService, 'notifyChanged'>,
): () => void {
  return events.on('backup.restored', () => mediaTls.notifyChanged());
}
