/** A stored time ("2026-11-24T08:40:00Z") in the viewer's locale and time zone; a dash for none. */
export function dateTime(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/** The card every administration panel sits in. */
export const CARD =
  'space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

export const MUTED = 'text-sm text-slate-600 dark:text-slate-300';

/** "1.4 GB": bytes in binary units, as disks are usually spoken of. */
export function byteSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
