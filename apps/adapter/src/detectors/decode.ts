// A detector's output tensor → candidate boxes in input pixels. The layout is read from detector.json or inferred
// from the output's shape and the number of labels; a shape that fits no layout is refused with the reason.
//   yolov5  [1, N, 5+C]  cx, cy, w, h, objectness, C class scores (score = objectness × best class); also a
//                        YOLOX export made with --decode_in_inference is this, numerically (see yolox)
//   yolov8  [1, 4+C, N]  cx, cy, w, h, C class scores (Ultralytics v8, v11 and later detect heads)
//   yolox   [1, N, 5+C]  as yolov5, but boxes not decoded: per-cell offsets and log sizes on the stride 8, 16 and
//                        32 grids, decoded here; `decoded: true` takes an export that decoded them itself
//   nms     [1, K, 6]    x1, y1, x2, y2, score, class: an end-to-end export that already suppressed duplicates
//                        (Ultralytics `nms=True`); rows with score 0 are padding
// Pure: numbers in, candidates out.
import type { Box } from '../models/geometry.js';
import { DetectorConfigError, type Layout } from './settings.js';

export interface Candidate {
  /** x1, y1, x2, y2 in input pixels */
  box: Box;
  score: number;
  classIndex: number;
}

export interface OutputTensor {
  dims: readonly number[];
  data: Float32Array;
}

export const YOLOX_STRIDES = [8, 16, 32] as const;

const shape = (dims: readonly number[]) => `[${dims.join(', ')}]`;

/** The three dims of a batch-1 output, or the reason there are not. */
function batchOf(dims: readonly number[]): [number, number] {
  if (dims.length !== 3 || dims[0] !== 1)
    throw new DetectorConfigError(
      `output ${shape(dims)} is not [1, rows, columns]: only single-picture detection outputs are read`,
    );
  return [dims[1]!, dims[2]!];
}

/** Rows of a yolox output for an input of this size: one per cell of the stride 8, 16 and 32 grids. */
export function yoloxRows(input: { width: number; height: number }): number {
  return YOLOX_STRIDES.reduce((n, s) => n + Math.floor(input.width / s) * Math.floor(input.height / s), 0);
}

/** The layouts an output of this shape could be, for `labels` classes. */
function fitting(dims: readonly number[], labels: number): Layout[] {
  const [a, b] = batchOf(dims);
  const out: Layout[] = [];
  if (a === 4 + labels && b !== 4 + labels) out.push('yolov8');
  if (b === 5 + labels) out.push('yolov5');
  if (b === 6) out.push('nms');
  return out;
}

/**
 * The layout of an output: the declared one after checking that the shape fits it, else the only one the shape
 * fits. yolox is never inferred: its raw and decoded forms have the same shape as yolov5.
 */
export function resolveLayout(
  dims: readonly number[],
  labels: number,
  input: { width: number; height: number },
  declared: Layout | undefined,
  decoded = false,
): Layout {
  const [a, b] = batchOf(dims);
  if (declared) {
    const problem = layoutProblem(declared, a, b, labels, input, decoded);
    if (problem) throw new DetectorConfigError(problem);
    return declared;
  }
  const layouts = fitting(dims, labels);
  if (layouts.length === 1) return layouts[0]!;
  if (layouts.length > 1)
    throw new DetectorConfigError(
      `output ${shape(dims)} with ${labels} labels fits ${layouts.join(' and ')}: set "layout" in detector.json`,
    );
  const hints = [
    a > 4 && b > a ? `yolov8 [1, 4+C, N] would mean ${a - 4} labels` : null,
    b > 5 && a > b ? `yolov5 [1, N, 5+C] would mean ${b - 5} labels` : null,
  ].filter(Boolean);
  throw new DetectorConfigError(
    `output ${shape(dims)} fits no layout with the ${labels} labels of labels.txt` +
      (hints.length ? ` (${hints.join('; ')})` : ''),
  );
}

