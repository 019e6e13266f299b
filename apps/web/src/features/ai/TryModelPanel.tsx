import { useState } from 'react';
import { Button } from '../../components/Button';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { useCameraNames } from '../cameras/CameraFilterSelect';
import { FrameWithBoxes } from './FrameWithBoxes';
import { useTryAiModel, type AiModel } from './queries';

/** Try the model on what a camera sees now: the recorder's snapshot, the adapter's answer, the boxes drawn. */
export function TryModelPanel({ model }: { model: AiModel }) {
  const cameras = useCameraNames();
  const run = useTryAiModel(model.id);
  const [cameraId, setCameraId] = useState(model.assigned_camera_id ? String(model.assigned_camera_id) : '');
  const result = run.data;
  return (
    <section
      aria-labelledby="try-model-title"
      className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
    >
      <h2 id="try-model-title" className="text-lg font-semibold">
        Try it
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <SelectField
            label="Camera to try on"
            name="try-camera"
            value={cameraId}
            onChange={(event) => setCameraId(event.target.value)}
            options={[
              { value: '', label: 'Choose a camera' },
              ...[...cameras].map(([id, name]) => ({ value: String(id), label: name })),
            ]}
          />
        </div>
        <Button
          tone="primary"
          disabled={cameraId === '' || run.isPending}
          onClick={() => run.mutate(Number(cameraId))}
        >
          {run.isPending ? 'Running…' : 'Run on a snapshot'}
        </Button>
      </div>
      <FormError message={run.error?.message} />
      {result && (
        <div role="status" aria-label="Try-it result" className="space-y-2 text-sm">
          <p>
            {[
              result.count !== null ? `${result.count} ${result.label ?? 'found'}` : result.label,
              result.confidence !== null ? `${Math.round(result.confidence * 100)}%` : null,
              result.latency_ms !== null ? `${result.latency_ms} ms` : null,
              `by ${result.adapter}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {result.caption && <p className="italic">{result.caption}</p>}
          <FrameWithBoxes
            src={result.image}
            alt="The snapshot the model analysed"
            boxes={result.detections}
          />
        </div>
      )}
    </section>
  );
}
