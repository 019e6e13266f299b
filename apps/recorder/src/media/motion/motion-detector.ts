// Motion in a camera's picture, from small grey frames (a few per second of the detection stream, scaled down):
// each frame is lightly blurred and compared with a running-average background; pixels that differ by more than
// the threshold, outside the masks, are grouped into boxes, and boxes smaller than the minimum area are noise.
// A change over most of the picture at once (lights switched, the camera's night mode, a moved camera) is not
// motion: the background starts again from that frame. Deterministic and allocation-light: one detector per
// camera keeps its buffers.
import { rasterize, type Polygon } from '../../platform/geometry/polygon.js';

export interface MotionSettings {
  /** how much a pixel (0–255) must differ from the background to count as changed */
  threshold: number;
  /** the smallest group of changed pixels that is motion, as a fraction of the picture */
  minArea: number;
  /** how much of each new frame the background takes in (0–1): higher forgets things that stopped sooner */
  learningRate: number;
  /** areas where nothing counts (normalised polygons: a tree in the wind, a timestamp overlay) */
  masks: readonly Polygon[];
}

export const DEFAULT_MOTION_SETTINGS: MotionSettings = {
  threshold: 25,
  minArea: 0.002,
  // A person who stops fades into the background in ~2.5 s at 5 pictures/s (0.05 left a ~5 s ghost of motion).
  learningRate: 0.1,
  masks: [],
};

/** A moving region, in normalised coordinates, with the share of the picture that changed inside it. */
export interface MotionBox {
  x: number;
  y: number;
  width: number;
  height: number;
  area: number;
}

export interface MotionResult {
  boxes: MotionBox[];
  /** changed share of the unmasked picture (before grouping) */
  changed: number;
  /** true while the background is (re)learnt: the first frame, and after a change of the whole picture */
  calibrating: boolean;
}

/** Above this changed share the whole scene changed (lighting, night mode) rather than something in it. */
const SCENE_CHANGE = 0.5;

