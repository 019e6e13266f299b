// Events in words for the lists: what happened, and when.
import { isEventOf, type LiveEvent } from '../../lib/eventStream';

const TITLES: Record<string, string> = {
  detection: 'Detection',
  'alert.created': 'Alert raised',
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
};

export function eventTitle(event: LiveEvent): string {
  return TITLES[event.type] ?? event.type;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** One line of detail, when the event carries any. */
export function eventDetail(event: LiveEvent): string | null {
  if (isEventOf(event, 'alert.created')) return event.data.alert.title;
  if (isEventOf(event, 'alert.acknowledged')) {
    const n = event.data.ids.length;
    return `${n} alert${n === 1 ? '' : 's'} by ${event.data.acknowledged_by}`;
  }
  if (isEventOf(event, 'detection')) {
    const { model_name, label, count } = event.data;
    const what = typeof count === 'number' ? `${count} found` : (label ?? null);
    return [model_name, what].filter(Boolean).join(': ') || null;
  }
  return text(event.data.error) ?? text(event.data.reason) ?? text(event.data.adapter) ?? null;
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
