import { Button } from '../../components/Button';
import type { TimeRange } from './Timeline';
import { useIntegrity } from './queries';
import { timeLabel } from './time';

const PROBLEM_LABEL: Record<string, string> = {
  altered: 'altered (its bytes changed)',
  missing: 'missing',
  unchained: 'not in the evidence chain (recorded before it existed)',
};

/**
 * The integrity of the footage of a range: a "verified" badge when every stored chunk matches its signed evidence
 * chain, a warning naming each chunk that does not (and a broken chain) otherwise. Deleted chunks are listed with
 * why and by whom: explained, not faults.
 */
export function IntegrityPanel({ cameraId, range }: { cameraId: number; range: TimeRange }) {
  const check = useIntegrity(cameraId, range.startMs, range.endMs);
  const report = check.data;
  const problems = report?.chunks.filter((chunk) => chunk.status in PROBLEM_LABEL) ?? [];
  const deleted = report?.chunks.filter((chunk) => chunk.status === 'deleted') ?? [];
  const checked = report ? report.counts.ok : 0;
  return (
    <section
      aria-labelledby="integrity-title"
      className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="integrity-title" className="text-sm font-semibold">
          Integrity, {timeLabel(range.startMs)}–{timeLabel(range.endMs)}
        </h2>
        <Button tone="quiet" onClick={() => void check.refetch()} disabled={check.isFetching}>
          {check.isFetching ? 'Checking…' : 'Check again'}
        </Button>
      </div>
      {check.isPending && <p role="status">Re-hashing the stored footage…</p>}
      {check.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The check failed: {check.error.message}
        </p>
      )}
      {report?.verified && (
        <p
          role="status"
          data-testid="integrity-verified"
          className="inline-flex rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100"
        >
          ✓ Verified: {checked} chunk{checked === 1 ? '' : 's'} match{checked === 1 ? 'es' : ''} the signed
          evidence chain
        </p>
      )}
      {report && !report.verified && (
        <div
          role="alert"
          data-testid="integrity-warning"
          className="space-y-1 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">Stored footage does not match its evidence chain</p>
          <ul className="list-disc pl-5">
            {problems.map((chunk) => (
              <li key={`${chunk.seq}-${chunk.start_time}`}>
                Chunk of {timeLabel(Date.parse(chunk.start_time))}: {PROBLEM_LABEL[chunk.status]}
              </li>
            ))}
            {report.chain.problem && <li>The chain: {report.chain.problem}</li>}
          </ul>
        </div>
      )}
      {report && report.chunks.length === 0 && <p className="text-sm">No stored footage in this range.</p>}
      {deleted.length > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {deleted.length} chunk{deleted.length === 1 ? ' was' : 's were'} deleted here (
          {[...new Set(deleted.map((chunk) => `${chunk.reason ?? '?'} by ${chunk.actor ?? '?'}`))].join(', ')}
          ).
        </p>
      )}
    </section>
  );
}