export class MotionDetector {
  readonly #pixels: number;
  readonly #ignored: Uint8Array;
  readonly #unmasked: number;
  readonly #blurred: Uint8Array;
  readonly #rowSums: Uint16Array;
  readonly #changed: Uint8Array;
  readonly #grown: Uint8Array;
  readonly #visited: Uint8Array;
  #background: Float32Array | null = null;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly settings: MotionSettings = DEFAULT_MOTION_SETTINGS,
  ) {
    this.#pixels = width * height;
    this.#ignored = rasterize(settings.masks, width, height);
    this.#unmasked = this.#pixels - this.#ignored.reduce((sum, value) => sum + value, 0);
    this.#blurred = new Uint8Array(this.#pixels);
    this.#rowSums = new Uint16Array(this.#pixels);
    this.#changed = new Uint8Array(this.#pixels);
    this.#grown = new Uint8Array(this.#pixels);
    this.#visited = new Uint8Array(this.#pixels);
  }

  /** One grey frame (width × height bytes, row by row). */
  analyse(gray: Uint8Array): MotionResult {
    if (gray.length !== this.#pixels)
      throw new RangeError(
        `a ${this.width}x${this.height} grey frame has ${this.#pixels} bytes, not ${gray.length}`,
      );
    blur3(gray, this.#blurred, this.#rowSums, this.width, this.height);
    if (!this.#background || this.#unmasked === 0) {
      this.#background = Float32Array.from(this.#blurred);
      return { boxes: [], changed: 0, calibrating: true };
    }
    // One pass compares each pixel with the background and moves the background towards it; a change of the
    // whole scene then replaces the background outright, so updating it first costs nothing there.
    const background = this.#background;
    const blurred = this.#blurred;
    const ignored = this.#ignored;
    const changedPixels = this.#changed;
    const { threshold, learningRate: rate } = this.settings;
    let count = 0;
    for (let i = 0; i < this.#pixels; i++) {
      const value = blurred[i]!;
      const difference = value - background[i]!;
      const moved = ignored[i] === 0 && (difference > threshold || difference < -threshold);
      changedPixels[i] = moved ? 1 : 0;
      if (moved) count++;
      background[i]! += rate * difference;
    }
    const changed = count / this.#unmasked;
    if (changed > SCENE_CHANGE) {
      background.set(blurred);
      return { boxes: [], changed, calibrating: true };
    }
    if (count === 0) return { boxes: [], changed, calibrating: false };
    dilate3(this.#changed, this.#grown, this.width, this.height);
    const boxes = mergeOverlapping(this.#regions()).filter((box) => box.area >= this.settings.minArea);
    return { boxes, changed, calibrating: false };
  }

  /** Connected groups of grown pixels, each counted by the changed pixels it holds. */
  #regions(): MotionBox[] {
    const { width, height } = this;
    const visited = this.#visited.fill(0);
    const stack: number[] = [];
    const boxes: MotionBox[] = [];
    for (let start = 0; start < this.#pixels; start++) {
      if (this.#grown[start] === 0 || visited[start] !== 0) continue;
      let [left, top, right, bottom] = [width, height, -1, -1];
      let changedPixels = 0;
      visited[start] = 1;
      stack.push(start);
      while (stack.length > 0) {
        const at = stack.pop()!;
        const x = at % width;
        const y = (at - x) / width;
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        changedPixels += this.#changed[at]!;
        // The four neighbours, without building a list for each pixel (this loop runs for every moving pixel).
        if (x > 0) this.#visit(at - 1, stack);
        if (x < width - 1) this.#visit(at + 1, stack);
        if (y > 0) this.#visit(at - width, stack);
        if (y < height - 1) this.#visit(at + width, stack);
      }
      boxes.push({
        x: left / width,
        y: top / height,
        width: (right - left + 1) / width,
        height: (bottom - top + 1) / height,
        area: changedPixels / this.#pixels,
      });
    }
    return boxes;
  }

  #visit(at: number, stack: number[]): void {
    if (this.#grown[at] === 0 || this.#visited[at] !== 0) return;
    this.#visited[at] = 1;
    stack.push(at);
  }
}

/**
 * 3×3 box blur (edges average the pixels there are): camera noise and compression speckle stay below the
 * threshold. Separable — row sums first, then three of them added — with the edge cases outside the inner loop.
 */
function blur3(
  source: Uint8Array,
  target: Uint8Array,
  rowSums: Uint16Array,
  width: number,
  height: number,
): void {
  const last = width - 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    rowSums[row] = source[row]! + source[row + 1]!;
    for (let i = row + 1; i < row + last; i++) rowSums[i] = source[i - 1]! + source[i]! + source[i + 1]!;
    rowSums[row + last] = source[row + last - 1]! + source[row + last]!;
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const above = y > 0 ? -width : 0;
    const below = y < height - 1 ? width : 0;
    const rows = 1 + (above ? 1 : 0) + (below ? 1 : 0);
    const sumAt = (i: number) =>
      rowSums[i]! + (above ? rowSums[i + above]! : 0) + (below ? rowSums[i + below]! : 0);
    target[row] = Math.round(sumAt(row) / (2 * rows));
    target[row + last] = Math.round(sumAt(row + last) / (2 * rows));
    if (above && below) {
      // Inside the picture (nearly every pixel): nine pixels, their rounded mean from a table.
      for (let i = row + 1; i < row + last; i++)
        target[i] = NINTHS[rowSums[i - width]! + rowSums[i]! + rowSums[i + width]!]!;
      continue;
    }
    const inner = 3 * rows;
    for (let i = row + 1; i < row + last; i++) target[i] = Math.round(sumAt(i) / inner);
  }
}

/** Math.round(sum / 9) for every sum of nine grey values. */
const NINTHS = Uint8Array.from({ length: 9 * 255 + 1 }, (_, sum) => Math.round(sum / 9));

/** 3×3 dilation: the changed pixels of one moving thing (a person's limbs and body) join into one region. */
function dilate3(source: Uint8Array, target: Uint8Array, width: number, height: number): void {
  target.fill(0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (source[y * width + x] === 0) continue;
      for (let row = Math.max(0, y - 1); row <= Math.min(height - 1, y + 1); row++)
        for (let column = Math.max(0, x - 1); column <= Math.min(width - 1, x + 1); column++)
          target[row * width + column] = 1;
    }
  }
}

/** Boxes that overlap become their union, until none overlap. */
function mergeOverlapping(boxes: MotionBox[]): MotionBox[] {
  const result = [...boxes];
  for (let merged = true; merged;) {
    merged = false;
    outer: for (let i = 0; i < result.length; i++) {
      for (let j = i + 1; j < result.length; j++) {
        const a = result[i]!;
        const b = result[j]!;
        if (a.x > b.x + b.width || b.x > a.x + a.width || a.y > b.y + b.height || b.y > a.y + a.height)
          continue;
        const x = Math.min(a.x, b.x);
        const y = Math.min(a.y, b.y);
        result[i] = {
          x,
          y,
          width: Math.max(a.x + a.width, b.x + b.width) - x,
          height: Math.max(a.y + a.height, b.y + b.height) - y,
          area: a.area + b.area,
        };
        result.splice(j, 1);
        merged = true;
        break outer;
      }
    }
  }
  return result;
}
