import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { MUTED, byteSize } from './format';
import { useRecordingUsage } from './queries';

/** What the recordings take and what is left on their disk, against the floor retention keeps free. */
export function DiskUsage() {
  const usage = useRecordingUsage();
  if (usage.isPending) return <Spinner label="Reading the disk use…" />;
  if (usage.isError) return <ErrorState message={usage.error.message} onRetry={() => void usage.refetch()} />;
  const { recordings_bytes, volume_total_bytes, volume_free_bytes, min_free_bytes, below_floor } = usage.data;
  const total = volume_total_bytes ?? 0;
  const free = volume_free_bytes ?? 0;
  const percent = (bytes: number) => (total > 0 ? Math.min(100, (bytes / total) * 100) : 0);
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold">Disk use</h3>
      {total > 0 && (
        // The bar repeats the sentence below for the eye: recordings, other use, free (floor marked).
        <div
          aria-hidden="true"
          className="relative h-3 overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
        >
          <div
            className="absolute inset-y-0 left-0 bg-sky-600"
            style={{ width: `${percent(recordings_bytes)}%` }}
          />
          <div
            className="absolute inset-y-0 right-0 bg-emerald-500/60"
            style={{ width: `${percent(free)}%` }}
          />
          <div
            className="absolute inset-y-0 w-0.5 bg-red-700"
            style={{ right: `${percent(min_free_bytes)}%` }}
          />
        </div>
      )}
      <p className="text-sm">
        Recordings take <strong>{byteSize(recordings_bytes)}</strong>.{' '}
        {volume_free_bytes === null || volume_total_bytes === null
          ? 'The free space of their disk cannot be read.'
          : `Free on their disk: ${byteSize(free)} of ${byteSize(total)}.`}{' '}
        Kept free: at least {byteSize(min_free_bytes)}.
      </p>
      {below_floor && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          The disk has less free space than the floor: the oldest recordings are being deleted to make room.
        </p>
      )}
      <p className={MUTED}>Blue: recordings · green: free · red line: the floor.</p>
    </div>
  );
}
