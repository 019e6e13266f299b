import {
  memo,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { RecordedSpan } from '../../api/types';
import type { TimelineBand } from './bands';
import { HOUR, MINUTE, SECOND, clamp, durationLabel, timeLabel } from './time';

const BAND_STYLE: Record<TimelineBand['kind'], { name: string; className: string }> = {
  alert: { name: 'Alert incident', className: 'top-0 h-2.5 bg-red-600 dark:bg-red-500' },
  incident: { name: 'Incident', className: 'top-0 h-2.5 bg-amber-500 dark:bg-amber-400' },
  detection: { name: 'Detections', className: 'top-3.5 h-1.5 bg-violet-600 dark:bg-violet-400' },
  motion: { name: 'Motion', className: 'top-0.5 h-2 bg-teal-600 dark:bg-teal-400' },
};

/** A point of interest on the timeline: an alert, which plays from its time when chosen. */
export interface TimelineMarker {
  key: string;
  kind: 'alert';
  atMs: number;
  /** what it was, for its label: "Gate is offline" */
  text: string;
}

export interface TimeRange {
  startMs: number;
  endMs: number;
}

const TICK_STEPS = [
  10 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
];

/** Tick marks for the view: about eight, on round local times. */
export function ticks(view: TimeRange, dayStartMs: number): number[] {
  const span = view.endMs - view.startMs;
  const step = TICK_STEPS.find((candidate) => span / candidate <= 8) ?? 3 * HOUR;
  const first = dayStartMs + Math.ceil((view.startMs - dayStartMs) / step) * step;
  const out: number[] = [];
  for (let at = first; at <= view.endMs; at += step) out.push(at);
  return out;
}

/**
 * A day's recordings drawn over the visible range `view`: recorded spans as bars (gaps left empty and named in
 * the legend), alert markers and activity bands (incidents, detections, motion) above them, the playhead and a selected
 * range. Pointer: click or drag
 * to play from that instant; shift-drag selects a range. Keyboard (the bar is a slider): arrows move the playhead
 * (shift: further), Home/End the day's ends, + and − zoom.
 */
export function Timeline({
  view,
  day,
  spans,
  markers,
  bands,
  playheadMs,
  selection,
  zoomLabel,
  onSeek,
  onSelect,
  onZoom,
  preview,
}: {
  view: TimeRange;
  day: TimeRange;
  spans: readonly RecordedSpan[];
  markers: readonly TimelineMarker[];
  bands: readonly TimelineBand[];
  playheadMs: number | null;
  selection: TimeRange | null;
  zoomLabel: string;
  onSeek: (ms: number) => void;
  onSelect: (range: TimeRange) => void;
  onZoom: (direction: 1 | -1) => void;
  /** what to show above the bar at a recorded instant the pointer hovers or drags over (a scrub preview) */
  preview?: (atMs: number) => ReactNode;
}) {
  const bar = useRef<HTMLDivElement>(null);
  // The band rows are drawn again only when the bands or the view change, not on every frame the playhead moves:
  // they reach the latest onSeek through a ref.
  const onSeekRef = useRef(onSeek);
  useLayoutEffect(() => {
    onSeekRef.current = onSeek;
  });
  const seekLatest = useCallback((ms: number) => onSeekRef.current(ms), []);
  // While a pointer drags: where it is (the playhead follows it) and, with shift, where the selection began.
  const [drag, setDrag] = useState<{ atMs: number; selectFromMs: number | null } | null>(null);
  // Where a pointer rests without a button (a mouse): the scrub preview follows it.
  const [hoverMs, setHoverMs] = useState<number | null>(null);
  const span = view.endMs - view.startMs;
  const percent = (ms: number) => ((ms - view.startMs) / span) * 100;
  const visible = (ms: number) => ms >= view.startMs && ms <= view.endMs;

  const instantAt = (clientX: number) => {
    const box = bar.current!.getBoundingClientRect();
    return Math.round(view.startMs + clamp((clientX - box.left) / box.width, 0, 1) * span);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const atMs = instantAt(event.clientX);
    setDrag({ atMs, selectFromMs: event.shiftKey ? atMs : null });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ ...drag, atMs: instantAt(event.clientX) });
    else if (event.pointerType === 'mouse') setHoverMs(instantAt(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const atMs = instantAt(event.clientX);
    setDrag(null);
    if (drag.selectFromMs !== null && atMs !== drag.selectFromMs) {
      onSelect({ startMs: Math.min(atMs, drag.selectFromMs), endMs: Math.max(atMs, drag.selectFromMs) });
    } else onSeek(atMs);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = playheadMs ?? view.startMs;
    const small = Math.max(SECOND, span / 60);
    const moves: Record<string, number> = {
      ArrowLeft: -small,
      ArrowRight: small,
      ArrowDown: -small,
      ArrowUp: small,
      PageDown: -span / 6,
      PageUp: span / 6,
    };
    if (event.key in moves) {
      const step = moves[event.key]! * (event.shiftKey ? 10 : 1);
      onSeek(clamp(Math.round(from + step), day.startMs, day.endMs - 1));
    } else if (event.key === 'Home') onSeek(day.startMs);
    else if (event.key === 'End') onSeek(day.endMs - 1);
    else if (event.key === '+' || event.key === '=') onZoom(1);
    else if (event.key === '-' || event.key === '_') onZoom(-1);
    else return;
    event.preventDefault();
  };

  const shownPlayhead = drag?.atMs ?? playheadMs;
  const previewMs = drag?.atMs ?? hoverMs;
  const recordedAt = (ms: number) =>
    spans.some((recorded) => Date.parse(recorded.start_time) <= ms && ms <= Date.parse(recorded.end_time));
  const shownSelection =
    drag && drag.selectFromMs !== null
      ? { startMs: Math.min(drag.atMs, drag.selectFromMs), endMs: Math.max(drag.atMs, drag.selectFromMs) }
      : selection;

  return (
    <div className="space-y-1 select-none">
      {/* Markers and bands: their own rows of buttons (a slider may not hold buttons). */}
      <div className="relative h-6 overflow-hidden" aria-label="Alerts" role="group">
        {markers
          .filter((marker) => visible(marker.atMs))
          .map((marker) => (
            <button
              key={marker.key}
              type="button"
              data-marker={marker.kind}
              data-at-ms={marker.atMs}
              aria-label={`Alert at ${timeLabel(marker.atMs)}: ${marker.text}`}
              title={`${timeLabel(marker.atMs)} ${marker.text}`}
              onClick={() => onSeek(marker.atMs)}
              className="absolute top-0 -translate-x-1/2 px-0.5 text-sm leading-6 text-red-700 focus-visible:outline-2 dark:text-red-400"
              style={{ left: `${percent(marker.atMs)}%` }}
            >
              <span aria-hidden="true">▼</span>
            </button>
          ))}
      </div>
      <BandRows bands={bands} startMs={view.startMs} endMs={view.endMs} onSeek={seekLatest} />
      <div className="relative">
        {preview && previewMs !== null && recordedAt(previewMs) && (
          <div
            className="pointer-events-none absolute bottom-full z-10 mb-1 -translate-x-1/2"
            style={{ left: `${clamp(percent(previewMs), 12, 88)}%` }}
          >
            {preview(previewMs)}
          </div>
        )}
        <div
          ref={bar}
          role="slider"
          tabIndex={0}
          aria-label={`Timeline, ${zoomLabel} shown`}
          aria-valuemin={view.startMs}
          aria-valuemax={view.endMs}
          aria-valuenow={Math.round(playheadMs ?? view.startMs)}
          aria-valuetext={playheadMs === null ? 'No playhead yet' : timeLabel(playheadMs)}
          aria-describedby="timeline-keys"
          data-view-start={view.startMs}
          data-view-end={view.endMs}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
          onPointerLeave={() => setHoverMs(null)}
          onKeyDown={onKeyDown}
          className="relative h-12 cursor-pointer touch-none overflow-hidden rounded-md border border-slate-300 bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-slate-700 dark:bg-slate-800"
        >
          <svg
            className="absolute inset-0 size-full"
            viewBox="0 0 1000 48"
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            {spans.map((recorded) => {
              const start = clamp(percent(Date.parse(recorded.start_time)), 0, 100);
              const end = clamp(percent(Date.parse(recorded.end_time)), 0, 100);
              if (end <= 0 || start >= 100) return null;
              return (
                <rect
                  key={recorded.start_time}
                  data-span-start={Date.parse(recorded.start_time)}
                  x={start * 10}
                  width={Math.max(1, (end - start) * 10)}
                  y={14}
                  height={28}
                  className="fill-sky-600 dark:fill-sky-500"
                />
              );
            })}
            {shownSelection && (
              <rect
                x={clamp(percent(shownSelection.startMs), 0, 100) * 10}
                width={Math.max(
                  1,
                  (clamp(percent(shownSelection.endMs), 0, 100) -
                    clamp(percent(shownSelection.startMs), 0, 100)) *
                    10,
                )}
                y={0}
                height={48}
                className="fill-amber-400/40 stroke-amber-600"
              />
            )}
            {ticks(view, day.startMs).map((at) => (
              <line
                key={at}
                x1={percent(at) * 10}
                x2={percent(at) * 10}
                y1={0}
                y2={10}
                className="stroke-slate-500"
              />
            ))}
          </svg>
          {shownPlayhead !== null && visible(shownPlayhead) && (
            <div
              className="pointer-events-none absolute inset-y-0 w-0.5 bg-red-600"
              style={{ left: `${percent(shownPlayhead)}%` }}
            />
          )}
        </div>
      </div>
      <div
        className="relative h-5 overflow-hidden text-xs text-slate-600 tabular-nums dark:text-slate-300"
        aria-hidden="true"
      >
        {/* A label centred on a tick at either end would be cut in half: those have none. */}
        {ticks(view, day.startMs)
          .filter((at) => percent(at) > 4 && percent(at) < 96)
          .map((at) => (
            <span key={at} className="absolute -translate-x-1/2" style={{ left: `${percent(at)}%` }}>
              {timeLabel(at).slice(0, span <= 2 * MINUTE ? 8 : 5)}
            </span>
          ))}
      </div>
      <p id="timeline-keys" className="text-xs text-slate-600 dark:text-slate-300">
        Blue bars are recorded, empty stretches were not. ▼ alert; above the bar, red: an incident with an
        alert, amber: an incident, violet: detections, teal: motion. Click one, or click or drag the bar, to
        play from there; shift-drag to select a range. Keys: arrows move the playhead, + and − zoom
        {selection ? `. Selected ${durationLabel(selection.endMs - selection.startMs)}` : ''}.
      </p>
    </div>
  );
}

/** A row of band buttons over the bar, named for screen readers (a slider may not hold buttons). */
function BandRow({ name, className, children }: { name: string; className: string; children: ReactNode }) {
  return (
    <div className={`relative overflow-hidden ${className}`} aria-label={name} role="group">
      {children}
    </div>
  );
}

/** The incident and detection row and the motion row: a button per band, which plays from its start. */
const BandRows = memo(function BandRows({
  bands,
  startMs,
  endMs,
  onSeek,
}: {
  bands: readonly TimelineBand[];
  startMs: number;
  endMs: number;
  onSeek: (ms: number) => void;
}) {
  const percent = (ms: number) => ((ms - startMs) / (endMs - startMs)) * 100;
  const shown = bands.filter((band) => band.endMs >= startMs && band.startMs <= endMs);
  /** A band: a button that plays from its start (or the view's, for one begun before it). */
  const bandButton = (band: TimelineBand) => {
    const left = Math.max(0, percent(band.startMs));
    const right = Math.min(100, percent(band.endMs));
    const style = BAND_STYLE[band.kind];
    const when =
      band.endMs - band.startMs < SECOND
        ? timeLabel(band.startMs)
        : `${timeLabel(band.startMs)} to ${timeLabel(band.endMs)}`;
    return (
      <button
        key={band.key}
        type="button"
        data-band={band.kind}
        data-start-ms={band.startMs}
        aria-label={`${style.name} ${when}: ${band.text}`}
        title={`${when} ${band.text}`}
        onClick={() => onSeek(Math.max(band.startMs, startMs))}
        className={`absolute min-w-1.5 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-1 ${style.className}`}
        style={{ left: `${left}%`, width: `${right - left}%` }}
      />
    );
  };
  return (
    <>
      <BandRow name="Incidents and detections" className="h-5">
        {shown.filter((band) => band.kind !== 'motion').map(bandButton)}
      </BandRow>
      <BandRow name="Motion" className="h-3">
        {shown.filter((band) => band.kind === 'motion').map(bandButton)}
      </BandRow>
    </>
  );
});
