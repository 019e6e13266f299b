// CenterNet's output → boxes. The net gives, per output cell (a quarter of the input's pixels on each axis), a
// sigmoid score per class and the distances from the cell to the box's left, top, right and bottom edges (input
// pixels). An object is a peak: a score that is the largest of its 3×3 neighbourhood in its class (the original
// graph does this with a 3×3 max-pool and an equality test, then keeps the top 100).
import type { Box } from './geometry.js';

export interface HeatmapHit {
  classIndex: number;
  score: number;
  /** input pixels */
  box: Box;
}

export interface CenterNetOutput {
  /** [classes, height, width] scores */
  heatmap: Float32Array;
  /** [4, height, width] distances to the left, top, right, bottom edges */
  edges: Float32Array;
  classes: number;
  height: number;
  width: number;
  /** input pixels per output cell */
  stride: number;
}

export function decodeCenterNet(out: CenterNetOutput, minScore: number, maxHits: number): HeatmapHit[] {
  const { heatmap, edges, classes, height, width, stride } = out;
  const plane = height * width;
  const hits: HeatmapHit[] = [];
  for (let c = 0; c < classes; c++) {
    const base = c * plane;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const score = heatmap[base + y * width + x]!;
        if (!(score >= minScore) || !isPeak(heatmap, base, width, height, x, y, score)) continue;
        const cell = y * width + x;
        const cx = x * stride;
        const cy = y * stride;
        hits.push({
          classIndex: c,
          score,
          box: [
            cx - edges[cell]!,
            cy - edges[plane + cell]!,
            cx + edges[2 * plane + cell]!,
            cy + edges[3 * plane + cell]!,
          ],
        });
      }
    }
  }
  hits.sort((a, b) => b.score - a.score);
  return hits.length > maxHits ? hits.slice(0, maxHits) : hits;
}

function isPeak(
  heatmap: Float32Array,
  base: number,
  width: number,
  height: number,
  x: number,
  y: number,
  score: number,
): boolean {
  for (let dy = -1; dy <= 1; dy++) {
    const ny = y + dy;
    if (ny < 0 || ny >= height) continue;
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx;
      if (nx < 0 || nx >= width) continue;
      if (heatmap[base + ny * width + nx]! > score) return false;
    }
  }
  return true;
}
