import { useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { activityBands, activityGapSeconds, type TimelineBand } from './bands';
import { fittedView } from './fit';
import { useActivity, useCoverage, useCoverages, useIncidentBands } from './queries';
import { ticks, type TimeRange } from './Timeline';
import {
  MINUTE,
  ZOOM_LEVELS,
  clamp,
  dayEnd,
  dayKey,
  dayLabel,
  dayStart,
  durationLabel,
  parseDayKey,
  timeLabel,
} from './time';

const LEVELS = ZOOM_LEVELS.map((level) => level.span);
/** The rows are about this wide on a laptop: the spans and bands are merged to about a pixel of it. */
const DRAWN_WIDTH_PX = 1000;

const BAND_STYLE: Record<'alert' | 'incident' | 'motion', { name: string; className: string }> = {
  alert: { name: 'Alert incident', className: 'bg-red-600 dark:bg-red-500' },
  incident: { name: 'Incident', className: 'bg-amber-500 dark:bg-amber-400' },
  motion: { name: 'Motion', className: 'bg-teal-600 dark:bg-teal-400' },
};

/** Where a row's moment links: that camera's recordings with the playhead there. */
const momentLink = (cameraId: number, ms: number) => `/recordings/${cameraId}?t=${Math.round(ms)}`;

/**
 * /recordings: one day of every camera the user may view, a row each — recorded spans, incidents and motion on
 * one time axis that opens on the day's footage (fit.ts) — and a click on a row's moment opens that camera's
 * recordings at that instant. `?day=2026-11-24` keeps the day (the viewer's local day).
 */
export function DayOverview({ cameras }: { cameras: readonly { id: number; name: string }[] }) {
  const [search, setSearch] = useSearchParams();
  const [todayStartMs] = useState(() => dayStart(Date.now()));
  const dayStartMs = parseDayKey(search.get('day')) ?? todayStartMs;
  const day = useMemo(() => ({ startMs: dayStartMs, endMs: dayEnd(dayStartMs) }), [dayStartMs]);
  const showDay = (startMs: number) =>
    setSearch(startMs === todayStartMs ? {} : { day: dayKey(startMs) }, { replace: true });

  // Where the day's footage is, over all the cameras: the axis opens on it.
  const ids = useMemo(() => cameras.map((camera) => camera.id), [cameras]);
  const dayGapSeconds = Math.ceil((day.endMs - day.startMs) / DRAWN_WIDTH_PX / 1000);
  const coverages = useCoverages(ids, day.startMs, day.endMs, dayGapSeconds);
  const known = coverages.every((query) => query.data !== undefined || query.isError);
  const firstFootage = new Map(
    coverages.map((query, index) => {
      const first = query.data?.spans[0];
      return [ids[index]!, first ? Math.max(day.startMs, Date.parse(first.start_time)) : null];
    }),
  );
  const fit = known
    ? fittedView(
        coverages.flatMap((query) =>
          (query.data?.spans ?? []).map((span) => ({
            startMs: Date.parse(span.start_time),
            endMs: Date.parse(span.end_time),
          })),
        ),
        day,
        LEVELS,
      )
    : null;
  // The person's zoom, from the fitted level on (reset with the day).
  const [zoomChange, setZoomChange] = useState({ dayStartMs, by: 0 });
  const by = zoomChange.dayStartMs === dayStartMs ? zoomChange.by : 0;
  const zoom = fit ? clamp(fit.zoom + by, 0, ZOOM_LEVELS.length - 1) : null;
  const zoomBy = (direction: 1 | -1) =>
    fit &&
    setZoomChange({ dayStartMs, by: clamp(fit.zoom + by + direction, 0, ZOOM_LEVELS.length - 1) - fit.zoom });
  let view: TimeRange | null = null;
  if (fit && zoom !== null) {
    const span = Math.min(LEVELS[zoom]!, day.endMs - day.startMs);
    const startMs = clamp(Math.round(fit.centerMs - span / 2), day.startMs, day.endMs - span);
    view = { startMs, endMs: startMs + span };
  }
  const coverageError = coverages.find((query) => query.isError)?.error;

  return (
    <section aria-labelledby="day-overview-title" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="day-overview-title" className="mr-auto font-semibold">
          All cameras, {dayLabel(day.startMs)}
        </h2>
        <Button tone="quiet" onClick={() => showDay(dayStart(day.startMs - 1))}>
          Previous day
        </Button>
        <Button tone="quiet" onClick={() => showDay(day.endMs)} disabled={day.startMs >= todayStartMs}>
          Next day
        </Button>
        <span className="flex items-center gap-2">
          <Button aria-label="Zoom out" onClick={() => zoomBy(-1)} disabled={zoom === null || zoom === 0}>
            −
          </Button>
          <span className="w-24 text-center text-sm tabular-nums" aria-live="polite">
            {zoom === null ? '…' : ZOOM_LEVELS[zoom]!.label}
          </span>
          <Button
            aria-label="Zoom in"
            onClick={() => zoomBy(1)}
            disabled={zoom === null || zoom === ZOOM_LEVELS.length - 1}
          >
            +
          </Button>
        </span>
      </div>
      {coverageError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The recorded spans could not be loaded: {coverageError.message}{' '}
          <button
            type="button"
            className="underline"
            onClick={() => void Promise.all(coverages.map((query) => query.refetch()))}
          >
            Try again
          </button>
        </p>
      )}
      <div aria-busy={view === null}>
        {view && <Axis view={view} dayStartMs={day.startMs} />}
        <ul className="space-y-3">
          {cameras.map((camera) => (
            <li key={camera.id}>
              <CameraDay camera={camera} view={view} firstFootageMs={firstFootage.get(camera.id) ?? null} />
            </li>
          ))}
        </ul>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Blue: recorded; above it, red: an incident with an alert, amber: an incident, teal: motion. Click a
        row to open that camera's recordings at that moment, or choose a camera's name or an incident or
        motion.
      </p>
    </section>
  );
}

