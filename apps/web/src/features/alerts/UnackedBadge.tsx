import { Link } from 'react-router';
import { useUnacknowledgedCount } from './queries';

/**
 * The header's count of unacknowledged alerts, linking to them. Kept current by the event stream (alert.created
 * and alert.acknowledged refetch every ['alerts'] query: features/events/useLiveQueryUpdates.ts).
 */
export function UnackedBadge() {
  const count = useUnacknowledgedCount();
  const n = count.data;
  const label =
    n === undefined ? 'Unacknowledged alerts: unknown' : `${n} unacknowledged alert${n === 1 ? '' : 's'}`;
  return (
    <>
      <Link
        to="/alerts?acknowledged=false"
        aria-label={label}
        title={count.isError ? 'The alert count could not be loaded' : label}
        data-testid="unacked-badge"
        className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M10 2a5 5 0 0 0-5 5v3.6L3.3 13.3A1 1 0 0 0 4.1 15h11.8a1 1 0 0 0 .8-1.7L15 10.6V7a5 5 0 0 0-5-5Zm0 17a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 10 19Z" />
        </svg>
        <span
          aria-hidden="true"
          className={`min-w-6 rounded-full px-1.5 text-center text-xs ${
            n ? 'bg-red-700 text-white' : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
          }`}
        >
          {n === undefined ? '–' : n > 999 ? '999+' : n}
        </span>
      </Link>
      {/* Said politely to screen readers when the count changes. */}
      <span role="status" className="sr-only">
        {n === undefined ? '' : label}
      </span>
    </>
  );
}
