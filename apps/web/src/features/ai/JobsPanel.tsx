import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { Spinner } from '../../components/Spinner';
import { dateTime } from '../events/eventText';
import { useCancelCloudJob, useCloudJobs } from './queries';
import { StateBadge } from './StateBadge';

const ENDED = new Set(['succeeded', 'failed', 'cancelled']);

/** The caller's latest async jobs; their status follows the recorder's `job.updated` events. */
export function JobsPanel() {
  const jobs = useCloudJobs();
  const cancel = useCancelCloudJob();
  return (
    <section aria-labelledby="jobs-title" className="space-y-3">
      <h2 id="jobs-title" className="text-lg font-semibold">
        Jobs
      </h2>
      {jobs.isPending ? (
        <Spinner label="Loading the jobs…" />
      ) : jobs.isError ? (
        <ErrorState message={jobs.error.message} onRetry={() => void jobs.refetch()} />
      ) : jobs.data.jobs.length === 0 ? (
        <p className="text-sm">No job yet. &quot;Queue as job&quot; in the try-it panel starts one.</p>
      ) : (
        <ul
          aria-label="Jobs"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {jobs.data.jobs.map((job) => (
            <li key={job.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
              <StateBadge state={job.status} />
              <span>
                {job.provider} · {job.task}
              </span>
              <span className="text-slate-600 dark:text-slate-300">{dateTime(job.created_at)}</span>
              {job.error_message && (
                <span className="w-full break-words text-red-700 dark:text-red-300">{job.error_message}</span>
              )}
              {!ENDED.has(job.status) && (
                <Button className="ml-auto" disabled={cancel.isPending} onClick={() => cancel.mutate(job.id)}>
                  Cancel
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <FormError message={cancel.error?.message} />
    </section>
  );
}
