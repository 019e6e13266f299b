/** A short coloured word for a state; green for the good ones, amber for waiting, red for failures. */
const GOOD = new Set(['enabled', 'available', 'running', 'ok', 'ready', 'succeeded']);
const BAD = new Set(['unavailable', 'error', 'failed', 'blocked', 'camera_offline', 'no_adapter']);

export function StateBadge({ state }: { state: string }) {
  const tone = GOOD.has(state)
    ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'
    : BAD.has(state)
      ? 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100'
      : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100';
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${tone}`}>
      {state.replace(/_/g, ' ')}
    </span>
  );
}
