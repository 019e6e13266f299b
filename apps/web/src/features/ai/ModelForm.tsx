import { useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { CheckboxField } from '../../components/CheckboxField';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { useCameraNames } from '../cameras/CameraFilterSelect';
import { ModelConfigFields } from './ModelConfigFields';
import { configToFields, fieldsToConfig, type ConfigFields, type ConfigProblems } from './modelConfig';
import { useCapabilities, type AiModel, type AiModelCreate } from './queries';

/**
 * Create or edit an AI model: what task runs, on which camera, how often, with which config. Bounds come from the
 * recorder's OpenAPI document; its 422 problems are shown at their fields.
 */
export function ModelForm({
  model,
  submitLabel,
  onSubmit,
}: {
  model: AiModel | null;
  submitLabel: string;
  onSubmit: (body: AiModelCreate) => Promise<unknown>;
}) {
  const cameras = useCameraNames();
  const capabilities = useCapabilities();
  const form = useBoundedForm(model ? 'updateAiModel' : 'createAiModel', {
    name: model?.name ?? '',
    model_name: model?.model_name ?? '',
    task: model?.task ?? '',
    source_type: model?.source_type ?? 'live',
    inference_interval: String(model?.inference_interval ?? 2),
    assigned_camera_id: model?.assigned_camera_id ? String(model.assigned_camera_id) : '',
    recording_path: model?.recording_path ?? '',
  });
  const [enabled, setEnabled] = useState(model?.enabled ?? true);
  const [config, setConfig] = useState<ConfigFields>(() => configToFields(model?.config));
  const [configProblems, setConfigProblems] = useState<ConfigProblems>({});
  const [saving, setSaving] = useState(false);
  const { values } = form;

  // The tasks adapters serve now, plus the model's own (an adapter may be away for a moment).
  const tasks = [
    ...new Set([...(capabilities.data?.orchestrator.tasks ?? []), ...(model ? [model.task] : [])]),
  ];
  const adapterModel = (task: string) =>
    Object.values(capabilities.data?.adapters ?? {}).find((a) => a.tasks.includes(task))?.model?.name ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const recording = values.source_type === 'recording';
    const configured = fieldsToConfig(config, !recording);
    setConfigProblems('problems' in configured ? configured.problems : {});
    const valid = form.validate();
    if (!valid || 'problems' in configured) {
      form.setFormError('Some fields need attention.');
      return;
    }
    const body: AiModelCreate = {
      name: values.name,
      model_name: values.model_name,
      task: values.task,
      enabled,
      source_type: recording ? 'recording' : 'live',
      inference_interval: values.inference_interval === '' ? null : Number(values.inference_interval),
      assigned_camera_id: values.assigned_camera_id === '' ? null : Number(values.assigned_camera_id),
      config: configured.config,
      recording_path: recording && values.recording_path !== '' ? values.recording_path : null,
    };
    setSaving(true);
    try {
      await onSubmit(body);
    } catch (error) {
      form.showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <TextField label="Name" {...form.field('name')} />
      <SelectField
        label="Task"
        hint={tasks.length ? null : 'No adapter serves a task right now; the model waits for one.'}
        options={[
          { value: '', label: 'Choose a task' },
          ...tasks.map((task) => ({ value: task, label: task.replace(/_/g, ' ') })),
        ]}
        {...form.field('task')}
        onChange={(event) => {
          const task = event.target.value;
          form.setValues((current) => ({
            ...current,
            task,
            model_name: current.model_name || adapterModel(task),
          }));
        }}
      />
      <TextField label="Adapter model name" {...form.field('model_name')} />
      <SelectField
        label="Camera"
        options={[
          { value: '', label: 'No camera' },
          ...[...cameras].map(([id, name]) => ({ value: String(id), label: name })),
        ]}
        {...form.field('assigned_camera_id')}
      />
      <SelectField
        label="Source"
        hint={
          values.source_type === 'recording'
            ? "Analyses the camera's recorded footage once, from start to end, with progress on the model's page."
            : 'Analyses the live picture every interval (while the camera sees motion, unless it runs always).'
        }
        options={[
          { value: 'live', label: 'Live picture' },
          { value: 'recording', label: 'Recordings' },
        ]}
        {...form.field('source_type')}
      />
      <TextField
        label="Interval (seconds)"
        type="number"
        inputMode="numeric"
        {...form.field('inference_interval')}
      />
      {values.source_type === 'recording' && (
        <TextField label="Recording path (optional)" {...form.field('recording_path')} />
      )}
      <ModelConfigFields
        fields={config}
        problems={configProblems}
        live={values.source_type !== 'recording'}
        onChange={(change) => {
          setConfig((current) => ({ ...current, ...change }));
          setConfigProblems((current) => {
            const next = { ...current };
            for (const name of Object.keys(change)) delete next[name as keyof ConfigFields];
            return next;
          });
        }}
      />
      <CheckboxField
        name="enabled"
        label="Enabled"
        hint="A stopped model keeps its results but analyses nothing."
        checked={enabled}
        onChange={setEnabled}
      />
      <FormError message={form.formError} />
      <div className="flex gap-2">
        <Button type="submit" tone="primary" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </Button>
        <ButtonLink to={model ? `/ai/models/${model.id}` : '/ai'}>Cancel</ButtonLink>
      </div>
    </form>
  );
}
