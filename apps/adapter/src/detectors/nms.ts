// Non-maximum suppression for detectors exported without it: per class (a person beside a bicycle both stay),
// greedy by score, over at most MAX_CANDIDATES boxes so a flood of low scores cannot make it quadratic for long.
import { nms, type Box } from '../models/geometry.js';

export const MAX_CANDIDATES = 3000;
export const MAX_DETECTIONS = 300;

/** The kept candidates, best first, at most `max`. */
export function suppressPerClass<T extends { classIndex: number; box: Box; score: number }>(
  candidates: T[],
  iou: number,
  max = MAX_DETECTIONS,
): T[] {
  const top = [...candidates].sort((a, b) => b.score - a.score).slice(0, MAX_CANDIDATES);
  const byClass = new Map<number, T[]>();
  for (const c of top) {
    const group = byClass.get(c.classIndex);
    if (group) group.push(c);
    else byClass.set(c.classIndex, [c]);
  }
  return [...byClass.values()]
    .flatMap((group) => nms(group, iou))
    .sort((a, b) => b.score - a.score)
    .slice(0, max);
}
