// Where to look when the caller says where things move (params.regions, e.g. the recorder's motion boxes): square
// crops around the regions, at least 3/4 of the detector's input side in picture pixels (so a crop is enlarged at
// most 4/3), run one by one instead of the whole picture squeezed into the input. A person 40 px wide in a 1920 px
// picture is 11 px in a 512 px input when the whole picture is squeezed, and 40–53 px in a crop. Pure arithmetic.
import type { Box } from '../models/geometry.js';

/** A region in normalised picture coordinates (0–1), as the recorder's motion boxes are. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A crop in picture pixels (whole numbers, inside the picture). */
export interface Crop {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type CropPlan = { kind: 'whole' } | { kind: 'crops'; crops: Crop[] } | { kind: 'nothing' };

/**
 * The smallest crop side, as a share of the detector's input side: a crop is enlarged at most 4/3. Measured with
 * eval:detect on the video frames (docs/detection-accuracy.md): crops of at least the input side (never enlarged)
 * found 0.85 of the people at precision 0.97, at least 3/4 of it 0.85 at 1.00 (AP 0.94), the whole picture 0.82
 * at 1.00 (AP 0.93).
 */
export const MIN_CROP_SHARE = 0.75;
/** Share of a region's size added on each side: a moving arm is a region, the person around it must fit. */
export const REGION_PADDING = 0.5;
/** More crops than this cost more than looking at the whole picture once, at most picture sizes. */
export const MAX_CROPS = 4;

/**
 * The crops for `regions` in a `picture` for a detector whose input is `input` pixels square (its larger side):
 * - no region → nothing to look at;
 * - each region padded, then regions whose padded boxes overlap merged (repeatedly, until none overlap);
 * - each merged box becomes a square of side max(box, minSide), centred on it and shifted inside the picture;
 * - when the picture is not larger than minSide (a crop would be the picture), when a crop would cover the
 *   picture's shorter side, or when there are more than MAX_CROPS, the whole picture is looked at once.
 */
export function planCrops(
  regions: readonly Region[],
  picture: { width: number; height: number },
  input: number,
  /** the smallest crop side in picture pixels: below `input` a small crop is enlarged to the input */
  minSide = Math.round(input * MIN_CROP_SHARE),
): CropPlan {
  if (regions.length === 0) return { kind: 'nothing' };
  const { width: W, height: H } = picture;
  if (Math.max(W, H) <= minSide) return { kind: 'whole' };
  let boxes: Box[] = regions.map((r) => {
    const padX = r.width * REGION_PADDING;
    const padY = r.height * REGION_PADDING;
    return [
      Math.max(0, (r.x - padX) * W),
      Math.max(0, (r.y - padY) * H),
      Math.min(W, (r.x + r.width + padX) * W),
      Math.min(H, (r.y + r.height + padY) * H),
    ];
  });
  boxes = mergeOverlapping(boxes);
  const side = (b: Box) => Math.max(b[2] - b[0], b[3] - b[1], minSide);
  if (boxes.length > MAX_CROPS || boxes.some((b) => side(b) >= Math.min(W, H))) return { kind: 'whole' };
  const crops = boxes.map((b) => {
    const s = Math.round(side(b));
    const cx = (b[0] + b[2]) / 2;
    const cy = (b[1] + b[3]) / 2;
    return {
      left: clamp(Math.round(cx - s / 2), 0, W - s),
      top: clamp(Math.round(cy - s / 2), 0, H - s),
      width: s,
      height: s,
    };
  });
  return { kind: 'crops', crops };
}

function mergeOverlapping(boxes: Box[]): Box[] {
  const out = [...boxes];
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++)
      for (let j = i + 1; j < out.length && !merged; j++) {
        const [a, b] = [out[i]!, out[j]!];
        if (a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]) {
          out[i] = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
          out.splice(j, 1);
          merged = true;
        }
      }
  }
  return out;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
