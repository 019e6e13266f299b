// A restored backup may list other adapters registered through the API: the registry takes them at once. On a
// cluster, an adapter registered or removed through another node is followed here too (this node's own changes
// are in its registry already).
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { AdaptersService } from './adapters.service.js';

export function adapterReactions(
  events: RecorderEventBus,
  adapters: Pick<AdaptersService, 'reloadRegistered' | 'syncRegistered'>,
): () => void {
  return removeAll([
    events.on('backup.restored', () => adapters.reloadRegistered()),
    events.on('adapters.changed', (_change, { relayed }) => relayed && adapters.syncRegistered()),
  ]);
}
