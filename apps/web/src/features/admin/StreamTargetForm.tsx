import { useState, type FormEvent } from 'react';
import { requestBounds } from '../../api/bounds';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/CheckboxField';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { ALL_CAMERAS, useCameras } from '../cameras/queries';
import { useSaveStreamTarget } from './queries';
import type { StreamTargetIn } from './types';
import { AdminForm } from './AdminForm';

const EMPTY = { camera_id: '', target_id: '', protocol: 'rtmp', server_url: '', stream_key: '' };
const PROTOCOLS = (requestBounds.upsertStreamTarget.protocol.enum ?? []).map((value) => ({
  value: String(value),
  label: String(value).toUpperCase(),
}));

/** A new stream target: which camera goes where. The stream key is write-only, like every secret. */
export function StreamTargetForm() {
  const form = useBoundedForm('upsertStreamTarget', EMPTY);
  const [enabled, setEnabled] = useState(true);
  const cameras = useCameras({ limit: ALL_CAMERAS });
  const save = useSaveStreamTarget();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const v = form.values;
    try {
      const target = await save.mutateAsync({
        camera_id: Number(v.camera_id),
        target_id: v.target_id.trim() || null,
        protocol: v.protocol as StreamTargetIn['protocol'],
        server_url: v.server_url.trim(),
        ...(v.stream_key ? { stream_key: v.stream_key } : {}),
        enabled,
      });
      toast({ title: `Stream target ${target.target_id} added` });
      form.setValues(EMPTY);
    } catch (error) {
      form.showError(error);
    }
  };

  return (
    <AdminForm titleId="new-target-title" title="New stream target" subsection onSubmit={submit}>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Camera"
          options={[
            { value: '', label: cameras.isPending ? 'Loading cameras…' : 'Choose a camera…' },
            ...(cameras.data?.cameras ?? []).map((camera) => ({
              value: String(camera.id),
              label: camera.name,
            })),
          ]}
          {...form.field('camera_id')}
        />
        <TextField label="Name (optional)" placeholder="e.g. porch-youtube" {...form.field('target_id')} />
        <SelectField label="Protocol" options={PROTOCOLS} {...form.field('protocol')} />
        <TextField label="Server" placeholder="rtmp://" {...form.field('server_url')} />
        <TextField
          label="Stream key"
          type="password"
          autoComplete="new-password"
          {...form.field('stream_key')}
        />
      </div>
      <CheckboxField
        name="target-enabled"
        label="Enabled"
        hint="Streams whenever cloud streaming is on."
        checked={enabled}
        onChange={setEnabled}
      />
      <FormError message={form.formError} />
      <Button type="submit" tone="primary" disabled={save.isPending}>
        Add stream target
      </Button>
    </AdminForm>
  );
}
