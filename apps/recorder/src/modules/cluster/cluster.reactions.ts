// How the cluster follows changes: a camera that is new or back from the bin gets a node at once (this one, if it
// has room) rather than at the next round. Only the node where the change was made claims it.
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { CameraLeases } from './camera-leases.js';

export function clusterReactions(events: RecorderEventBus, leases: Pick<CameraLeases, 'claim'>): () => void {
  return removeAll([
    events.on('camera.changed', async (change, { relayed }) => {
      if (!relayed && change.camera.deleted_at === null) await leases.claim(change.camera.id);
    }),
  ]);
}
