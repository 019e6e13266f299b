import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { TryItPanel } from './TryItPanel';
import { useCloudCredentials, useCloudModels, useCreateCloudModel, useDeleteCloudModel } from './queries';

/** The caller's provider models: each names a provider's model and the credential it is called with. */
export function CloudModelsPanel() {
  const models = useCloudModels();
  const remove = useDeleteCloudModel();
  return (
    <section aria-labelledby="cloud-models-title" className="space-y-3">
      <h2 id="cloud-models-title" className="text-lg font-semibold">
        Provider models
      </h2>
      {models.isPending ? (
        <Spinner label="Loading the provider models…" />
      ) : models.isError ? (
        <ErrorState message={models.error.message} onRetry={() => void models.refetch()} />
      ) : models.data.models.length === 0 ? (
        <p className="text-sm">
          No provider model yet. Add a credential, then name a model of its provider below.
        </p>
      ) : (
        <ul
          aria-label="Provider models"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {models.data.models.map((model) => (
            <li key={model.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
              <span className="font-medium">{model.name}</span>
              <span className="break-all">
                {model.provider}: {model.model_id}
              </span>
              <span>{model.task}</span>
              <Button
                className="ml-auto"
                tone="danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(model.id)}
                aria-label={`Delete ${model.name}`}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={remove.error?.message} />
      <CloudModelForm />
      {models.data && models.data.models.length > 0 && <TryItPanel models={models.data.models} />}
    </section>
  );
}

function CloudModelForm() {
  const credentials = useCloudCredentials();
  const create = useCreateCloudModel();
  const form = useBoundedForm('createCloudModel', { name: '', credential_id: '', model_id: '', task: '' });
  const [saved, setSaved] = useState<string | null>(null);
  const list = credentials.data?.credentials ?? [];
  if (list.length === 0) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    if (!form.validate()) return;
    const credential = list.find((c) => c.id === form.values.credential_id);
    try {
      const model = await create.mutateAsync({
        name: form.values.name,
        credential_id: form.values.credential_id,
        provider: (credential?.provider ?? 'huggingface') as 'huggingface' | 'openai',
        model_id: form.values.model_id,
        task: form.values.task,
      });
      form.setValues({ name: '', credential_id: '', model_id: '', task: '' });
      setSaved(`${model.name} added.`);
    } catch (error) {
      form.showError(error);
    }
  };

  return (
    <form
      noValidate
      aria-label="Add a provider model"
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-800"
    >
      <TextField label="Name" {...form.field('name')} />
      <SelectField
        label="Credential"
        options={[
          { value: '', label: 'Choose a credential' },
          ...list.map((c) => ({ value: c.id, label: `${c.provider} (added ${c.created_at.slice(0, 10)})` })),
        ]}
        {...form.field('credential_id')}
      />
      <TextField
        label="Provider model id"
        placeholder="google/vit-base-patch16-224"
        {...form.field('model_id')}
      />
      <TextField label="Task" placeholder="image-classification" {...form.field('task')} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" tone="primary" disabled={create.isPending}>
          Add provider model
        </Button>
        <FormError message={form.formError} />
        {saved && (
          <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
            {saved}
          </p>
        )}
      </div>
    </form>
  );
}
