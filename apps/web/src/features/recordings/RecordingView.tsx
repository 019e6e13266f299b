import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { useToast } from '../../components/Toast';
import { Calendar } from './Calendar';
import { ComparedCamera, type Leader } from './ComparedCamera';
import { ExportPanel } from './ExportPanel';
import { IntegrityPanel } from './IntegrityPanel';
import { RecordingPicture } from './RecordingPicture';
import { activityBands, activityGapSeconds } from './bands';
import { fittedView } from './fit';
import {
  chunkAt,
  mediaTicket,
  useActivity,
  useAlertsBetween,
  useCoverage,
  useIncidentBands,
} from './queries';
import { saveFile, safeFileName } from '../../lib/saveFile';
import { ScrubPreview } from './ScrubPreview';
import { Timeline, type TimeRange, type TimelineMarker } from './Timeline';
import { ZOOM_LEVELS, clamp, dayEnd, dayLabel, dayStart, timeLabel } from './time';
import { SPEEDS, useRecordingPlayer } from './useRecordingPlayer';

const HOUR_MS = 3600_000;

/** The URL keeps the playhead (`?t=<unix ms>`) so a reload or a shared link opens the same instant. */
const URL_UPDATE_MS = 5_000;

/** The spans of the zoom levels, widest first. */
const LEVELS = ZOOM_LEVELS.map((level) => level.span);

/** The day's footage merged this coarsely is enough to see where it lies (the view the day opens with). */
const DAY_FIT_GAP_SECONDS = 60;

/** A zoom level the URL names (`?zoom=<index of ZOOM_LEVELS>`), or null. */
function linkedZoom(value: string | null): number | null {
  const zoom = Number(value ?? NaN);
  return Number.isInteger(zoom) && zoom >= 0 && zoom < ZOOM_LEVELS.length ? zoom : null;
}

/** At most this many cameras play on one timeline: the one it belongs to and three compared with it. */
const MAX_COMPARED = 3;

/** The compared cameras of the URL (`?with=3,7`): known, not the timeline's own, at most three. */
function comparedIds(value: string | null, cameraId: number, known: ReadonlyMap<number, string>): number[] {
  const ids = (value ?? '').split(',').map(Number);
  return [...new Set(ids)].filter((id) => id !== cameraId && known.has(id)).slice(0, MAX_COMPARED);
}

/**
 * One camera's recordings: the player, the day's timeline, the calendar, frame and range tools — and up to three
 * other cameras played in step with it (`?with=`). The picture's height is bounded by the window's, and the
 * timeline is right under it, so both are in view on a laptop's screen. A day opens on its footage (fit.ts)
 * unless the URL names a zoom level (`?zoom=`), which the zoom buttons keep up to date.
 */
