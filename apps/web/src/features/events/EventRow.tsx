import { Link } from 'react-router';
import type { ReviewItem } from '../../api/types';
import type { LiveEvent } from '../../lib/eventStream';
import { SeverityBadge } from '../alerts/SeverityBadge';
import { IncidentLink } from '../review/IncidentLink';
import { footageAt } from '../recordings/footageLink';
import { dateTime, eventDetail, eventInstant, eventTitle, incidentMoment } from './eventText';

/**
 * One event of a list: when, how bad, what, which camera (a link, unless the list is one camera's), from where,
 * the incident it belongs to (its thumbnail, to its clip) and the camera's footage of that moment.
 */
export function EventRow({
  event,
  cameraName,
  showCamera = true,
  incident,
}: {
  event: LiveEvent;
  cameraName?: string | null | undefined;
  showCamera?: boolean;
  incident?: ReviewItem | undefined;
}) {
  const detail = eventDetail(event);
  return (
    <li data-event-id={event.id} className="flex gap-3 px-4 py-2 text-sm">
      {incident && <IncidentLink item={incident} />}
      <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3 gap-y-1">
        <time
          dateTime={event.timestamp}
          className="w-36 shrink-0 text-slate-600 tabular-nums dark:text-slate-300"
        >
          {dateTime(event.timestamp)}
        </time>
        {event.severity && <SeverityBadge severity={event.severity} />}
        <span className="font-medium">{eventTitle(event)}</span>
        {showCamera && event.camera_id !== null && (
          <Link to={`/cameras/${event.camera_id}`} className="text-sky-700 hover:underline dark:text-sky-400">
            {cameraName ?? `Camera ${event.camera_id}`}
          </Link>
        )}
        {detail && <span className="min-w-0 break-words text-slate-700 dark:text-slate-200">{detail}</span>}
        {incident && (
          <Link to={`/review/${incident.id}`} className="text-sky-700 hover:underline dark:text-sky-400">
            Incident
          </Link>
        )}
        {event.camera_id !== null && (
          <Link
            to={footageAt(event.camera_id, eventInstant(event))}
            aria-label={`Footage of ${eventTitle(event).toLowerCase()} at ${dateTime(event.timestamp)}`}
            className="text-sky-700 hover:underline dark:text-sky-400"
          >
            Footage
          </Link>
        )}
        <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">{event.source}</span>
      </div>
    </li>
  );
}

/** The incident an event belongs to, by the list's lookup (none for events outside incidents). */
export function incidentIn(
  event: LiveEvent,
  lookup: (moment: { cameraId: number; at: number }) => ReviewItem | undefined,
): ReviewItem | undefined {
  const moment = incidentMoment(event);
  return moment ? lookup(moment) : undefined;
}
