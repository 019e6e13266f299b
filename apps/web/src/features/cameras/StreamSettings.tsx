import { useState, type FormEvent } from 'react';
import { requestBounds } from '../../api/bounds';
import type { Camera, CameraConfig } from '../../api/types';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/CheckboxField';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { useCameraConfig, useProbeTransportSecurity, useUpdateCameraConfig } from './queries';

const BOUNDS = requestBounds.updateConfigOfCamera;
type Policy = (typeof BOUNDS.transport_security.enum)[number];
type Protocol = (typeof BOUNDS.stream_protocol.enum)[number];

const POLICY_LABELS: Record<Policy, string> = {
  rtsps_required: 'RTSPS only — never connect in plaintext',
  rtsps_preferred: 'RTSPS when the camera offers it, else plaintext with a warning',
  plaintext_allowed: 'Plain RTSP allowed — the URL as given',
};
const PROTOCOL_LABELS: Record<Protocol, string> = { rtsp: 'RTSP', rtmp: 'RTMP', webrtc: 'WebRTC' };
type Role = (typeof BOUNDS.detect_stream.enum)[number];
const ROLE_LABELS: Record<Role, string> = {
  sub: 'Substream (when the camera has one)',
  main: 'Main stream',
};
const roleOptions = BOUNDS.detect_stream.enum.map((value) => ({ value, label: ROLE_LABELS[value] }));
/** What the last TLS handshake with the camera found (API.md §5). */
const PROBE_RESULTS: Record<string, string> = {
  supported: 'RTSPS supported',
  not_supported: 'RTSPS not supported',
  inconclusive: 'Inconclusive (no answer in time, or the address did not resolve)',
  not_probed: 'Not probed yet',
};
/** rtsp_transport: empty or "auto" both mean TCP first, then UDP. */
const TRANSPORTS = [
  { value: 'auto', label: 'Automatic (TCP, then UDP)' },
  { value: 'tcp', label: 'TCP' },
  { value: 'udp', label: 'UDP' },
];

const TEXT_FIELDS = [
  'recording_segment_seconds',
  'rtsp_transport',
  'transport_security',
  'stream_protocol',
  'detect_stream',
  'grid_stream',
  'max_restart_attempts',
  'source_url',
  'recording_path',
  'extra_options',
] as const;
type TextName = (typeof TEXT_FIELDS)[number];
const SWITCHES = [
  'recording_enabled',
  'auto_restart',
  'webrtc_publisher',
  'rtmp_publisher',
  'proxy_enabled',
] as const;
type SwitchName = (typeof SWITCHES)[number];

function textValues(config: CameraConfig): Record<TextName, string> {
  return {
    recording_segment_seconds: String(config.recording_segment_seconds),
    rtsp_transport: config.rtsp_transport || 'auto',
    // Empty: "follow the probe" (the policy is not operator-set); a policy: the one an operator chose.
    transport_security: config.transport_security_operator_set ? config.transport_security : '',
    stream_protocol: config.stream_protocol,
    detect_stream: config.detect_stream,
    grid_stream: config.grid_stream,
    max_restart_attempts: String(config.max_restart_attempts),
    source_url: config.source_url ?? '',
    recording_path: config.recording_path ?? '',
    extra_options: config.extra_options ?? '',
  };
}

const INTEGER_FIELDS = new Set<TextName>(['recording_segment_seconds', 'max_restart_attempts']);

