// Activity on the recordings timeline as ranges, never one element per picture: a camera that ran a model every
// second for an hour had 3,600 results, and one button each stalled the screen (issue #34). Incidents (review
// items) are ranges already, drawn one each with their labels while a view holds at most a page of them (500),
// merged by the recorder beyond that; detections and motion come merged by the recorder (GET /recordings/{id}/activity)
// wherever they are closer together than the drawing could tell apart — the gap asked for here — so the number
// of elements is bounded by the timeline's width, not by the data, and no finding of the range is left out.

/** What a band needs of an incident (a review item of the API). */
export interface IncidentLike {
  id: number;
  severity: 'alert' | 'detection';
  start_time: string;
  end_time: string | null;
  labels: string[];
}

/** What a band needs of a range of activity the recorder merged (GET /recordings/{id}/activity). */
export interface ActivityLike {
  start_ms: number;
  end_ms: number;
  count: number;
  /** kind=incident: how many of them were alerts */
  alerts?: number;
}

/** A stretch of activity the timeline draws, which plays from its start when chosen. */
export interface TimelineBand {
  key: string;
  kind: 'alert' | 'incident' | 'detection' | 'motion';
  startMs: number;
  endMs: number;
  /** what it was, for its label: "person, car" or "12 detections (Yard people)" */
  text: string;
}

/**
 * Activity closer than this is one band even when zoomed right in: a model analyses a picture every few
 * seconds, and motion stops and starts again within a second or two.
 */
const MIN_GAP_MS = { detection: 10_000, motion: 2_000, incident: 1_000 } as const;
/** …and never closer than this many pixels apart, so two bands can be told apart and clicked. */
const MIN_GAP_PX = 6;

/** The incidents as bands: alert incidents and the others, from their first to their last moving picture. */
export function incidentBands(items: readonly IncidentLike[], nowMs: number): TimelineBand[] {
  return items.map((item) => ({
    key: `incident-${item.id}`,
    kind: item.severity === 'alert' ? 'alert' : 'incident',
    startMs: Date.parse(item.start_time),
    endMs: item.end_time === null ? nowMs : Date.parse(item.end_time),
    text: item.labels.length > 0 ? item.labels.join(', ') : 'something moving',
  }));
}

/**
 * The gap (whole seconds, as the recorder takes it) under which activity is merged: a few pixels of the drawing
 * at `msPerPixel`, never less than the kind's own minimum.
 */
export function activityGapSeconds(kind: 'detection' | 'motion' | 'incident', msPerPixel: number): number {
  return Math.ceil(Math.max(MIN_GAP_MS[kind], MIN_GAP_PX * msPerPixel) / 1000);
}

/** The recorder's merged ranges of one kind as bands (merged incidents: an alert band when one was an alert). */
export function activityBands(
  ranges: readonly ActivityLike[],
  kind: 'detection' | 'motion' | 'incident',
): TimelineBand[] {
  const noun = { detection: 'detection', motion: 'motion', incident: 'incident' }[kind];
  return ranges.map((range) => {
    const alerts = range.alerts ?? 0;
    return {
      key: `${kind}-${range.start_ms}`,
      kind: kind === 'incident' && alerts > 0 ? 'alert' : kind,
      startMs: range.start_ms,
      endMs: range.end_ms,
      text:
        `${range.count} ${noun}${range.count === 1 ? '' : 's'}` +
        (kind === 'incident' && alerts > 0 ? `, ${alerts} with an alert` : ''),
    };
  });
}
