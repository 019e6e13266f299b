import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { MqttSettingsForm } from './MqttSettingsForm';
import { MqttStatus } from './MqttStatus';
import { MqttTopics } from './MqttTopics';
import { useMqttSettings } from './queries';
import { AdminPage } from '../AdminPage';

/** MQTT / Home Assistant: the connection's state, its settings and where the recorder publishes. */
function MqttSection() {
  const settings = useMqttSettings();
  // A new form after each save (the saved values in, a typed password out), not after each status poll.
  const [saves, setSaves] = useState(0);
  if (settings.isPending) return <Spinner label="Loading the MQTT settings…" />;
  if (settings.isError)
    return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return (
    <>
      <MqttStatus status={settings.data.status} />
      <MqttSettingsForm key={saves} settings={settings.data} onSaved={() => setSaves((n) => n + 1)} />
      <MqttTopics settings={settings.data} />
    </>
  );
}

/** Connections to other systems; for now MQTT, through which Home Assistant sees the cameras. */
export function IntegrationsPage() {
  return (
    <AdminPage
      id="integrations"
      title="Integrations"
      intro="MQTT: the recorder publishes its cameras’ states to a broker, announces them to Home Assistant and takes a few commands. The password is stored encrypted and never shown again."
    >
      <MqttSection />
    </AdminPage>
  );
}
