import { useState, type FormEvent } from 'react';
import type { Camera } from '../../../api/types';
import { Button } from '../../../components/Button';
import { ErrorState } from '../../../components/ErrorState';
import { FormError } from '../../../components/FormError';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useBoundedForm } from '../../../lib/useBoundedForm';
import { useReviewSettings, useSaveReviewSettings, type ReviewSettings as Settings } from './queries';

type Name = 'pre_roll_seconds' | 'post_roll_seconds' | 'retention_days' | 'continuous_retention_days';

function textValues(settings: Settings): Record<Name, string> {
  return {
    pre_roll_seconds: String(settings.pre_roll_seconds),
    post_roll_seconds: String(settings.post_roll_seconds),
    retention_days: String(settings.retention_days),
    // Empty: follow the recording settings' retention, which is for every camera.
    continuous_retention_days:
      settings.continuous_retention_days === null ? '' : String(settings.continuous_retention_days),
  };
}

function ReviewForm({
  camera,
  settings,
  readOnly,
}: {
  camera: Camera;
  settings: Settings;
  readOnly: boolean;
}) {
  const [initial] = useState(() => textValues(settings));
  const form = useBoundedForm('replaceCameraReviewSettings', initial);
  const save = useSaveReviewSettings(camera.id);
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const { values } = form;
    try {
      await save.mutateAsync({
        pre_roll_seconds: Number(values.pre_roll_seconds),
        post_roll_seconds: Number(values.post_roll_seconds),
        retention_days: Number(values.retention_days),
        continuous_retention_days:
          values.continuous_retention_days.trim() === '' ? null : Number(values.continuous_retention_days),
      });
      toast({ title: 'Review settings saved' });
    } catch (error) {
      form.showError(error);
    }
  };

  const field = (name: Name) => ({
    ...form.field(name),
    readOnly,
    type: 'number',
    inputMode: 'numeric' as const,
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <h2 className="text-base font-semibold">Review</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        What a review item keeps around an incident, and for how long.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Seconds kept before the first moving object" {...field('pre_roll_seconds')} />
        <TextField label="Seconds kept after the last moving object" {...field('post_roll_seconds')} />
        <TextField label="Days review items and their footage are kept" {...field('retention_days')} />
        <TextField
          label="Days this camera's continuous footage is kept (empty: as the recording settings say; 0: forever)"
          {...field('continuous_retention_days')}
        />
      </div>
      <FormError message={form.formError} />
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" tone="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save review settings'}
          </Button>
          <Button
            onClick={() => {
              form.setValues(textValues(settings));
              form.setFormError(null);
            }}
            disabled={save.isPending}
          >
            Cancel changes
          </Button>
        </div>
      )}
    </form>
  );
}

export function ReviewSettings({ camera, readOnly }: { camera: Camera; readOnly: boolean }) {
  const settings = useReviewSettings(camera.id);
  if (settings.isPending) return <Spinner label="Loading the review settings…" />;
  if (settings.isError)
    return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return (
    <ReviewForm
      key={settings.data.updated_at ?? 'defaults'}
      camera={camera}
      settings={settings.data}
      readOnly={readOnly}
    />
  );
}
