import { useState, type FormEvent } from 'react';
import type { BinnedCamera } from '../../api/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useHardDeleteCamera } from './queries';

/** The phrase the recorder requires, word for word (API.md §4, POST /cameras/{id}/hard-delete). */
export function hardDeletePhrase(name: string): string {
  return `hard delete ${name} and it's recording`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;
}

/**
 * Deleting a binned camera and every recording of it for good: the button stays disabled until the phrase
 * shown is typed exactly (case-sensitive, spaces count); the recorder checks it again.
 */
export function HardDeleteDialog({ camera, onClose }: { camera: BinnedCamera | null; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const remove = useHardDeleteCamera();
  const toast = useToast();
  const phrase = camera ? hardDeletePhrase(camera.name) : '';
  const matches = camera !== null && typed === phrase;

  const close = () => {
    setTyped('');
    remove.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!camera || !matches) return;
    try {
      const result = await remove.mutateAsync({ id: camera.id, phrase: typed });
      toast({
        title: `${result.camera_name} deleted for good`,
        description: `${result.recordings_deleted} recordings deleted, ${megabytes(result.bytes_freed)} freed.`,
      });
      close();
    } catch {
      // remove.error is shown in the dialog
    }
  };

  return (
    <Dialog
      open={camera !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={`Delete ${camera?.name ?? ''} for good?`}
      description={`The camera, its settings, events and every recording (folder ${camera?.path ?? ''}) are deleted. This cannot be undone.`}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
        <p className="text-sm">To confirm, type this phrase exactly:</p>
        <p
          id="hard-delete-phrase"
          className="rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-words select-all dark:bg-slate-800"
        >
          {phrase}
        </p>
        <TextField
          label="Confirmation phrase"
          name="confirmation_phrase"
          value={typed}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          onChange={(event) => setTyped(event.target.value)}
        />
        <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-300">
          {typed === '' ? '' : matches ? 'The phrase matches.' : 'Not yet the exact phrase.'}
        </p>
        <FormError message={remove.error?.message} />
        <div className="flex justify-end gap-3">
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" tone="danger" disabled={!matches || remove.isPending}>
            Delete for good
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
