import { Link } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { EventRow, incidentIn } from './EventRow';
import { incidentMoment } from './eventText';
import { useIncidentsAt } from '../review/incidentsAt';
import { useEventFeed } from './useEventFeed';

const SHOWN = 10;

/** A camera's newest events, kept current by the live stream, with the way to all of them. */
export function RecentEvents({ cameraId }: { cameraId: number }) {
  const { latest, events } = useEventFeed(cameraId);
  const shown = events.slice(0, SHOWN);
  const incidentOf = useIncidentsAt(shown.flatMap((event) => incidentMoment(event) ?? []));
  return (
    <section aria-labelledby="recent-events-title" className="space-y-2">
      <div className="flex items-baseline gap-3">
        <h2 id="recent-events-title" className="font-semibold">
          Recent events
        </h2>
        <Link
          to={`/events?camera=${cameraId}`}
          className="ml-auto text-sm text-sky-700 underline dark:text-sky-400"
        >
          All events of this camera
        </Link>
      </div>
      {latest.isError && <ErrorState message={latest.error.message} onRetry={() => void latest.refetch()} />}
      {latest.isPending && events.length === 0 ? (
        <Spinner label="Loading events…" />
      ) : events.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Nothing has happened on this camera yet.</p>
      ) : (
        <ol
          aria-label="Recent events, newest first"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {shown.map((event) => (
            <EventRow
              key={event.id}
              event={event}
              showCamera={false}
              incident={incidentIn(event, incidentOf)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
