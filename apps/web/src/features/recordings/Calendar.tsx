import { useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { useCoverage } from './queries';
import { DAY_SECONDS, dayEnd, dayKey, dayStart } from './time';

/** Footage shorter than this apart counts as one stretch: the calendar only asks which days have any. */
const CALENDAR_GAP_SECONDS = 600;
/** The coverage API answers at most 31 days at once: a month fits. */
const MAX_RANGE_MS = 31 * DAY_SECONDS * 1000;

function monthStart(ms: number): Date {
  const date = new Date(dayStart(ms));
  date.setDate(1);
  return date;
}

/**
 * A month of days, each saying whether the camera recorded anything on it (drawn from the merged spans, in the
 * viewer's time zone); choosing a day shows it on the timeline.
 */
export function Calendar({
  cameraId,
  selectedDayMs,
  onChoose,
  deferred = false,
}: {
  cameraId: number;
  selectedDayMs: number;
  onChoose: (dayStartMs: number, firstFootageMs: number | null) => void;
  /** wait before asking for the month (the timeline's own spans go first) */
  deferred?: boolean;
}) {
  const [month, setMonth] = useState(() => monthStart(selectedDayMs).getTime());
  const startMs = month;
  const next = new Date(month);
  next.setMonth(next.getMonth() + 1);
  const nextMonthMs = next.getTime();
  const endMs = Math.min(nextMonthMs, startMs + MAX_RANGE_MS);
  const coverage = useCoverage(cameraId, startMs, endMs, CALENDAR_GAP_SECONDS, !deferred);

  // Each day of the month with the first instant of footage on it (null: none).
  const days = useMemo(() => {
    const out: { startMs: number; firstMs: number | null }[] = [];
    for (let at = startMs; at < nextMonthMs; at = dayEnd(at)) {
      const end = dayEnd(at);
      const first = (coverage.data?.spans ?? []).find(
        (span) => Date.parse(span.start_time) < end && Date.parse(span.end_time) > at,
      );
      out.push({ startMs: at, firstMs: first ? Math.max(at, Date.parse(first.start_time)) : null });
    }
    return out;
  }, [coverage.data, startMs, nextMonthMs]);

  const shift = (months: number) => {
    const date = new Date(month);
    date.setMonth(date.getMonth() + months);
    setMonth(date.getTime());
  };
  const title = new Date(month).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
  // Monday-first weeks: blank cells before the 1st.
  const leading = (new Date(month).getDay() + 6) % 7;
  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((day) =>
    new Date(2024, 0, day).toLocaleDateString(undefined, { weekday: 'narrow' }),
  );

  return (
    <section aria-labelledby="calendar-title" className="space-y-2">
      <div className="flex items-center gap-2">
        <Button tone="quiet" aria-label="Previous month" onClick={() => shift(-1)}>
          ‹
        </Button>
        <h2 id="calendar-title" className="flex-1 text-center text-sm font-semibold" aria-live="polite">
          {title}
        </h2>
        <Button tone="quiet" aria-label="Next month" onClick={() => shift(1)}>
          ›
        </Button>
      </div>
      {coverage.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {coverage.error.message}
        </p>
      )}
      <div
        className="grid grid-cols-7 gap-1 text-center text-xs"
        aria-busy={coverage.isPending || coverage.isFetching}
      >
        {weekdays.map((name, index) => (
          <span key={index} aria-hidden="true" className="text-slate-500 dark:text-slate-400">
            {name}
          </span>
        ))}
        {Array.from({ length: leading }, (_, index) => (
          <span key={`blank-${index}`} />
        ))}
        {days.map((day) => {
          const date = new Date(day.startMs);
          const chosen = dayKey(day.startMs) === dayKey(selectedDayMs);
          const label = `${date.toLocaleDateString(undefined, { day: 'numeric', month: 'long' })}, ${
            day.firstMs === null ? 'no recordings' : 'has recordings'
          }`;
          return (
            <button
              key={day.startMs}
              type="button"
              aria-label={label}
              aria-pressed={chosen}
              data-day={dayKey(day.startMs)}
              data-has-footage={day.firstMs !== null}
              onClick={() => onChoose(day.startMs, day.firstMs)}
              className={`flex flex-col items-center rounded-md py-1 tabular-nums ${
                chosen ? 'bg-sky-700 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'
              } ${day.firstMs === null && !chosen ? 'text-slate-500 dark:text-slate-400' : 'font-semibold'}`}
            >
              {date.getDate()}
              {/* A dot as well as the weight: never colour alone. */}
              <span aria-hidden="true" className="h-2 leading-none">
                {day.firstMs !== null ? '•' : ''}
              </span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
