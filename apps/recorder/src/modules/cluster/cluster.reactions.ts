// How the cluster follows changes: a camera that is new or back from the bin gets a node at once (this one, if it
// has room) rather than at the next round; only the node where the change was made claims it. A camera binned or
// deleted through any node is given back by the node holding it at once: it needs no node any more.
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { CameraLeases } from './camera-leases.js';

export function clusterReactions(
  events: RecorderEventBus,
  leases: Pick<CameraLeases, 'claim' | 'giveBack'>,
): () => void {
  return removeAll([
    events.on('camera.changed', async (change, { relayed }) => {
      if (change.kind === 'binned' || change.kind === 'deleted') await leases.giveBack(change.camera.id);
      else if (!relayed && change.camera.deleted_at === null) await leases.claim(change.camera.id);
    }),
  ]);
}
