// Events in words for the lists: what happened, and when.
import { isEventOf, type EventType, type LiveEvent } from '../../lib/eventStream';

// Typed by the recorder's list (generated from its OpenAPI document): a new event type fails the build until it
// has a title here.
const TITLES: Record<EventType, string> = {
  detection: 'Detection',
  'alert.created': 'Alert raised',
  'alert.updated': 'Alert updated',
  'alert.acknowledged': 'Alerts acknowledged',
  'camera.online': 'Camera online',
  'camera.offline': 'Camera offline',
  'recording.started': 'Recording started',
  'recording.failed': 'Recording failed',
  'storage.error': 'Storage error',
  'storage.unavailable': 'Recordings volume unavailable',
  'storage.available': 'Recordings volume back',
  'adapter.model_changed': 'AI model changed',
  'adapter.unavailable': 'AI adapter unavailable',
  'job.updated': 'Job updated',
  'motion.start': 'Motion started',
  'motion.end': 'Motion ended',
  'zone.enter': 'Entered a zone',
  'zone.exit': 'Left a zone',
  'review.opened': 'Incident began',
  'review.updated': 'Incident updated',
  'review.closed': 'Incident ended',
};

export function eventTitle(event: LiveEvent): string {
  return TITLES[event.type as EventType] ?? event.type;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** One line of detail, when the event carries any. */
export function eventDetail(event: LiveEvent): string | null {
  if (isEventOf(event, 'alert.created', 'alert.updated')) return event.data.alert.title;
  if (isEventOf(event, 'alert.acknowledged')) {
    const n = event.data.ids.length;
    return `${n} alert${n === 1 ? '' : 's'} by ${event.data.acknowledged_by}`;
  }
  if (isEventOf(event, 'detection')) {
    const { model_name, label, count, names } = event.data;
    // A face the library knows is worth more than a count: the people recognised, by name.
    const what =
      names && names.length > 0
        ? `recognised ${names.join(', ')}`
        : typeof count === 'number'
          ? `${count} found`
          : (label ?? null);
    return [model_name, what].filter(Boolean).join(': ') || null;
  }
  if (isEventOf(event, 'zone.enter', 'zone.exit')) {
    const { zone, label } = event.data;
    const what = `${label ?? 'Something'} ${event.type === 'zone.enter' ? 'entered' : 'left'} ${zone ?? 'a zone'}`;
    const dwell = isEventOf(event, 'zone.exit') ? event.data.dwell_ms : undefined;
    return typeof dwell === 'number' ? `${what} after ${seconds(dwell)}` : what;
  }
  if (isEventOf(event, 'motion.end') && typeof event.data.duration_ms === 'number') {
    return `After ${seconds(event.data.duration_ms)} of motion`;
  }
  if (isEventOf(event, 'review.opened', 'review.closed') && typeof event.data.review_id === 'number') {
    return `Incident ${event.data.review_id}`;
  }
  return text(event.data.error) ?? text(event.data.reason) ?? text(event.data.adapter) ?? null;
}

/** When what the event tells of was seen (motion and zones say when their picture was taken), unix ms. */
export function eventInstant(event: LiveEvent): number {
  return typeof event.data.at === 'number' ? event.data.at : Date.parse(event.timestamp);
}

/** The events that happen inside an incident (what it saw, and the incident's own), by type. */
const INCIDENT_EVENTS = new Set([
  'detection',
  'motion.start',
  'motion.end',
  'zone.enter',
  'zone.exit',
  'alert.created',
  'alert.updated',
  'review.opened',
  'review.updated',
  'review.closed',
]);

/** The camera and instant an event of an incident is about (null for the other events, and system events). */
export function incidentMoment(event: LiveEvent): { cameraId: number; at: number } | null {
  if (event.camera_id === null || !INCIDENT_EVENTS.has(event.type)) return null;
  return { cameraId: event.camera_id, at: eventInstant(event) };
}

/** "42 s", "3 min 5 s" */
function seconds(ms: number): string {
  const total = Math.round(ms / 1000);
  return total < 60 ? `${total} s` : `${Math.floor(total / 60)} min ${total % 60} s`;
}

/** "24 Nov, 14:03:05" in the viewer's time zone (the date so that yesterday's events are not mistaken). */
export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}