function layoutProblem(
  layout: Layout,
  a: number,
  b: number,
  labels: number,
  input: { width: number; height: number },
  decoded: boolean,
): string | null {
  const dims = shape([1, a, b]);
  switch (layout) {
    case 'yolov8':
      return a === 4 + labels
        ? null
        : `layout yolov8 needs an output [1, 4+C, N]; ${dims} has ${a - 4} classes, labels.txt ${labels}`;
    case 'yolov5':
    case 'yolox': {
      if (b !== 5 + labels)
        return `layout ${layout} needs an output [1, N, 5+C]; ${dims} has ${b - 5} classes, labels.txt ${labels}`;
      const rows = yoloxRows(input);
      if (layout === 'yolox' && !decoded && a !== rows)
        return `layout yolox (not decoded) needs ${rows} rows for a ${input.width}×${input.height} input (strides 8, 16, 32); ${dims} has ${a}`;
      return null;
    }
    case 'nms':
      return b === 6
        ? null
        : `layout nms needs an output [1, K, 6] (x1, y1, x2, y2, score, class); got ${dims}`;
  }
}

/** Candidates scoring at least `minScore`, in input pixels, in the output's order. */
export function decodeOutput(
  layout: Layout,
  output: OutputTensor,
  labels: number,
  input: { width: number; height: number },
  minScore: number,
  decoded = false,
): Candidate[] {
  const [a, b] = batchOf(output.dims);
  const d = output.data;
  const out: Candidate[] = [];
  const centre = (cx: number, cy: number, w: number, h: number): Box => [
    cx - w / 2,
    cy - h / 2,
    cx + w / 2,
    cy + h / 2,
  ];
  if (layout === 'yolov8') {
    // Column-major per anchor: value k of anchor i is at k * N + i.
    const n = b;
    for (let i = 0; i < n; i++) {
      let best = -Infinity;
      let cls = -1;
      for (let c = 0; c < labels; c++) {
        const s = d[(4 + c) * n + i]!;
        if (s > best) [best, cls] = [s, c];
      }
      if (!(best >= minScore)) continue;
      out.push({ box: centre(d[i]!, d[n + i]!, d[2 * n + i]!, d[3 * n + i]!), score: best, classIndex: cls });
    }
    return out;
  }
  if (layout === 'nms') {
    for (let i = 0; i < a; i++) {
      const r = i * b;
      const score = d[r + 4]!;
      const cls = d[r + 5]!;
      if (!(score >= minScore) || !Number.isInteger(cls) || cls < 0 || cls >= labels) continue;
      out.push({ box: [d[r]!, d[r + 1]!, d[r + 2]!, d[r + 3]!], score, classIndex: cls });
    }
    return out;
  }
  // yolov5 and yolox rows: cx, cy, w, h, objectness, classes.
  const grid = layout === 'yolox' && !decoded ? yoloxGrid(input) : null;
  for (let i = 0; i < a; i++) {
    const r = i * b;
    const obj = d[r + 4]!;
    if (!(obj >= minScore)) continue; // the score is obj × class ≤ obj
    let best = -Infinity;
    let cls = -1;
    for (let c = 0; c < labels; c++) {
      const s = d[r + 5 + c]!;
      if (s > best) [best, cls] = [s, c];
    }
    const score = obj * best;
    if (!(score >= minScore)) continue;
    let [cx, cy, w, h] = [d[r]!, d[r + 1]!, d[r + 2]!, d[r + 3]!];
    if (grid) {
      const s = grid.stride[i]!;
      [cx, cy, w, h] = [(cx + grid.x[i]!) * s, (cy + grid.y[i]!) * s, Math.exp(w) * s, Math.exp(h) * s];
    }
    out.push({ box: centre(cx, cy, w, h), score, classIndex: cls });
  }
  return out;
}

/** Cell x, y and stride of each row of a raw YOLOX output: stride 8's cells row by row, then 16's, then 32's. */
export function yoloxGrid(input: { width: number; height: number }) {
  const rows = yoloxRows(input);
  const x = new Int32Array(rows);
  const y = new Int32Array(rows);
  const stride = new Int32Array(rows);
  let i = 0;
  for (const s of YOLOX_STRIDES) {
    const gw = Math.floor(input.width / s);
    const gh = Math.floor(input.height / s);
    for (let gy = 0; gy < gh; gy++)
      for (let gx = 0; gx < gw; gx++, i++) [x[i], y[i], stride[i]] = [gx, gy, s];
  }
  return { x, y, stride };
}
