import type { FormEvent } from 'react';
import { Button } from '../../components/Button';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { saveFile } from '../../lib/saveFile';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { CARD, MUTED } from './format';
import { useCreateBackup } from './queries';

/** Downloads the configuration, encrypted with a secret the administrator chooses and keeps. */
export function BackupPanel() {
  const form = useBoundedForm('createBackup', { secret_key: '' });
  const backup = useCreateBackup();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    try {
      const { file, name } = await backup.mutateAsync(form.values.secret_key);
      saveFile(file, name);
      // The secret is not kept on screen: it is needed again only to restore.
      form.setValues({ secret_key: '' });
      toast({ title: 'Backup downloaded', description: name });
    } catch (error) {
      form.showError(error);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="backup-title" className={CARD}>
      <h2 id="backup-title" className="font-semibold">
        Backup
      </h2>
      <p className={MUTED}>
        Users, cameras, grants and settings in one encrypted file (no recordings). Keep the secret somewhere
        safe: without it the file cannot be restored.
      </p>
      <TextField
        label="Backup secret"
        type="password"
        autoComplete="new-password"
        {...form.field('secret_key')}
      />
      <FormError message={form.formError} />
      <Button type="submit" tone="primary" disabled={backup.isPending}>
        {backup.isPending ? 'Preparing…' : 'Download backup'}
      </Button>
    </form>
  );
}
