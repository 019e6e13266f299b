import { useEventStreamStatus } from '../../lib/eventStream';

/**
 * Says when live updates are not flowing. While reconnecting, what is shown stays as it was; once back, the
 * events missed meanwhile are replayed into the list (nothing is lost, nothing shown twice).
 */
export function StreamStatusNotice() {
  const status = useEventStreamStatus();
  return (
    <p role="status" className="text-sm">
      {status === 'live' ? (
        <span
          data-testid="stream-live"
          className="inline-flex items-center gap-2 text-emerald-800 dark:text-emerald-300"
        >
          <span aria-hidden="true" className="size-2 rounded-full bg-emerald-600" />
          Live
        </span>
      ) : (
        <span
          data-testid="stream-reconnecting"
          className="inline-flex items-center gap-2 rounded-md bg-amber-100 px-2 py-1 text-amber-950 dark:bg-amber-900 dark:text-amber-50"
        >
          <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-amber-600" />
          {status === 'connecting'
            ? 'Connecting to live updates…'
            : 'Reconnecting to live updates… events from the outage will be filled in.'}
        </span>
      )}
    </p>
  );
}
