// Time on the recordings screen: local calendar days (the viewer's time zone, DST included: a day is from one
// local midnight to the next, 23 to 25 hours), the timeline's zoom levels, and how instants are written.

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY_SECONDS = 24 * 3600;

/** What the timeline can show at once, widest first: a whole day down to one minute. */
export const ZOOM_LEVELS = [
  { span: 24 * HOUR, label: '24 hours' },
  { span: 12 * HOUR, label: '12 hours' },
  { span: 6 * HOUR, label: '6 hours' },
  { span: 2 * HOUR, label: '2 hours' },
  { span: HOUR, label: '1 hour' },
  { span: 30 * MINUTE, label: '30 minutes' },
  { span: 10 * MINUTE, label: '10 minutes' },
  { span: 5 * MINUTE, label: '5 minutes' },
  { span: MINUTE, label: '1 minute' },
] as const;

/** Local midnight at the start of the day that holds `ms`. */
export function dayStart(ms: number): number {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** Local midnight at the end of the day that holds `ms` (the next day's start). */
export function dayEnd(ms: number): number {
  const date = new Date(dayStart(ms));
  date.setDate(date.getDate() + 1);
  return date.getTime();
}

/** "2026-11-24" of the local day that holds `ms`. */
export function dayKey(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of a "2026-11-24" (dayKey) day, or null for text that is not one. */
export function parseDayKey(text: string | null): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayKey(date.getTime()) === text ? date.getTime() : null;
}

/** "Tuesday, 24 November 2026" */
export function dayLabel(ms: number): string {
  return new Date(ms).toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** "14:03:05" (with tenths when `precise`) in the viewer's time zone. */
export function timeLabel(ms: number, precise = false): string {
  const text = new Date(ms).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return precise ? `${text}.${Math.floor((ms % 1000) / 100)}` : text;
}

/** "15 s", "2 min 5 s", "1 h 20 min" */
export function durationLabel(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

export const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
