/**
 * How far before an event its footage starts playing: the moment itself is seen coming (Frigate's pre-capture
 * default is the same 5 s).
 */
export const FOOTAGE_LEAD_MS = 5_000;

/** The recordings screen of a camera with its playhead just before an instant (unix ms). */
export function footageAt(cameraId: number, atMs: number): string {
  return `/recordings/${cameraId}?t=${Math.round(atMs - FOOTAGE_LEAD_MS)}`;
}