/** The time axis over the rows: labels on round local times. */
function Axis({ view, dayStartMs }: { view: TimeRange; dayStartMs: number }) {
  const span = view.endMs - view.startMs;
  const percent = (ms: number) => ((ms - view.startMs) / span) * 100;
  return (
    <div
      className="relative mb-1 h-5 overflow-hidden text-xs text-slate-600 tabular-nums dark:text-slate-300"
      aria-hidden="true"
    >
      {ticks(view, dayStartMs)
        .filter((at) => percent(at) > 4 && percent(at) < 96)
        .map((at) => (
          <span key={at} className="absolute -translate-x-1/2" style={{ left: `${percent(at)}%` }}>
            {timeLabel(at).slice(0, span <= 2 * MINUTE ? 8 : 5)}
          </span>
        ))}
    </div>
  );
}

/** One camera's row: its name (opens its first footage of the day), its incidents and motion, its recorded spans. */
function CameraDay({
  camera,
  view,
  firstFootageMs,
}: {
  camera: { id: number; name: string };
  view: TimeRange | null;
  firstFootageMs: number | null;
}) {
  const navigate = useNavigate();
  const bar = useRef<HTMLDivElement>(null);
  const startMs = view?.startMs ?? 0;
  const endMs = view?.endMs ?? 1;
  const span = endMs - startMs;
  const msPerPixel = span / DRAWN_WIDTH_PX;
  const coverage = useCoverage(camera.id, startMs, endMs, Math.max(1, Math.floor(msPerPixel / 1000)), !!view);
  const motion = useActivity(
    camera.id,
    'motion',
    startMs,
    endMs,
    activityGapSeconds('motion', msPerPixel),
    !!view,
  );
  const incidents = useIncidentBands(camera.id, startMs, endMs, msPerPixel, !!view);
  const bands = useMemo(
    () => [...incidents.bands, ...activityBands(motion.data ?? [], 'motion')],
    [incidents.bands, motion.data],
  );
  const percent = (ms: number) => clamp(((ms - startMs) / span) * 100, 0, 100);
  const spans = (coverage.data?.spans ?? []).map((recorded) => ({
    startMs: Date.parse(recorded.start_time),
    endMs: Date.parse(recorded.end_time),
  }));
  const recordedMs = spans.reduce(
    (sum, recorded) =>
      sum + Math.max(0, Math.min(recorded.endMs, endMs) - Math.max(recorded.startMs, startMs)),
    0,
  );
  const failed = [coverage, motion].find((query) => query.isError)?.error ?? incidents.error ?? undefined;

  /** A click on the bar: that camera's recordings at the instant under the pointer. */
  const openAt = (event: MouseEvent<HTMLDivElement>) => {
    const box = bar.current!.getBoundingClientRect();
    void navigate(
      momentLink(camera.id, startMs + clamp((event.clientX - box.left) / box.width, 0, 1) * span),
    );
  };
  const band = (item: TimelineBand) => {
    const style = BAND_STYLE[item.kind as keyof typeof BAND_STYLE];
    const when =
      item.endMs - item.startMs < 1000
        ? timeLabel(item.startMs)
        : `${timeLabel(item.startMs)} to ${timeLabel(item.endMs)}`;
    const left = percent(item.startMs);
    return (
      <Link
        key={item.key}
        to={momentLink(camera.id, Math.max(item.startMs, startMs))}
        data-band={item.kind}
        data-start-ms={item.startMs}
        aria-label={`${camera.name}: ${style.name} ${when}: ${item.text}`}
        title={`${when} ${item.text}`}
        className={`absolute inset-y-0 min-w-1.5 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-1 ${style.className}`}
        style={{ left: `${left}%`, width: `${percent(item.endMs) - left}%` }}
      />
    );
  };
  const shown = view ? bands.filter((item) => item.endMs >= startMs && item.startMs <= endMs) : [];

  return (
    <div className="space-y-1" data-camera-row={camera.id}>
      <div className="flex flex-wrap items-baseline gap-x-3 text-sm">
        <Link
          to={firstFootageMs === null ? `/recordings/${camera.id}` : momentLink(camera.id, firstFootageMs)}
          className="font-medium underline"
        >
          {camera.name}
        </Link>
        <span className="text-slate-600 dark:text-slate-300">
          {!view || coverage.isPending
            ? 'Loading…'
            : recordedMs === 0
              ? 'Nothing recorded in the time shown'
              : `${durationLabel(recordedMs)} recorded in the time shown`}
        </span>
        {failed && (
          <span role="alert" className="text-red-700 dark:text-red-300">
            Not all of it could be loaded: {failed.message}
          </span>
        )}
      </div>
      <div className="relative h-2.5 overflow-hidden" role="group" aria-label={`${camera.name}: incidents`}>
        {shown.filter((item) => item.kind !== 'motion').map(band)}
      </div>
      <div className="relative h-2 overflow-hidden" role="group" aria-label={`${camera.name}: motion`}>
        {shown.filter((item) => item.kind === 'motion').map(band)}
      </div>
      {/* A pointer's shortcut to a moment; from the keyboard, the name and the bands above open the camera. */}
      <div
        ref={bar}
        aria-hidden="true"
        data-view-start={startMs}
        data-view-end={endMs}
        onClick={openAt}
        className="relative h-6 cursor-pointer overflow-hidden rounded-md border border-slate-300 bg-slate-100 dark:border-slate-700 dark:bg-slate-800"
      >
        {view &&
          spans.map((recorded) => (
            <div
              key={recorded.startMs}
              data-span-start={recorded.startMs}
              className="absolute inset-y-0 bg-sky-600 dark:bg-sky-500"
              style={{
                left: `${percent(recorded.startMs)}%`,
                width: `${Math.max(0.2, percent(recorded.endMs) - percent(recorded.startMs))}%`,
              }}
            />
          ))}
      </div>
    </div>
  );
}
