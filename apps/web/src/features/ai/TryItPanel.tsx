import { useState } from 'react';
import { Button } from '../../components/Button';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useCameraNames } from '../cameras/CameraFilterSelect';
import { useQueueCloudJob, useTryCloudModel, type CloudModel } from './queries';

/**
 * Try a provider model on what a camera sees now: the recorder takes a snapshot, the provider answers, and the
 * answer — or the provider's error, as the recorder reports it — is shown as it is. "Queue as job" sends the same
 * request as an async job (see the jobs list).
 */
export function TryItPanel({ models }: { models: readonly CloudModel[] }) {
  const cameras = useCameraNames();
  const run = useTryCloudModel();
  const queue = useQueueCloudJob();
  const [modelId, setModelId] = useState(String(models[0]?.id ?? ''));
  const [cameraId, setCameraId] = useState('');
  const [prompt, setPrompt] = useState('');
  const model = models.find((m) => String(m.id) === modelId);
  const request = { modelId: Number(modelId), cameraId: Number(cameraId), prompt };
  const ready = model !== undefined && cameraId !== '';
  const result = run.data;

  return (
    <section
      aria-labelledby="try-title"
      className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
    >
      <h3 id="try-title" className="font-semibold">
        Try a model on a camera snapshot
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Provider model"
          name="try-model"
          value={modelId}
          onChange={(event) => setModelId(event.target.value)}
          options={models.map((m) => ({ value: String(m.id), label: m.name }))}
        />
        <SelectField
          label="Camera"
          name="try-camera"
          value={cameraId}
          onChange={(event) => setCameraId(event.target.value)}
          options={[
            { value: '', label: 'Choose a camera' },
            ...[...cameras].map(([id, name]) => ({ value: String(id), label: name })),
          ]}
        />
        {model?.provider === 'openai' && (
          <TextField label="Prompt" value={prompt} onChange={(event) => setPrompt(event.target.value)} />
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          tone="primary"
          disabled={!ready || run.isPending}
          onClick={() => {
            queue.reset();
            run.mutate(request);
          }}
        >
          {run.isPending ? 'Running…' : 'Run now'}
        </Button>
        <Button
          disabled={!ready || queue.isPending}
          onClick={() => {
            run.reset();
            queue.mutate(request);
          }}
        >
          Queue as job
        </Button>
      </div>
      <FormError message={run.error?.message ?? queue.error?.message} />
      {queue.data && (
        <p role="status" className="text-sm">
          Job queued: its status follows in the jobs list below.
        </p>
      )}
      {result && (
        <div role="status" aria-label="Try-it result" className="space-y-1 text-sm">
          <p>
            <span className="font-medium">{result.status === 'succeeded' ? 'Succeeded' : 'Failed'}</span>
            {result.latency_ms !== null ? ` in ${result.latency_ms} ms` : ''}
          </p>
          {result.error_message && <p className="text-red-700 dark:text-red-300">{result.error_message}</p>}
          {result.result_json && (
            <pre className="max-h-64 overflow-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">
              {result.result_json}
            </pre>
          )}
        </div>
      )}
    </section>
  );
}
