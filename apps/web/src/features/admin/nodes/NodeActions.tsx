import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { FormError } from '../../../components/FormError';
import { useToast } from '../../../components/Toast';
import { useNodeLever, useRemoveNode } from './queries';
import type { RecorderNode } from './types';

/** What a drain does, said before it is done: with no other node to take them, the cameras stop recording. */
function drainWarning(node: RecorderNode, othersActive: boolean): string {
  return othersActive
    ? `Its cameras move to the other nodes, one after another, each with a recording gap shorter than one chunk. ${node.name} then takes no camera until it is resumed.`
    : `No other node is active to take its cameras: they stop being recorded until ${node.name} is resumed.`;
}

/** The server decides (409 for a node that still runs): this only hides a button that would surely fail. */
function removable(node: RecorderNode): boolean {
  return !node.online || (node.state === 'draining' && node.camera_count === 0);
}

/** Drain (confirmed), resume, and remove (confirmed; only for a node that is gone or drained and empty). */
export function NodeActions({ node, othersActive }: { node: RecorderNode; othersActive: boolean }) {
  const [confirming, setConfirming] = useState<'drain' | 'remove' | null>(null);
  const lever = useNodeLever();
  const remove = useRemoveNode();
  const toast = useToast();

  const pull = async (which: 'drain' | 'resume') => {
    setConfirming(null);
    try {
      await lever.mutateAsync({ id: node.id, lever: which });
      toast({ title: which === 'drain' ? `${node.name} is draining` : `${node.name} takes cameras again` });
    } catch (error) {
      toast({
        tone: 'error',
        title: which === 'drain' ? `${node.name} was not drained` : `${node.name} was not resumed`,
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  const confirmRemove = async () => {
    try {
      await remove.mutateAsync(node.id);
      setConfirming(null);
      toast({ title: `${node.name} removed` });
    } catch {
      // remove.error is shown in the dialog: the recorder's own reason (409: the node still runs)
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {node.state === 'active' ? (
        <Button disabled={lever.isPending} onClick={() => setConfirming('drain')}>
          Drain
        </Button>
      ) : (
        <Button disabled={lever.isPending} onClick={() => void pull('resume')}>
          Resume
        </Button>
      )}
      {removable(node) && (
        <Button tone="danger" onClick={() => setConfirming('remove')}>
          Remove
        </Button>
      )}
      <Dialog
        open={confirming === 'drain'}
        onOpenChange={(open) => setConfirming(open ? 'drain' : null)}
        title={`Drain ${node.name}?`}
        description={drainWarning(node, othersActive)}
      >
        <div className="flex justify-end gap-3">
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Button tone="primary" disabled={lever.isPending} onClick={() => void pull('drain')}>
            Drain
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={confirming === 'remove'}
        onOpenChange={(open) => {
          if (!open) remove.reset();
          setConfirming(open ? 'remove' : null);
        }}
        title={`Remove ${node.name}?`}
        description="It leaves the list of nodes. The recordings on its disk stay in the index but cannot be played until it is back; a node still running registers again, drained."
      >
        <FormError message={remove.error?.message} className="mb-3" />
        <div className="flex justify-end gap-3">
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Button tone="danger" disabled={remove.isPending} onClick={() => void confirmRemove()}>
            Remove
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
