// Small box helpers shared by the detectors, the tracker and the scene composer.

/** [x1, y1, x2, y2]; floating point until the response is shaped. */
export type Box = [number, number, number, number];

export function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const inter = ix * iy;
  const union = area(a) + area(b) - inter;
  return union > 0 ? inter / union : 0;
}

export function area(b: Box): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}

/** Greedy non-maximum suppression; `items` need not be sorted. */
export function nms<T extends { box: Box; score: number }>(items: T[], threshold: number): T[] {
  const sorted = [...items].sort((a, b) => b.score - a.score);
  const kept: T[] = [];
  for (const item of sorted) {
    if (kept.every((k) => iou(k.box, item.box) < threshold)) kept.push(item);
  }
  return kept;
}

/** Integer pixel box clamped to a frame, as the wire format wants it. */
export function toPixelBox(b: Box, width: number, height: number): [number, number, number, number] {
  const clampX = (v: number) => Math.min(width, Math.max(0, Math.round(v)));
  const clampY = (v: number) => Math.min(height, Math.max(0, Math.round(v)));
  return [clampX(b[0]), clampY(b[1]), clampX(b[2]), clampY(b[3])];
}

export function scaleBox(b: Box, sx: number, sy: number): Box {
  return [b[0] * sx, b[1] * sy, b[2] * sx, b[3] * sy];
}
