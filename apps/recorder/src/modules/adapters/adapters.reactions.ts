// A restored backup may list other adapters registered through the API: the registry takes them at once.
import type { RecorderEventBus } from '../recorder-events.js';
import type { AdaptersService } from './adapters.service.js';

export function adapterReactions(
  events: RecorderEventBus,
  adapters: Pick<AdaptersService, 'reloadRegistered'>,
): () => void {
  return events.on('backup.restored', () => adapters.reloadRegistered());
}
