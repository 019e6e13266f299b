import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Severity } from '../../api/types';
import { ErrorState } from '../../components/ErrorState';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { SEVERITIES, SeverityFilterSelect } from '../alerts/SeverityBadge';
import { CameraFilterSelect, useCameraNames } from '../cameras/CameraFilterSelect';
import { EventRow, incidentIn } from './EventRow';
import { incidentMoment } from './eventText';
import { useIncidentsAt } from '../review/incidentsAt';
import { INITIAL_EVENTS } from './queries';
import { useEventFeed } from './useEventFeed';
import { LiveHeading } from './LiveHeading';

/**
 * Everything the recorder reports, as it happens: the newest stored events first, then each live event on top.
 * Filters (camera, severity, source) live in the URL, so a filtered view can be bookmarked or shared.
 */
export function EventsPage() {
  const [params, setParams] = useSearchParams();
  const cameraParam = Number(params.get('camera'));
  const cameraId = Number.isInteger(cameraParam) && cameraParam > 0 ? cameraParam : undefined;
  const severity = (SEVERITIES as string[]).includes(params.get('severity') ?? '')
    ? (params.get('severity') as Severity)
    : undefined;
  const source = params.get('source') ?? '';

  const { latest, events: all } = useEventFeed(cameraId);
  const cameraNames = useCameraNames();
  const sources = useMemo(
    () => [...new Set([...all.map((event) => event.source), ...(source ? [source] : [])])].sort(),
    [all, source],
  );
  const shown = all.filter(
    (event) =>
      (cameraId === undefined || event.camera_id === cameraId) &&
      (severity === undefined || event.severity === severity) &&
      (source === '' || event.source === source),
  );
  const filtered = cameraId !== undefined || severity !== undefined || source !== '';
  const incidentOf = useIncidentsAt(shown.flatMap((event) => incidentMoment(event) ?? []));

  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="events-title" className="mx-auto max-w-5xl space-y-4">
      <LiveHeading id="events-title" title="Events" />
      <form
        aria-label="Filter events"
        onSubmit={(event) => event.preventDefault()}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3"
      >
        <CameraFilterSelect value={cameraId} onChange={(value) => setFilter('camera', value)} />
        <SeverityFilterSelect value={severity} onChange={(value) => setFilter('severity', value)} />
        <SelectField
          label="Source"
          name="source"
          value={source}
          onChange={(event) => setFilter('source', event.target.value)}
          options={[{ value: '', label: 'Any source' }, ...sources.map((s) => ({ value: s, label: s }))]}
        />
      </form>

      {latest.isError && (
        <ErrorState
          message={`The stored events could not be loaded: ${latest.error.message} Live events still appear below.`}
          onRetry={() => void latest.refetch()}
        />
      )}
      {latest.isPending && all.length === 0 ? (
        <Spinner label="Loading events…" />
      ) : shown.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">
          {filtered
            ? 'No event matches these filters yet. New ones appear here as they happen.'
            : 'No events yet. New ones appear here as they happen.'}
        </p>
      ) : (
        <>
          <ol
            aria-label="Events, newest first"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          >
            {shown.map((event) => (
              <EventRow
                key={event.id}
                event={event}
                cameraName={event.camera_id === null ? null : cameraNames.get(event.camera_id)}
                incident={incidentIn(event, incidentOf)}
              />
            ))}
          </ol>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Showing the newest {INITIAL_EVENTS} stored events and every event since this screen opened.
          </p>
        </>
      )}
    </section>
  );
}
