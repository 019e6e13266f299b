import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/CheckboxField';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { SecretField } from '../../components/SecretField';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { requestBounds } from '../../api/bounds';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { CARD, MUTED } from './format';
import { useCloudSettings, useUpdateCloudSettings } from './queries';
import type { CloudSettings, CloudSettingsIn } from './types';

const choices = (values: readonly (string | number | null)[] | undefined) =>
  (values ?? []).map((value) => ({ value: String(value), label: String(value) }));
const bounds = requestBounds.updateCloudSettings;

function Form({ settings }: { settings: CloudSettings }) {
  const { recording, streaming } = settings;
  const form = useBoundedForm('updateCloudSettings', {
    'recording.access_key': recording.access_key ?? '',
    'recording.secret_key': '',
    'recording.bucket': recording.bucket ?? '',
    'recording.region': recording.region ?? '',
    'recording.server_url': recording.server_url ?? '',
    'recording.storage_class': recording.storage_class ?? '',
    'streaming.protocol': streaming.protocol,
    'streaming.video_codec': streaming.video_codec,
    'streaming.encryption': streaming.encryption,
    'streaming.server_url': streaming.server_url ?? '',
    'streaming.auth_token': '',
  });
  const [recordingOn, setRecordingOn] = useState(recording.enabled);
  const [byok, setByok] = useState(recording.use_byok);
  const [streamingOn, setStreamingOn] = useState(streaming.enabled);
  const [clearSecret, setClearSecret] = useState(false);
  const [clearToken, setClearToken] = useState(false);
  const update = useUpdateCloudSettings();
  const toast = useToast();
  const v = form.values;
  const orNull = (text: string) => text.trim() || null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const secret = v['recording.secret_key'];
    const token = v['streaming.auth_token'];
    // Blank secrets are left out (the stored one stays); "Remove" sends null.
    const body: CloudSettingsIn = {
      recording: {
        enabled: recordingOn,
        use_byok: byok,
        access_key: orNull(v['recording.access_key']),
        bucket: orNull(v['recording.bucket']),
        region: orNull(v['recording.region']),
        server_url: orNull(v['recording.server_url']),
        storage_class: orNull(v['recording.storage_class']),
        ...(clearSecret ? { secret_key: null } : secret ? { secret_key: secret } : {}),
      },
      streaming: {
        enabled: streamingOn,
        protocol: v['streaming.protocol'] as NonNullable<CloudSettingsIn['streaming']>['protocol'],
        video_codec: v['streaming.video_codec'] as NonNullable<CloudSettingsIn['streaming']>['video_codec'],
        encryption: v['streaming.encryption'] as NonNullable<CloudSettingsIn['streaming']>['encryption'],
        server_url: orNull(v['streaming.server_url']),
        ...(clearToken ? { auth_token: null } : token ? { auth_token: token } : {}),
      },
    };
    try {
      await update.mutateAsync(body);
      toast({ title: 'Cloud settings saved' });
    } catch (error) {
      form.showError(error);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="cloud-title"
      className="space-y-4"
    >
      <fieldset className={CARD}>
        <legend className="px-1 font-semibold">Cloud recording</legend>
        <CheckboxField
          name="cloud-recording"
          label="Upload recordings"
          checked={recordingOn}
          onChange={setRecordingOn}
        />
        <CheckboxField
          name="cloud-byok"
          label="Own storage (S3-compatible)"
          hint="Your own bucket and keys instead of the provider's storage."
          checked={byok}
          onChange={setByok}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Access key" autoComplete="off" {...form.field('recording.access_key')} />
          <SecretField
            label="Secret key"
            isSet={recording.secret_key_set}
            cleared={clearSecret}
            onClear={setClearSecret}
            field={form.field('recording.secret_key')}
          />
          <TextField label="Bucket" {...form.field('recording.bucket')} />
          <TextField label="Region" {...form.field('recording.region')} />
          <TextField
            label="Endpoint"
            type="url"
            placeholder="https://"
            {...form.field('recording.server_url')}
          />
          <TextField
            label="Storage class"
            placeholder="STANDARD"
            {...form.field('recording.storage_class')}
          />
        </div>
      </fieldset>
      <fieldset className={CARD}>
        <legend className="px-1 font-semibold">Cloud streaming</legend>
        <CheckboxField
          name="cloud-streaming"
          label="Stream to the cloud"
          hint="Starts the stream targets below that are enabled."
          checked={streamingOn}
          onChange={setStreamingOn}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField
            label="Protocol"
            options={choices(bounds['streaming.protocol'].enum)}
            {...form.field('streaming.protocol')}
          />
          <SelectField
            label="Video codec"
            options={choices(bounds['streaming.video_codec'].enum)}
            {...form.field('streaming.video_codec')}
          />
          <SelectField
            label="Encryption"
            options={choices(bounds['streaming.encryption'].enum)}
            {...form.field('streaming.encryption')}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Server" placeholder="rtmps://" {...form.field('streaming.server_url')} />
          <SecretField
            label="Access token"
            isSet={streaming.auth_token_set}
            cleared={clearToken}
            onClear={setClearToken}
            field={form.field('streaming.auth_token')}
          />
        </div>
      </fieldset>
      <FormError message={form.formError} />
      <Button type="submit" tone="primary" disabled={update.isPending}>
        Save cloud settings
      </Button>
    </form>
  );
}

/** Cloud recording and streaming; secrets are write-only and shown as "set" or "not set". */
export function CloudSettingsPanel() {
  const settings = useCloudSettings();
  if (settings.isPending) return <Spinner label="Loading cloud settings…" />;
  if (settings.isError)
    return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return (
    <>
      <p className={MUTED}>Secrets you enter are stored encrypted and never shown again.</p>
      {/* A new form after each save: the saved values in, typed secrets out. */}
      <Form key={settings.data.updated_at ?? 'never-saved'} settings={settings.data} />
    </>
  );
}
