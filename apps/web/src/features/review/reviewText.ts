// Incidents in words: the day they belong to, how long they lasted, what was seen.
import type { ReviewItem } from '../../api/types';

/** The local calendar day of an instant, as a key ("2026-11-28"). */
export function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** "Today", "Yesterday", or "Friday, 27 November" (the year when it is not this one). */
export function dayHeading(ms: number, now = Date.now()): string {
  const key = dayKey(ms);
  if (key === dayKey(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (key === dayKey(yesterday.getTime())) return 'Yesterday';
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  return new Date(ms).toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** Incidents (newest first) in runs of one local day each, newest day first. */
export function byDay(items: readonly ReviewItem[]): { key: string; heading: string; items: ReviewItem[] }[] {
  const groups: { key: string; heading: string; items: ReviewItem[] }[] = [];
  const now = Date.now();
  for (const item of items) {
    const start = Date.parse(item.start_time);
    const key = dayKey(start);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, heading: dayHeading(start, now), items: [item] });
  }
  return groups;
}

/** "14:03:05" in the viewer's time zone. */
export function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** "42 s", "3 min 5 s", "1 h 2 min", or "ongoing" while the incident is still open. */
export function duration(item: Pick<ReviewItem, 'start_time' | 'end_time'>): string {
  if (item.end_time === null) return 'ongoing';
  const total = Math.max(0, Math.round((Date.parse(item.end_time) - Date.parse(item.start_time)) / 1000));
  if (total < 60) return `${total} s`;
  if (total < 3600) return `${Math.floor(total / 60)} min ${total % 60} s`;
  return `${Math.floor(total / 3600)} h ${Math.floor((total % 3600) / 60)} min`;
}

/** What was seen, for names and alt texts: "person and car", or "something" when no label is known yet. */
export function seen(item: Pick<ReviewItem, 'labels'>): string {
  if (item.labels.length === 0) return 'something';
  if (item.labels.length === 1) return item.labels[0]!;
  return `${item.labels.slice(0, -1).join(', ')} and ${item.labels.at(-1)!}`;
}
