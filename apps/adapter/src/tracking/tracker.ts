// A per-camera IoU tracker: a detection that overlaps the box a track had in that camera's previous frames
// keeps the track's id; the rest get fresh ids. Greedy best-IoU matching is enough at camera frame rates.
import { iou, type Box } from '../models/geometry.js';

const MATCH_IOU = 0.3;
/** Frames a track survives unseen (people briefly occluded keep their id). */
const MAX_MISSES = 5;
const MAX_CAMERAS = 1000;

interface Track {
  id: number;
  box: Box;
  label: string;
  misses: number;
}

interface CameraTracks {
  nextId: number;
  tracks: Track[];
}

export interface Trackable {
  bbox: [number, number, number, number];
  label?: string;
  track_id: number;
}

export class IouTracker {
  private readonly cameras = new Map<string, CameraTracks>();

  /** Rewrites `track_id` of the detections in place, in the camera's id space. */
  assign(cameraId: string, detections: Trackable[]): void {
    let cam = this.cameras.get(cameraId);
    if (cam) this.cameras.delete(cameraId);
    cam ??= { nextId: 1, tracks: [] };
    this.cameras.set(cameraId, cam); // re-insert: Map order doubles as LRU order
    if (this.cameras.size > MAX_CAMERAS) this.cameras.delete(this.cameras.keys().next().value!);

    const pairs: { t: Track; d: number; score: number }[] = [];
    detections.forEach((det, d) => {
      for (const t of cam.tracks) {
        if (t.label !== (det.label ?? 'person')) continue;
        const score = iou(t.box, det.bbox);
        if (score >= MATCH_IOU) pairs.push({ t, d, score });
      }
    });
    pairs.sort((a, b) => b.score - a.score);
    const usedTracks = new Set<Track>();
    const assigned = new Set<number>();
    for (const { t, d } of pairs) {
      if (usedTracks.has(t) || assigned.has(d)) continue;
      usedTracks.add(t);
      assigned.add(d);
      const det = detections[d]!;
      det.track_id = t.id;
      t.box = [...det.bbox];
      t.misses = 0;
    }
    for (const t of cam.tracks) if (!usedTracks.has(t)) t.misses++;
    cam.tracks = cam.tracks.filter((t) => t.misses <= MAX_MISSES);
    detections.forEach((det, d) => {
      if (assigned.has(d)) return;
      const t: Track = { id: cam.nextId++, box: [...det.bbox], label: det.label ?? 'person', misses: 0 };
      cam.tracks.push(t);
      det.track_id = t.id;
    });
  }
}