/** The stream configuration form: sends only what changed; every limit is the recorder's (bounds.ts). */
function StreamForm({
  camera,
  config,
  onSaved,
}: {
  camera: Camera;
  config: CameraConfig;
  onSaved: () => void;
}) {
  const [initial] = useState(() => textValues(config));
  const form = useBoundedForm('updateConfigOfCamera', initial);
  const [switches, setSwitches] = useState<Record<SwitchName, boolean>>(() => ({
    recording_enabled: config.recording_enabled,
    auto_restart: config.auto_restart,
    webrtc_publisher: config.webrtc_publisher,
    rtmp_publisher: config.rtmp_publisher,
    proxy_enabled: config.proxy_enabled,
  }));
  const update = useUpdateCameraConfig(camera.id);
  const probe = useProbeTransportSecurity(camera.id);
  const toast = useToast();
  const toggle = (name: SwitchName) => (checked: boolean) =>
    setSwitches((current) => ({ ...current, [name]: checked }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const body: Record<string, unknown> = {};
    for (const name of TEXT_FIELDS) {
      const value = form.values[name];
      if (value === initial[name]) continue;
      body[name] = value === '' ? null : INTEGER_FIELDS.has(name) ? Number(value) : value;
    }
    for (const name of SWITCHES) if (switches[name] !== config[name]) body[name] = switches[name];
    // Back to "follow the probe": not a config field but a probe that hands the policy back to its result.
    const followProbe = body.transport_security === null;
    if (followProbe) delete body.transport_security;
    if (Object.keys(body).length === 0 && !followProbe) {
      toast({ title: 'Nothing changed', tone: 'info' });
      return;
    }
    try {
      if (Object.keys(body).length > 0) await update.mutateAsync(body);
      if (followProbe) await probe.mutateAsync({ resetPolicy: true });
      toast({ title: 'Stream settings saved' });
      onSaved();
    } catch (error) {
      form.showError(error);
    }
  };

  const segment = BOUNDS.recording_segment_seconds;
  const attempts = BOUNDS.max_restart_attempts;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <legend className="px-1 text-base font-semibold">Recording</legend>
        <CheckboxField
          name="recording_enabled"
          label="Record this camera"
          hint="Continuous recording in segments; the live view works either way."
          checked={switches.recording_enabled}
          onChange={toggle('recording_enabled')}
        />
        <TextField
          label={`Segment length in seconds (${segment.minimum}–${segment.maximum})`}
          inputMode="numeric"
          {...form.field('recording_segment_seconds')}
        />
        <TextField
          label="Recording folder (optional, inside the recordings root)"
          spellCheck={false}
          {...form.field('recording_path')}
        />
      </fieldset>
      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <legend className="px-1 text-base font-semibold">Connection</legend>
        <SelectField label="RTSP transport" options={TRANSPORTS} {...form.field('rtsp_transport')} />
        <SelectField
          label="Transport security"
          hint="A chosen policy stays as it is; “follow the probe” lets each probe of the camera set it."
          options={[
            {
              value: '',
              label: `Follow the probe (now: ${POLICY_LABELS[config.transport_security as Policy] ?? config.transport_security})`,
            },
            ...BOUNDS.transport_security.enum.map((value) => ({ value, label: POLICY_LABELS[value] })),
          ]}
          {...form.field('transport_security')}
        />
        <TextField
          label="Source URL override (optional; used instead of the camera's main stream URL)"
          type="url"
          spellCheck={false}
          {...form.field('source_url')}
        />
        <SelectField
          label="Stream protocol"
          options={BOUNDS.stream_protocol.enum.map((value) => ({ value, label: PROTOCOL_LABELS[value] }))}
          {...form.field('stream_protocol')}
        />
        <SelectField label="Live AI reads" options={roleOptions} {...form.field('detect_stream')} />
        <SelectField label="Grid tiles play" options={roleOptions} {...form.field('grid_stream')} />
      </fieldset>
      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <legend className="px-1 text-base font-semibold">Advanced</legend>
        <CheckboxField
          name="auto_restart"
          label="Restart the stream after a failure"
          checked={switches.auto_restart}
          onChange={toggle('auto_restart')}
        />
        <TextField
          label={`Restart attempts in a row (${attempts.minimum}–${attempts.maximum}; 0 = keep trying)`}
          inputMode="numeric"
          {...form.field('max_restart_attempts')}
        />
        <CheckboxField
          name="webrtc_publisher"
          label="Publish over WebRTC (low-latency live view)"
          checked={switches.webrtc_publisher}
          onChange={toggle('webrtc_publisher')}
        />
        <CheckboxField
          name="rtmp_publisher"
          label="Publish over RTMP"
          checked={switches.rtmp_publisher}
          onChange={toggle('rtmp_publisher')}
        />
        <CheckboxField
          name="proxy_enabled"
          label="Proxy the stream through the recorder"
          checked={switches.proxy_enabled}
          onChange={toggle('proxy_enabled')}
        />
        <TextField
          label='Extra input options (a JSON object, e.g. {"rtsp_flags": "prefer_tcp"})'
          spellCheck={false}
          {...form.field('extra_options')}
        />
      </fieldset>
      <FormError message={form.formError} />
      <Button type="submit" tone="primary" disabled={update.isPending || probe.isPending}>
        {update.isPending || probe.isPending ? 'Saving…' : 'Save stream settings'}
      </Button>
    </form>
  );
}

/** The transport-security state: policy, who chose it, the last probe, and "probe now". */
function TransportSecurityPanel({
  camera,
  config,
  onProbed,
}: {
  camera: Camera;
  config: CameraConfig;
  onProbed: () => void;
}) {
  const probe = useProbeTransportSecurity(camera.id);
  const toast = useToast();
  const run = async () => {
    try {
      const result = await probe.mutateAsync({ resetPolicy: false });
      toast({
        title: 'Probe finished',
        description:
          PROBE_RESULTS[result.transport_security_probe_result] ?? result.transport_security_probe_result,
      });
      onProbed();
    } catch {
      // probe.error is shown below
    }
  };
  const policy = config.transport_security as Policy;
  return (
    <section
      aria-labelledby="transport-security-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="transport-security-title" className="text-base font-semibold">
        Transport security
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">Policy</dt>
        <dd>
          {POLICY_LABELS[policy] ?? policy}{' '}
          <span className="text-slate-600 dark:text-slate-300">
            ({config.transport_security_operator_set ? 'chosen by an operator' : 'follows the probe'})
          </span>
        </dd>
        <dt className="text-slate-600 dark:text-slate-300">Last probe</dt>
        <dd>
          <span role="status">
            {PROBE_RESULTS[config.transport_security_probe_result] ?? config.transport_security_probe_result}
            {config.transport_security_probed_at &&
              ` · ${new Date(config.transport_security_probed_at).toLocaleString()}`}
          </span>
        </dd>
      </dl>
      <FormError message={probe.error?.message} />
      <div className="flex flex-wrap gap-3">
        <Button disabled={probe.isPending} onClick={() => void run()}>
          {probe.isPending ? 'Probing…' : 'Probe now'}
        </Button>
      </div>
    </section>
  );
}

/** The camera's stream configuration (API.md §5): recording, connection, transport security. */
export function StreamSettings({ camera }: { camera: Camera }) {
  const config = useCameraConfig(camera.id);
  // A save or a probe changes the stored config: the form starts again from it.
  const [version, setVersion] = useState(0);
  if (config.isPending) return <Spinner label="Loading the stream settings…" />;
  if (config.isError)
    return <ErrorState message={config.error.message} onRetry={() => void config.refetch()} />;
  return (
    <div className="space-y-4">
      <h2 className="sr-only">Stream settings</h2>
      <TransportSecurityPanel
        camera={camera}
        config={config.data}
        onProbed={() => setVersion((v) => v + 1)}
      />
      <StreamForm
        key={version}
        camera={camera}
        config={config.data}
        onSaved={() => setVersion((v) => v + 1)}
      />
    </div>
  );
}
