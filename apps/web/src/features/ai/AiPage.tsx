import { Link } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { useCameraNames } from '../cameras/CameraFilterSelect';
import { AdaptersPanel } from './AdaptersPanel';
import { AiNav } from './AiNav';
import { useAiModels } from './queries';
import { StateBadge } from './StateBadge';

/** The AI overview: the adapters that do the work and the models that tell them what to analyse. */
export function AiPage() {
  return (
    <section aria-labelledby="ai-title" className="mx-auto max-w-5xl space-y-4">
      <h1 id="ai-title" className="text-xl font-semibold">
        AI
      </h1>
      <AiNav />
      <AdaptersPanel />
      <ModelsList />
    </section>
  );
}

function ModelsList() {
  const models = useAiModels();
  const cameras = useCameraNames();
  return (
    <section aria-labelledby="models-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="models-title" className="text-lg font-semibold">
          AI models
        </h2>
        <ButtonLink to="/ai/models/new" tone="primary">
          Add AI model
        </ButtonLink>
      </div>
      {models.isPending ? (
        <Spinner label="Loading the AI models…" />
      ) : models.isError ? (
        <ErrorState message={models.error.message} onRetry={() => void models.refetch()} />
      ) : models.data.models.length === 0 ? (
        <p className="text-sm">
          No AI model yet. Add one to analyse a camera&apos;s picture (or its recordings) with an
          adapter&apos;s task.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {models.data.models.map((model) => (
            <li key={model.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
              <Link
                to={`/ai/models/${model.id}`}
                className="font-medium text-sky-700 hover:underline dark:text-sky-400"
              >
                {model.name}
              </Link>
              <span className="text-sm">{model.task}</span>
              <span className="text-sm text-slate-600 dark:text-slate-300">
                {model.assigned_camera_id === null
                  ? 'no camera'
                  : (cameras.get(model.assigned_camera_id) ?? `camera ${model.assigned_camera_id}`)}
                {' · '}
                {model.source_type === 'recording'
                  ? 'recordings'
                  : `every ${model.inference_interval ?? 2} s`}
              </span>
              <StateBadge state={model.enabled ? 'enabled' : 'stopped'} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
