import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { dateTime } from '../events/eventText';
import { useCloudCredentials, useCreateCloudCredential, useDeleteCloudCredential } from './queries';

export const PROVIDERS = [
  { value: 'huggingface', label: 'Hugging Face' },
  { value: 'openai', label: 'OpenAI (or compatible)' },
] as const;

/**
 * The caller's provider credentials. The token is write-only: it leaves the browser once, in the create call, and
 * the form forgets it at once; the list says a token is stored, never which.
 */
export function CredentialsPanel() {
  const credentials = useCloudCredentials();
  const remove = useDeleteCloudCredential();
  return (
    <section aria-labelledby="credentials-title" className="space-y-3">
      <h2 id="credentials-title" className="text-lg font-semibold">
        Credentials
      </h2>
      {credentials.isPending ? (
        <Spinner label="Loading the credentials…" />
      ) : credentials.isError ? (
        <ErrorState message={credentials.error.message} onRetry={() => void credentials.refetch()} />
      ) : credentials.data.credentials.length === 0 ? (
        <p className="text-sm">No credential yet. Add a provider token below to use its models.</p>
      ) : (
        <ul
          aria-label="Credentials"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {credentials.data.credentials.map((credential) => (
            <li key={credential.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
              <span className="font-medium">{credential.provider}</span>
              <span>token: set</span>
              <span className="text-slate-600 dark:text-slate-300">
                added {dateTime(credential.created_at)}
              </span>
              <Button
                className="ml-auto"
                tone="danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(credential.id)}
                aria-label={`Delete the ${credential.provider} credential of ${dateTime(credential.created_at)}`}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={remove.error?.message} />
      <CredentialForm />
    </section>
  );
}

function CredentialForm() {
  const create = useCreateCloudCredential();
  const form = useBoundedForm('createCloudCredential', { provider: 'huggingface', token: '' });
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (!form.validate()) return;
    try {
      await create.mutateAsync({
        provider: form.values.provider as 'huggingface' | 'openai',
        token: form.values.token,
      });
      form.setValues((current) => ({ ...current, token: '' }));
      setSaved(true);
    } catch (error) {
      form.showError(error);
    }
  };

  return (
    <form
      noValidate
      aria-label="Add a credential"
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end dark:border-slate-800"
    >
      <SelectField label="Provider" options={PROVIDERS} {...form.field('provider')} />
      <TextField
        label="Token (never shown again)"
        type="password"
        autoComplete="off"
        {...form.field('token')}
      />
      <Button type="submit" tone="primary" disabled={create.isPending}>
        Add credential
      </Button>
      <div className="sm:col-span-3">
        <FormError message={form.formError} />
        {saved && (
          <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
            Credential stored. Its token is kept sealed and is never shown again.
          </p>
        )}
      </div>
    </form>
  );
}
