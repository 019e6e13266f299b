// An operator detector's own files, read strictly: `detector.json` (every field optional, unknown fields refused,
// each problem naming the field) and `labels.txt` (one label a line). Pure: text in, settings or an error out.

/** Folder names that are also safe in logs, URLs and metric labels. */
export const DETECTOR_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** The built-in detector's name, for params.detector and DETECTOR. */
export const BUILT_IN_DETECTOR = 'centernet';

export const LAYOUTS = ['yolov5', 'yolov8', 'yolox', 'nms'] as const;
export type Layout = (typeof LAYOUTS)[number];
export type Resize = 'letterbox' | 'stretch';
export type Align = 'center' | 'top-left';
export type Channels = 'rgb' | 'bgr';
/** How 0–255 pixel values become the model's input: v / 255, v as is, or (v / 255 − mean) / std per channel. */
export type Normalize = '0-1' | '0-255' | { mean: [number, number, number]; std: [number, number, number] };

/** detector.json as written; absent fields are filled by `resolveSettings` once the layout is known. */
export interface DetectorFile {
  layout?: Layout;
  input?: [number, number];
  resize?: Resize;
  align?: Align;
  channels?: Channels;
  normalize?: Normalize;
  /** yolox only: the export decoded its boxes itself (`--decode_in_inference`). */
  decoded?: boolean;
  /** IoU above which the adapter's NMS drops the lower-scored of two boxes of one class. */
  iou?: number;
}

export interface Preprocessing {
  resize: Resize;
  align: Align;
  channels: Channels;
  normalize: Normalize;
}

export class DetectorConfigError extends Error {}

/** Inputs beyond this are not a camera detector (and would make a huge tensor). */
export const MAX_INPUT_SIDE = 4096;
export const MAX_LABELS = 2000;
const MAX_LABEL_LENGTH = 100;
const FIELDS = ['layout', 'input', 'resize', 'align', 'channels', 'normalize', 'decoded', 'iou'];

export function parseDetectorFile(text: string): DetectorFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new DetectorConfigError(`detector.json is not JSON: ${(err as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new DetectorConfigError('detector.json must be an object');
  const obj = raw as Record<string, unknown>;
  const fail = (field: string, expected: string): never => {
    throw new DetectorConfigError(
      `detector.json: ${field} must be ${expected} (got ${JSON.stringify(obj[field])})`,
    );
  };
  for (const key of Object.keys(obj))
    if (!FIELDS.includes(key))
      throw new DetectorConfigError(`detector.json: unknown field "${key}" (known: ${FIELDS.join(', ')})`);
  const oneOf = <T extends string>(field: string, values: readonly T[]): T | undefined => {
    const v = obj[field];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v))
      fail(field, `one of ${values.map((x) => `"${x}"`).join(', ')}`);
    return v as T;
  };
  const out: DetectorFile = {};
  const layout = oneOf('layout', LAYOUTS);
  if (layout) out.layout = layout;
  if (obj.input !== undefined) {
    const v = obj.input;
    if (
      !Array.isArray(v) ||
      v.length !== 2 ||
      !v.every((n) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= MAX_INPUT_SIDE)
    )
      fail('input', `[width, height], two integers in 1..${MAX_INPUT_SIDE}`);
    const [w, h] = v as [number, number];
    out.input = [w, h];
  }
  const resize = oneOf('resize', ['letterbox', 'stretch'] as const);
  if (resize) out.resize = resize;
  const align = oneOf('align', ['center', 'top-left'] as const);
  if (align) out.align = align;
  const channels = oneOf('channels', ['rgb', 'bgr'] as const);
  if (channels) out.channels = channels;
  if (obj.normalize !== undefined) out.normalize = parseNormalize(obj.normalize, fail);
  if (obj.decoded !== undefined) {
    if (typeof obj.decoded !== 'boolean') fail('decoded', 'true or false');
    if (layout !== 'yolox') fail('decoded', 'given only with "layout": "yolox"');
    out.decoded = obj.decoded as boolean;
  }
  if (obj.iou !== undefined) {
    const v = obj.iou;
    if (typeof v !== 'number' || !(v > 0 && v <= 1)) fail('iou', 'a number in (0, 1]');
    if (layout === 'nms') fail('iou', 'left out with "layout": "nms" (the model suppresses itself)');
    out.iou = v as number;
  }
  return out;
}

function parseNormalize(v: unknown, fail: (field: string, expected: string) => never): Normalize {
  if (v === '0-1' || v === '0-255') return v;
  const triple = (x: unknown, positive: boolean): x is [number, number, number] =>
    Array.isArray(x) &&
    x.length === 3 &&
    x.every((n) => typeof n === 'number' && Number.isFinite(n) && (!positive || n > 0));
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const extra = Object.keys(o).filter((k) => k !== 'mean' && k !== 'std');
    if (extra.length === 0 && triple(o.mean, false) && triple(o.std, true))
      return { mean: [...o.mean], std: [...o.std] };
  }
  return fail(
    'normalize',
    '"0-1", "0-255" or {"mean": [r, g, b], "std": [r, g, b]} (0–1 scale, std above 0)',
  );
}

/**
 * The preprocessing a layout implies unless detector.json says otherwise. Ultralytics exports (yolov5, yolov8, their
 * end-to-end `nms=True` form) take RGB 0–1, letterboxed and centred; YOLOX's own demo feeds BGR 0–255 with the
 * picture in the top-left corner and the padding below and to the right.
 */
export function resolvePreprocessing(layout: Layout, file: DetectorFile): Preprocessing {
  const yolox = layout === 'yolox';
  return {
    resize: file.resize ?? 'letterbox',
    align: file.align ?? (yolox ? 'top-left' : 'center'),
    channels: file.channels ?? (yolox ? 'bgr' : 'rgb'),
    normalize: file.normalize ?? (yolox ? '0-255' : '0-1'),
  };
}

/** labels.txt: one label a line; trailing blank lines are ignored, a blank line between labels is refused. */
export function parseLabels(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length === 0) throw new DetectorConfigError('labels.txt is empty');
  if (lines.length > MAX_LABELS)
    throw new DetectorConfigError(`labels.txt has ${lines.length} labels, more than ${MAX_LABELS}`);
  return lines.map((line, i) => {
    const label = line.trim();
    if (label === '')
      throw new DetectorConfigError(
        `labels.txt line ${i + 1} is blank (each line is the label of one class index)`,
      );
    if (label.length > MAX_LABEL_LENGTH || /\p{Cc}/u.test(label))
      throw new DetectorConfigError(
        `labels.txt line ${i + 1}: at most ${MAX_LABEL_LENGTH} characters, no control characters`,
      );
    return label;
  });
}