export function RecordingView({
  cameraId,
  cameraName,
  cameraNames,
}: {
  cameraId: number;
  cameraName: string;
  /** every camera the user may see, for "Compare with" */
  cameraNames: ReadonlyMap<number, string>;
}) {
  const toast = useToast();
  const [search, setSearch] = useSearchParams();
  const linked = Number(search.get('t'));
  const initialMs = Number.isFinite(linked) && linked > 0 ? linked : null;
  const compared = comparedIds(search.get('with'), cameraId, cameraNames);
  /** Changes some query parameters of the address, keeping the others (replaced: the back button leaves). */
  const updateSearch = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const [jump, setJump] = useState<Leader['jump']>(() =>
    initialMs === null ? null : { ms: initialMs, autoplay: false, n: 0 },
  );
  const { video, state, playheadMs, speed, seek, play, pause, setSpeed, step } = useRecordingPlayer(cameraId);

  const [todayEndMs] = useState(() => dayEnd(Date.now()));
  const [dayStartMs, setDayStartMs] = useState(() => dayStart(initialMs ?? Date.now()));
  const day = useMemo(() => ({ startMs: dayStartMs, endMs: dayEnd(dayStartMs) }), [dayStartMs]);
  const [explicitZoom] = useState(() => linkedZoom(search.get('zoom')));
  const [zoom, setZoom] = useState(explicitZoom ?? 0);
  const [center, setCenter] = useState(() => initialMs ?? Date.now());
  // Until the day's footage is known, the view waits for it (and nothing is asked for the whole day meanwhile).
  const [fitPending, setFitPending] = useState(explicitZoom === null);
  const dayCoverage = useCoverage(cameraId, day.startMs, day.endMs, DAY_FIT_GAP_SECONDS, fitPending);
  if (fitPending && dayCoverage.isError) setFitPending(false);
  if (fitPending && dayCoverage.data && !dayCoverage.isPlaceholderData) {
    setFitPending(false);
    const fit = fittedView(
      dayCoverage.data.spans.map((span) => ({
        startMs: Date.parse(span.start_time),
        endMs: Date.parse(span.end_time),
      })),
      day,
      LEVELS,
    );
    setZoom(fit.zoom);
    // The playhead stays in view: an instant outside the footage's view is shown at the footage's zoom level.
    const anchor = playheadMs ?? initialMs;
    setCenter(
      anchor !== null && Math.abs(anchor - fit.centerMs) > LEVELS[fit.zoom]! / 2 ? anchor : fit.centerMs,
    );
  }
  const [selection, setSelection] = useState<TimeRange | null>(null);
  // What the integrity badge speaks for: the selected range (its last 24 h at most, as the recorder checks), or
  // the hour of the playhead — whole hours, so that playing on does not ask again every frame.
  const playheadHour = playheadMs === null ? null : Math.floor(playheadMs / HOUR_MS) * HOUR_MS;
  const integrityRange = useMemo(
    () =>
      selection
        ? { startMs: Math.max(selection.startMs, selection.endMs - 24 * HOUR_MS), endMs: selection.endMs }
        : playheadHour === null
          ? null
          : { startMs: playheadHour, endMs: playheadHour + HOUR_MS },
    [selection, playheadHour],
  );
  const span = Math.min(ZOOM_LEVELS[zoom]!.span, day.endMs - day.startMs);
  const viewStart = clamp(Math.round(center - span / 2), day.startMs, day.endMs - span);
  const view = { startMs: viewStart, endMs: viewStart + span };

  // About one pixel of time: the recorder merges what the drawing could not tell apart anyway. The width is
  // measured before the first paint and the spans asked for only then, so they are asked for once, not first
  // for a guessed width and again for the real one.
  const timelineBox = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = timelineBox.current;
    if (!element) return;
    setWidth(Math.max(100, element.getBoundingClientRect().width));
    const observer = new ResizeObserver(
      ([entry]) => entry && setWidth(Math.max(100, entry.contentRect.width)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const minGapSeconds = Math.max(1, Math.floor(span / (width ?? 1000) / 1000));
  const ready = width !== null && !fitPending;
  const coverage = useCoverage(cameraId, view.startMs, view.endMs, minGapSeconds, ready);
  const alerts = useAlertsBetween(cameraId, day.startMs, day.endMs);
  const msPerPixel = span / (width ?? 1000);
  const detections = useActivity(
    cameraId,
    'detection',
    view.startMs,
    view.endMs,
    activityGapSeconds('detection', msPerPixel),
    ready,
  );
  const motion = useActivity(
    cameraId,
    'motion',
    view.startMs,
    view.endMs,
    activityGapSeconds('motion', msPerPixel),
    ready,
  );
  const incidents = useIncidentBands(cameraId, view.startMs, view.endMs, msPerPixel, ready);
  const markers = useMemo<TimelineMarker[]>(
    () =>
      (alerts.data ?? []).map((alert) => ({
        key: `alert-${alert.id}`,
        kind: 'alert' as const,
        atMs: Date.parse(alert.created_at),
        text: alert.title,
      })),
    [alerts.data],
  );
  const bands = useMemo(
    () => [
      ...incidents.bands,
      ...activityBands(detections.data ?? [], 'detection'),
      ...activityBands(motion.data ?? [], 'motion'),
    ],
    [incidents.bands, detections.data, motion.data],
  );
  const activityError =
    [detections, motion].find((query) => query.isError)?.error ?? incidents.error ?? undefined;

  /** Plays from an instant the person chose, and remembers it in the URL. */
  const goTo = (ms: number, autoplay = true) => {
    seek(ms, autoplay);
    setJump((last) => ({ ms, autoplay, n: (last?.n ?? 0) + 1 }));
    setCenter((current) => (ms >= view.startMs && ms <= view.endMs ? current : ms));
    updateSearch({ t: String(Math.round(ms)) });
  };

  // A deep link opens paused at its instant.
  useEffect(() => {
    if (initialMs !== null) seek(initialMs, false);
    // Only when the camera view opens: later instants come from the person.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seek]);

  // While it plays, the timeline follows the playhead (into the next day, too)...
  const [followed, setFollowed] = useState<number | null>(null);
  if (playheadMs !== followed) {
    setFollowed(playheadMs);
    if (playheadMs !== null && (playheadMs < day.startMs || playheadMs >= day.endMs)) {
      setDayStartMs(dayStart(playheadMs));
    }
    if (playheadMs !== null && (playheadMs < view.startMs || playheadMs > view.endMs)) setCenter(playheadMs);
  }
  // ...and the URL keeps up.
  const lastWritten = useRef(0);
  useEffect(() => {
    if (playheadMs === null) return;
    if (Math.abs(playheadMs - lastWritten.current) >= URL_UPDATE_MS) {
      lastWritten.current = playheadMs;
      updateSearch({ t: String(Math.round(playheadMs)) });
    }
  }, [playheadMs, updateSearch]);

  const zoomBy = (direction: 1 | -1) => {
    const next = clamp(zoom + direction, 0, ZOOM_LEVELS.length - 1);
    setZoom(next);
    setFitPending(false);
    updateSearch({ zoom: String(next) });
    if (playheadMs !== null) setCenter(playheadMs);
  };

  /** Another day: it opens on its footage, as the first did. */
  const showDay = (startMs: number, firstFootageMs: number | null) => {
    setDayStartMs(startMs);
    setCenter(firstFootageMs ?? startMs);
    setFitPending(true);
    updateSearch({ zoom: null });
    if (firstFootageMs !== null) goTo(firstFootageMs, false);
  };

  async function downloadChunk() {
    if (playheadMs === null) return;
    try {
      const chunk = await chunkAt(cameraId, playheadMs);
      if (!chunk) throw new Error(`Nothing was recorded at ${timeLabel(playheadMs)}.`);
      const { ticket } = await mediaTicket(cameraId);
      const stamp = chunk.start_time.slice(0, 19).replace('T', ' ').replaceAll(':', '-');
      saveFile(
        `${chunk.url}?ticket=${encodeURIComponent(ticket)}`,
        `${safeFileName(cameraName)} ${stamp}.mp4`,
      );
    } catch (error) {
      toast({
        tone: 'error',
        title: 'No download',
        description: error instanceof Error ? error.message : '',
      });
    }
  }

  const paused = state !== 'playing';
  const leader: Leader = { playheadMs, playing: !paused, speed, jump };
  const addable = [...cameraNames].filter(([id]) => id !== cameraId && !compared.includes(id));

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_16rem]">
      <div className="min-w-0 space-y-3">
        <div className={compared.length > 0 ? 'grid gap-2 sm:grid-cols-2' : ''}>
          <RecordingPicture
            video={video}
            cameraId={cameraId}
            cameraName={cameraName}
            state={state}
            playheadMs={playheadMs}
            onRetry={() => playheadMs !== null && goTo(playheadMs)}
          />
          {compared.map((id) => (
            <ComparedCamera
              key={id}
              cameraId={id}
              cameraName={cameraNames.get(id) ?? `Camera ${id}`}
              leader={leader}
              onRemove={() =>
                updateSearch({ with: compared.filter((other) => other !== id).join(',') || null })
              }
            />
          ))}
        </div>

        <section aria-labelledby="timeline-title" className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="timeline-title" className="mr-auto font-semibold">
              {dayLabel(day.startMs)}
            </h2>
            <Button tone="quiet" onClick={() => showDay(dayStart(day.startMs - 1), null)}>
              Previous day
            </Button>
            <Button tone="quiet" onClick={() => showDay(day.endMs, null)} disabled={day.endMs >= todayEndMs}>
              Next day
            </Button>
            <span className="flex items-center gap-2">
              <Button aria-label="Zoom out" onClick={() => zoomBy(-1)} disabled={zoom === 0}>
                −
              </Button>
              <span className="w-24 text-center text-sm tabular-nums" aria-live="polite">
                {ZOOM_LEVELS[zoom]!.label}
              </span>
              <Button
                aria-label="Zoom in"
                onClick={() => zoomBy(1)}
                disabled={zoom === ZOOM_LEVELS.length - 1}
              >
                +
              </Button>
            </span>
          </div>
          {/* Busy until the spans of the range shown have come (the previous range's stay drawn meanwhile). */}
          <div ref={timelineBox} aria-busy={!ready || coverage.isPending || coverage.isPlaceholderData}>
            <Timeline
              view={view}
              day={day}
              spans={coverage.data?.spans ?? []}
              markers={markers}
              bands={bands}
              playheadMs={playheadMs}
              selection={selection}
              zoomLabel={ZOOM_LEVELS[zoom]!.label}
              onSeek={(ms) => goTo(ms)}
              onSelect={setSelection}
              onZoom={zoomBy}
              preview={(atMs) => <ScrubPreview cameraId={cameraId} atMs={atMs} />}
            />
          </div>
          {coverage.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              The recorded spans could not be loaded: {coverage.error.message}{' '}
              <button type="button" className="underline" onClick={() => void coverage.refetch()}>
                Try again
              </button>
            </p>
          )}
          {activityError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              The incidents, detections or motion could not be loaded: {activityError.message}{' '}
              <button
                type="button"
                className="underline"
                onClick={() =>
                  void Promise.all([detections, motion, incidents].map((query) => query.refetch()))
                }
              >
                Try again
              </button>
            </p>
          )}
          {coverage.data && coverage.data.spans.length === 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Nothing was recorded in the time shown.
            </p>
          )}
        </section>

        <div className="flex flex-wrap items-center gap-2">
          {paused ? (
            <Button tone="primary" onClick={play} disabled={playheadMs === null}>
              Play
            </Button>
          ) : (
            <Button tone="primary" onClick={pause}>
              Pause
            </Button>
          )}
          <Button
            onClick={() => step(-1)}
            disabled={!paused || playheadMs === null}
            aria-label="Previous frame"
          >
            ◀︎ Frame
          </Button>
          <Button onClick={() => step(1)} disabled={!paused || playheadMs === null} aria-label="Next frame">
            Frame ▶︎
          </Button>
          <label className="flex items-center gap-2 text-sm">
            Speed
            <select
              value={speed}
              onChange={(event) => setSpeed(Number(event.target.value))}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
            >
              {SPEEDS.map((speed) => (
                <option key={speed} value={speed}>
                  {speed}×
                </option>
              ))}
            </select>
          </label>
          <Button onClick={() => void downloadChunk()} disabled={playheadMs === null}>
            Download chunk
          </Button>
        </div>

        {compared.length < MAX_COMPARED && addable.length > 0 && (
          <div className="w-full sm:w-72">
            <SelectField
              label="Compare with another camera"
              hint="Up to four cameras play the same moment, on this camera's timeline."
              value=""
              onChange={(event) =>
                event.target.value &&
                updateSearch({ with: [...compared, Number(event.target.value)].join(',') })
              }
              options={[
                { value: '', label: 'Choose a camera…' },
                ...addable.map(([id, name]) => ({ value: String(id), label: name })),
              ]}
            />
          </div>
        )}

        <ExportPanel
          cameraId={cameraId}
          cameraName={cameraName}
          playheadMs={playheadMs}
          selection={selection}
          onSelect={setSelection}
        />
        {integrityRange && <IntegrityPanel cameraId={cameraId} range={integrityRange} />}
      </div>
      <aside className="space-y-3">
        {/* The month waits for the timeline's spans: the recorder answers them first, not after the month. */}
        <Calendar
          key={cameraId}
          cameraId={cameraId}
          selectedDayMs={day.startMs}
          onChoose={showDay}
          deferred={coverage.isPending}
        />
      </aside>
    </div>
  );
}
