import { useState } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';

/**
 * A key the recorder shows once (it keeps only a hash): the text to select, a copy button, and a warning that
 * closing the dialog forgets it.
 */
export function OneTimeKeyDialog({
  title,
  secret,
  onClose,
}: {
  title: string;
  secret: string | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(null);
          onClose();
        }
      }}
      title={title}
      description="Copy it now: it is shown this once and cannot be read again. If it is lost, issue a new key."
    >
      <div className="space-y-3">
        <output
          aria-label="The key"
          className="block rounded-md bg-slate-100 p-3 font-mono text-sm break-all select-all dark:bg-slate-800"
        >
          {secret}
        </output>
        <p aria-live="polite" className="text-sm">
          {copied === 'yes'
            ? 'Copied to the clipboard.'
            : copied === 'failed'
              ? 'Copying failed: select the key and copy it by hand.'
              : ''}
        </p>
        <div className="flex justify-end gap-2">
          <Button onClick={() => void copy()}>Copy</Button>
          <Button tone="primary" onClick={onClose}>
            Done
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
