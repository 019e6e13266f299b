// Where a day's timeline opens: on its footage, not on 24 hours in which twenty minutes of footage are a sliver
// a few pixels wide (issue #34). A link or a person that chose a zoom level keeps it; this is only the default.
// Pure (no imports), so node's fast tests load it as it is.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface Stretch {
  startMs: number;
  endMs: number;
}

/** Footage at least this long, recorded nearly throughout, opens on its last hour instead of all of it. */
const CONTINUOUS_MS = 12 * HOUR;
/** …"nearly throughout": this share of its extent recorded */
const CONTINUOUS_SHARE = 0.9;
/** Room left on either side of the footage: a tenth of it, at least two minutes. */
const MARGIN_SHARE = 0.1;
const MIN_MARGIN_MS = 2 * MINUTE;

/**
 * The zoom level (index of `levels`, the spans a timeline can show, widest first) and centre a day opens with:
 * the narrowest level that holds the day's footage with a margin, centred on it; the last hour of footage when
 * the day was recorded throughout; the widest level when nothing was recorded.
 */
export function fittedView(
  spans: readonly Stretch[],
  day: Stretch,
  levels: readonly number[],
): { zoom: number; centerMs: number } {
  const inDay = spans
    .map((span) => ({ startMs: Math.max(span.startMs, day.startMs), endMs: Math.min(span.endMs, day.endMs) }))
    .filter((span) => span.endMs > span.startMs);
  if (inDay.length === 0) return { zoom: 0, centerMs: (day.startMs + day.endMs) / 2 };
  const startMs = Math.min(...inDay.map((span) => span.startMs));
  const endMs = Math.max(...inDay.map((span) => span.endMs));
  const extent = endMs - startMs;
  const recorded = inDay.reduce((sum, span) => sum + span.endMs - span.startMs, 0);
  if (extent >= CONTINUOUS_MS && recorded >= CONTINUOUS_SHARE * extent) {
    const hour = levels.findLastIndex((span) => span >= HOUR);
    return { zoom: Math.max(0, hour), centerMs: endMs - levels[Math.max(0, hour)]! / 2 };
  }
  const wanted = extent + 2 * Math.max(MARGIN_SHARE * extent, MIN_MARGIN_MS);
  let zoom = 0;
  while (zoom + 1 < levels.length && levels[zoom + 1]! >= wanted) zoom += 1;
  return { zoom, centerMs: (startMs + endMs) / 2 };
}
