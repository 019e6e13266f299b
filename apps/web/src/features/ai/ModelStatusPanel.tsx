import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { Spinner } from '../../components/Spinner';
import { dateTime } from '../events/eventText';
import { useAiModelStatus, useUpdateAiModel, type AiModel } from './queries';
import { StateBadge } from './StateBadge';

/** What the detection loop says about a model, and the start/stop switch (for recordings: the analysis). */
export function ModelStatusPanel({ model }: { model: AiModel }) {
  const recording = model.source_type === 'recording';
  const status = useAiModelStatus(model.id, recording && model.enabled);
  const update = useUpdateAiModel(model.id);
  const what = recording ? 'analysis of the recordings' : 'analysis';
  return (
    <section
      aria-labelledby="status-title"
      className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="status-title" className="text-lg font-semibold">
          Status
        </h2>
        {/* The recorder calls a stopped model idle; the person stopped it, so it says so. */}
        {status.data && <StateBadge state={model.enabled ? status.data.state : 'stopped'} />}
        <Button
          className="ml-auto"
          tone={model.enabled ? 'secondary' : 'primary'}
          disabled={update.isPending}
          onClick={() => update.mutate({ enabled: !model.enabled })}
        >
          {model.enabled ? `Stop ${what}` : `Start ${what}`}
        </Button>
      </div>
      <FormError message={update.error?.message} />
      {status.isPending ? (
        <Spinner label="Loading the status…" />
      ) : status.isError ? (
        <ErrorState message={status.error.message} onRetry={() => void status.refetch()} />
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {status.data.waiting_for_motion && (
            <>
              <dt className="text-slate-600 dark:text-slate-300">Now</dt>
              <dd data-testid="waiting-for-motion">
                Waiting for motion: this model runs while its camera sees movement (config trigger)
              </dd>
            </>
          )}
          <dt className="text-slate-600 dark:text-slate-300">Runs</dt>
          <dd data-testid="model-runs">{status.data.runs}</dd>
          <dt className="text-slate-600 dark:text-slate-300">Failures</dt>
          <dd>{status.data.failures}</dd>
          <dt className="text-slate-600 dark:text-slate-300">Last run</dt>
          <dd>{status.data.last_run_at ? dateTime(status.data.last_run_at) : 'not yet'}</dd>
          <dt className="text-slate-600 dark:text-slate-300">Last error</dt>
          <dd className="break-words">{status.data.last_error ?? 'none'}</dd>
          {status.data.progress && (
            <>
              <dt className="text-slate-600 dark:text-slate-300">Progress</dt>
              <dd>
                <progress
                  aria-label="Recordings analysed"
                  className="w-40 align-middle"
                  max={Math.max(1, status.data.progress.files_total)}
                  value={status.data.progress.files_done}
                />{' '}
                {status.data.progress.files_done} of {status.data.progress.files_total} files,{' '}
                {status.data.progress.frames_analysed} frames
                {status.data.progress.completed ? ' · completed' : model.enabled ? '' : ' · stopped'}
              </dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
