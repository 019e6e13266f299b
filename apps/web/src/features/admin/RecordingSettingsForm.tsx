import type { FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { DiskUsage } from './DiskUsage';
import { CARD, MUTED } from './format';
import { useRecordingSettings, useUpdateRecordingSettings } from './queries';
import type { RecordingSettings } from './types';

function SettingsForm({ settings }: { settings: RecordingSettings }) {
  const form = useBoundedForm('updateRecordingSettings', {
    retention_days: String(settings.retention_days),
    min_free_disk_gb: String(settings.min_free_disk_gb),
  });
  const update = useUpdateRecordingSettings();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    try {
      await update.mutateAsync({
        retention_days: Number(form.values.retention_days),
        min_free_disk_gb: Number(form.values.min_free_disk_gb),
      });
      toast({ title: 'Recording settings saved' });
    } catch (error) {
      form.showError(error);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Keep recordings (days)" inputMode="numeric" {...form.field('retention_days')} />
        <TextField
          label="Keep free on the disk (GB)"
          inputMode="decimal"
          {...form.field('min_free_disk_gb')}
        />
      </div>
      <p className={MUTED}>
        Older recordings are deleted after the number of days (0 keeps them until the disk runs low); while
        the free space is below the floor, the oldest recordings go first.
      </p>
      <FormError message={form.formError} />
      <Button type="submit" tone="primary" disabled={update.isPending}>
        Save recording settings
      </Button>
    </form>
  );
}

/** Retention and the free-disk floor of the recordings, with where they are kept and the disk's use. */
export function RecordingSettingsPanel() {
  const settings = useRecordingSettings();
  return (
    <section aria-labelledby="recording-settings-title" className={CARD}>
      <h2 id="recording-settings-title" className="font-semibold">
        Recordings
      </h2>
      {settings.isPending ? (
        <Spinner label="Loading recording settings…" />
      ) : settings.isError ? (
        <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <p className={MUTED}>
            Stored in <code className="break-all">{settings.data.recordings_root}</code> (set with
            RECORDINGS_DIR).
          </p>
          <DiskUsage />
          <SettingsForm settings={settings.data} />
        </>
      )}
    </section>
  );
}
