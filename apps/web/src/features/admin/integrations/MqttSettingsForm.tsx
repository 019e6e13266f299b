import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { CheckboxField } from '../../../components/CheckboxField';
import { FormError } from '../../../components/FormError';
import { SecretField } from '../../../components/SecretField';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useBoundedForm } from '../../../lib/useBoundedForm';
import { AdminForm } from '../AdminForm';
import { MUTED } from '../format';
import { useUpdateMqttSettings } from './queries';
import type { MqttSettings, MqttSettingsIn } from './types';

/** The text fields of the form and the variable that wins over each (docs/mqtt.md, Settings). */
const VARIABLES = {
  url: 'MQTT_URL',
  username: 'MQTT_USERNAME',
  password: 'MQTT_PASSWORD',
  client_id: 'MQTT_CLIENT_ID',
  topic_prefix: 'MQTT_TOPIC_PREFIX',
  discovery_prefix: 'MQTT_DISCOVERY_PREFIX',
} as const;
type TextName = Exclude<keyof typeof VARIABLES, 'password'>;
const TEXT_NAMES: readonly TextName[] = ['url', 'username', 'client_id', 'topic_prefix', 'discovery_prefix'];

/**
 * The MQTT settings. Only what changed is sent (the PUT is partial); a text field emptied is sent as null, which
 * puts it back to its default. A field whose variable is set is read-only: the recorder would refuse it.
 */
export function MqttSettingsForm({ settings, onSaved }: { settings: MqttSettings; onSaved: () => void }) {
  const fromEnv = new Set(settings.from_environment);
  const form = useBoundedForm('updateMqttSettings', {
    url: settings.url ?? '',
    username: settings.username ?? '',
    password: '',
    client_id: settings.client_id,
    topic_prefix: settings.topic_prefix,
    discovery_prefix: settings.discovery_prefix,
  });
  const [enabled, setEnabled] = useState(settings.enabled);
  const [discovery, setDiscovery] = useState(settings.discovery_enabled);
  const [clearPassword, setClearPassword] = useState(false);
  const update = useUpdateMqttSettings();
  const toast = useToast();

  /** The fields that differ from the settings in effect, as the PUT takes them. */
  const changes = (): MqttSettingsIn => {
    const body: MqttSettingsIn = {};
    if (enabled !== settings.enabled && !fromEnv.has('enabled')) body.enabled = enabled;
    if (discovery !== settings.discovery_enabled) body.discovery_enabled = discovery;
    for (const name of TEXT_NAMES) {
      const value = form.values[name].trim();
      if (fromEnv.has(name) || value === (settings[name] ?? '')) continue;
      body[name] = value || null;
    }
    if (!fromEnv.has('password')) {
      if (clearPassword) body.password = null;
      else if (form.values.password) body.password = form.values.password;
    }
    return body;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const body = changes();
    if (Object.keys(body).length === 0) {
      toast({ title: 'Nothing changed', tone: 'info' });
      return;
    }
    try {
      await update.mutateAsync(body);
      toast({ title: 'MQTT settings saved', description: 'The recorder reconnects with them now.' });
      onSaved();
    } catch (error) {
      form.showError(error);
    }
  };

  /** A text field, read-only with the variable named when the environment sets it. */
  const text = (name: TextName, label: string, extra: { placeholder?: string; type?: string } = {}) => {
    const locked = fromEnv.has(name);
    return (
      // Shaded when read-only, so it does not look like a field that can be typed in.
      <div key={name} className={locked ? '[&_input]:bg-slate-100 dark:[&_input]:bg-slate-800' : undefined}>
        <TextField
          label={locked ? `${label} (set by ${VARIABLES[name]})` : label}
          autoComplete="off"
          readOnly={locked}
          {...extra}
          {...form.field(name)}
        />
      </div>
    );
  };

  return (
    <AdminForm
      titleId="mqtt-settings-title"
      title="Broker settings"
      description="Fields set by MQTT_* environment variables win and are read-only here. Empty a field to put it back to its default."
      onSubmit={submit}
    >
      <CheckboxField
        name="mqtt-enabled"
        label="Connect to the broker"
        hint={
          fromEnv.has('enabled')
            ? 'Always on: MQTT_URL is set.'
            : 'Needs the broker address. Off: the recorder says "offline" and disconnects.'
        }
        checked={enabled}
        disabled={fromEnv.has('enabled')}
        onChange={setEnabled}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {text('url', 'Broker address', { placeholder: 'mqtt://host:1883' })}
        {text('username', 'Username')}
        {fromEnv.has('password') ? (
          <p className={MUTED}>Password: set by {VARIABLES.password}.</p>
        ) : (
          <SecretField
            label="Password"
            isSet={settings.password_set}
            cleared={clearPassword}
            onClear={setClearPassword}
            field={form.field('password')}
          />
        )}
        {text('client_id', 'Client id', { placeholder: `nvr-recorder-${settings.recorder_id}` })}
        {text('topic_prefix', 'Topic prefix', { placeholder: 'nvr' })}
        {text('discovery_prefix', 'Discovery prefix', { placeholder: 'homeassistant' })}
      </div>
      <CheckboxField
        name="mqtt-discovery"
        label="Announce cameras to Home Assistant"
        hint="MQTT discovery: each camera becomes a device with its sensors and switches."
        checked={discovery}
        onChange={setDiscovery}
      />
      <FormError message={form.formError} />
      <Button type="submit" tone="primary" disabled={update.isPending}>
        Save MQTT settings
      </Button>
    </AdminForm>
  );
}
