// Activity on the recordings timeline as ranges, never one element per picture: a camera that ran a model every
// second for an hour had 3,600 results, and one button each stalled the screen (issue #34). Incidents (review
// items) are ranges already; detection results are merged here into bands wherever they are closer together than
// the drawing could tell apart, so the number of elements is bounded by the timeline's width, not by the data.

/** What a band needs of an incident (a review item of the API). */
export interface IncidentLike {
  id: number;
  severity: 'alert' | 'detection';
  start_time: string;
  end_time: string | null;
  labels: string[];
}

/** What a band needs of a detection result of the API. */
export interface FindingLike {
  created_at: string;
  model_name?: string | null;
}

/** A stretch of activity the timeline draws, which plays from its start when chosen. */
export interface TimelineBand {
  key: string;
  kind: 'alert' | 'incident' | 'detection';
  startMs: number;
  endMs: number;
  /** what it was, for its label: "person, car" or "12 detections (Yard people)" */
  text: string;
}

/** Results closer than this are one band even when zoomed right in: a model analyses a picture every few s. */
const MIN_GAP_MS = 10_000;
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

/** Detection results merged into bands: consecutive findings less than a gap apart are one band. */
export function detectionBands(results: readonly FindingLike[], msPerPixel: number): TimelineBand[] {
  const gap = Math.max(MIN_GAP_MS, MIN_GAP_PX * msPerPixel);
  const sorted = results
    .map((result) => ({ at: Date.parse(result.created_at), model: result.model_name }))
    .sort((a, b) => a.at - b.at);
  const bands: TimelineBand[] = [];
  let current: { startMs: number; endMs: number; count: number; models: Set<string> } | null = null;
  const close = () => {
    if (!current) return;
    const models = [...current.models].join(', ');
    bands.push({
      key: `detection-${current.startMs}`,
      kind: 'detection',
      startMs: current.startMs,
      endMs: current.endMs,
      text: `${current.count} detection${current.count === 1 ? '' : 's'}${models ? ` (${models})` : ''}`,
    });
  };
  for (const { at, model } of sorted) {
    if (current && at - current.endMs <= gap) {
      current.endMs = at;
      current.count += 1;
      if (model) current.models.add(model);
    } else {
      close();
      current = { startMs: at, endMs: at, count: 1, models: new Set(model ? [model] : []) };
    }
  }
  close();
  return bands;
}
