// Detection accuracy as PASCAL VOC scores it, and Platt scaling of raw scores. Pure: no files, no models.
//  - Matching, per class over the whole set: detections in descending score; each takes the unmatched labelled
//    box of its class it overlaps most (IoU ≥ 0.5); a detection whose best box is `difficult` counts for nothing,
//    one on an already taken box or on nothing is a false positive. Detections of a class the frame does not
//    label exhaustively are left out. Greedy in score order, so the matches above a threshold are the prefix of
//    the matches above a lower one: one run at the lowest threshold serves every threshold.
//  - AP: all-point interpolated (the area under the precision envelope), as VOC 2010+ computes it.
//  - Platt: p = 1 / (1 + exp(-(a·score + b))) fitted by Newton's method to whether each detection was right,
//    with Platt's smoothed targets so that a set with few mistakes does not give infinite slopes.

export type Box = [number, number, number, number];

export interface Truth {
  label: string;
  box: Box;
  difficult?: boolean;
}

export interface Detection {
  label: string;
  box: Box;
  score: number;
}

export interface ScoredFrame {
  id: string;
  classes: string[];
  truths: Truth[];
  detections: Detection[];
}

export type Outcome = 'tp' | 'fp' | 'ignored';

export interface MatchedDetection extends Detection {
  frame: string;
  outcome: Outcome;
  /** index into the frame's truths when matched (tp) or ignored */
  truth?: number;
}

export function iou(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const area = (r: Box) => (r[2] - r[0]) * (r[3] - r[1]);
  return inter / (area(a) + area(b) - inter);
}

/** Every detection of `label` in frames that label it exhaustively, best first, with its outcome. */
export function matchClass(frames: ScoredFrame[], label: string, minIou = 0.5): MatchedDetection[] {
  const pool = frames
    .filter((f) => f.classes.includes(label))
    .flatMap((f) => f.detections.filter((d) => d.label === label).map((d) => ({ ...d, frame: f.id })))
    .sort((x, y) => y.score - x.score);
  const byId = new Map(frames.map((f) => [f.id, f]));
  const taken = new Set<string>();
  return pool.map((d): MatchedDetection => {
    const frame = byId.get(d.frame)!;
    let best = -1;
    let bestIou = 0;
    frame.truths.forEach((t, i) => {
      if (t.label !== label) return;
      const o = iou(d.box, t.box);
      if (o > bestIou) [best, bestIou] = [i, o];
    });
    if (best < 0 || bestIou < minIou) return { ...d, outcome: 'fp' };
    if (frame.truths[best]!.difficult) return { ...d, outcome: 'ignored', truth: best };
    const key = `${d.frame}#${best}`;
    if (taken.has(key)) return { ...d, outcome: 'fp' };
    taken.add(key);
    return { ...d, outcome: 'tp', truth: best };
  });
}

/** Labelled boxes of `label` that count (not difficult) in frames that label it exhaustively. */
export function positives(frames: ScoredFrame[], label: string): number {
  return frames
    .filter((f) => f.classes.includes(label))
    .reduce((n, f) => n + f.truths.filter((t) => t.label === label && !t.difficult).length, 0);
}

/** VOC all-point interpolated average precision of matched detections, best first. */
export function averagePrecision(matched: MatchedDetection[], npos: number): number {
  if (npos === 0) return NaN;
  const recall: number[] = [];
  const precision: number[] = [];
  let tp = 0;
  let fp = 0;
  for (const d of matched) {
    if (d.outcome === 'ignored') continue;
    if (d.outcome === 'tp') tp++;
    else fp++;
    recall.push(tp / npos);
    precision.push(tp / (tp + fp));
  }
  // The envelope: precision at recall r is the best precision at any recall ≥ r.
  for (let i = precision.length - 2; i >= 0; i--) precision[i] = Math.max(precision[i]!, precision[i + 1]!);
  let ap = 0;
  let prev = 0;
  for (let i = 0; i < recall.length; i++) {
    ap += (recall[i]! - prev) * precision[i]!;
    prev = recall[i]!;
  }
  return ap;
}

export interface ClassScores {
  tp: number;
  fp: number;
  npos: number;
  precision: number;
  recall: number;
  f1: number;
  ap: number;
}

/** Scores of one class counting only detections at or above `threshold`. */
export function scoreClass(matched: MatchedDetection[], npos: number, threshold: number): ClassScores {
  const kept = matched.filter((d) => d.score >= threshold);
  const tp = kept.filter((d) => d.outcome === 'tp').length;
  const fp = kept.filter((d) => d.outcome === 'fp').length;
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = npos === 0 ? NaN : tp / npos;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, npos, precision, recall, f1, ap: averagePrecision(kept, npos) };
}

export interface Platt {
  a: number;
  b: number;
}

export const calibrate = (p: Platt, score: number): number => 1 / (1 + Math.exp(-(p.a * score + p.b)));

/** The raw score whose calibrated value is `probability`. */
export const rawFor = (p: Platt, probability: number): number =>
  (Math.log(probability / (1 - probability)) - p.b) / p.a;

/** Fits p(right | score) to (score, right) pairs; needs at least one right and one wrong example. */
export function fitPlatt(samples: { score: number; right: boolean }[]): Platt {
  const nPos = samples.filter((s) => s.right).length;
  const nNeg = samples.length - nPos;
  if (nPos === 0 || nNeg === 0) throw new Error('Platt scaling needs both right and wrong detections');
  const hi = (nPos + 1) / (nPos + 2);
  const lo = 1 / (nNeg + 2);
  let a = 0;
  let b = Math.log((nPos + 1) / (nNeg + 1));
  for (let iter = 0; iter < 100; iter++) {
    // Gradient and Hessian of the log loss in (a, b).
    let ga = 0;
    let gb = 0;
    let haa = 1e-12;
    let hab = 0;
    let hbb = 1e-12;
    for (const s of samples) {
      const p = 1 / (1 + Math.exp(-(a * s.score + b)));
      const t = s.right ? hi : lo;
      const w = p * (1 - p);
      ga += (p - t) * s.score;
      gb += p - t;
      haa += w * s.score * s.score;
      hab += w * s.score;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) < 1e-10 && Math.abs(db) < 1e-10) break;
  }
  return { a, b };
}
