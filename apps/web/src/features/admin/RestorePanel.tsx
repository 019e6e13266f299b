import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { CARD, MUTED } from './format';
import { useRestore } from './queries';
import { RestoreReportTable } from './RestoreReportTable';
import type { RestoreReport } from './types';

/**
 * Restore in two steps: a dry run says what would change, and only then can the same file and secret be applied
 * (after a confirmation). Changing the file or the secret asks for a new dry run.
 */
export function RestorePanel() {
  const [file, setFile] = useState<File | null>(null);
  const [secret, setSecret] = useState('');
  const [report, setReport] = useState<RestoreReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const restore = useRestore();
  const toast = useToast();

  const send = async (dryRun: boolean) => {
    if (!file || !secret) return setProblem('Choose the backup file and enter its secret.');
    setProblem(null);
    try {
      setReport(await restore.mutateAsync({ file, secretKey: secret, dryRun }));
      if (!dryRun) {
        setSecret('');
        toast({ title: 'Configuration restored' });
      }
    } catch (error) {
      setReport(null);
      setProblem(error instanceof Error ? error.message : 'The restore failed.');
    }
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    void send(true);
  };

  return (
    <form noValidate onSubmit={check} aria-labelledby="restore-title" className={CARD}>
      <h2 id="restore-title" className="font-semibold">
        Restore
      </h2>
      <p className={MUTED}>
        Replaces this recorder&apos;s configuration with a backup&apos;s. Check first what would change;
        nothing is changed until you confirm.
      </p>
      <div className="space-y-1">
        <label htmlFor="restore-file" className="block text-sm font-medium">
          Backup file
        </label>
        <input
          id="restore-file"
          type="file"
          accept=".nvrbak,application/octet-stream"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setReport(null);
          }}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-transparent file:px-3 file:py-1.5 dark:file:border-slate-700"
        />
      </div>
      <TextField
        label="Backup secret"
        name="restore-secret"
        type="password"
        autoComplete="off"
        value={secret}
        onChange={(event) => {
          setSecret(event.target.value);
          setReport(null);
        }}
      />
      <FormError message={problem} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" tone="primary" disabled={restore.isPending}>
          Check what would change
        </Button>
        <Button
          tone="danger"
          disabled={!report?.dry_run || restore.isPending}
          onClick={() => setConfirming(true)}
        >
          Restore…
        </Button>
      </div>
      {report && <RestoreReportTable report={report} />}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Restore this backup?"
        description="The configuration shown in the dry run replaces the current one, all at once. Sessions of changed accounts may end."
      >
        <div className="flex justify-end gap-2">
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            tone="danger"
            onClick={() => {
              setConfirming(false);
              void send(false);
            }}
          >
            Restore now
          </Button>
        </div>
      </Dialog>
    </form>
  );
}
