// A decoded frame → a detector's NCHW float32 input: resized and placed as letterbox.ts says (padding grey 114, the
// value Ultralytics and YOLOX pad with), channels in the model's order, values scaled as detector.json says.
import sharp from 'sharp';
import type { Placement } from './letterbox.js';
import type { Channels, Normalize } from './settings.js';

export const PAD_GREY = 114;

/** RGB pixels (HWC, 8 bit) of the whole input: the picture resized and placed, the rest grey. */
export async function placePixels(
  rgb: Uint8Array,
  size: { width: number; height: number },
  placement: Placement,
): Promise<Uint8Array> {
  let image = sharp(rgb, { raw: { width: size.width, height: size.height, channels: 3 } });
  if (placement.width !== size.width || placement.height !== size.height)
    image = image.resize(placement.width, placement.height, { fit: 'fill' });
  const right = placement.inputWidth - placement.width - placement.left;
  const bottom = placement.inputHeight - placement.height - placement.top;
  if (placement.left || placement.top || right || bottom)
    image = image.extend({
      left: placement.left,
      top: placement.top,
      right,
      bottom,
      background: { r: PAD_GREY, g: PAD_GREY, b: PAD_GREY },
    });
  const data = await image.raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** HWC RGB bytes → NCHW float32 planes, in the model's channel order and value scale. */
export function toTensor(
  rgb: Uint8Array,
  width: number,
  height: number,
  channels: Channels,
  normalize: Normalize,
): Float32Array {
  const plane = width * height;
  const out = new Float32Array(3 * plane);
  const order = channels === 'rgb' ? [0, 1, 2] : [2, 1, 0];
  for (let k = 0; k < 3; k++) {
    const src = order[k]!;
    let scale: number;
    let offset: number;
    if (normalize === '0-1') [scale, offset] = [1 / 255, 0];
    else if (normalize === '0-255') [scale, offset] = [1, 0];
    else {
      // mean and std are given per input channel, in the model's order.
      const std = normalize.std[k]!;
      [scale, offset] = [1 / (255 * std), -normalize.mean[k]! / std];
    }
    const base = k * plane;
    for (let p = 0; p < plane; p++) out[base + p] = rgb[p * 3 + src]! * scale + offset;
  }
  return out;
}

/**
 * HWC RGB bytes → NCHW float32 planes of `outWidth`×`outHeight`, resized bilinearly as TensorFlow's
 * resizeBilinear does by default (source = destination × scale, no half-pixel offset, corners not aligned), values
 * as they are (0–255). For CenterNet, which was trained on that resize: one pass in JS, 3–4× faster here than
 * sharp's resize of a small picture followed by toTensor.
 */
export function bilinearPlanes(
  rgb: Uint8Array,
  width: number,
  height: number,
  outWidth: number,
  outHeight: number,
): Float32Array {
  const plane = outWidth * outHeight;
  const out = new Float32Array(3 * plane);
  const sx = width / outWidth;
  const sy = height / outHeight;
  const x0s = new Int32Array(outWidth);
  const x1s = new Int32Array(outWidth);
  const fxs = new Float32Array(outWidth);
  for (let x = 0; x < outWidth; x++) {
    const src = x * sx;
    const x0 = Math.min(width - 1, Math.floor(src));
    x0s[x] = x0 * 3;
    x1s[x] = Math.min(width - 1, x0 + 1) * 3;
    fxs[x] = src - x0;
  }
  for (let y = 0; y < outHeight; y++) {
    const src = y * sy;
    const y0 = Math.min(height - 1, Math.floor(src));
    const y1 = Math.min(height - 1, y0 + 1);
    const fy = src - y0;
    const row0 = y0 * width * 3;
    const row1 = y1 * width * 3;
    const base = y * outWidth;
    for (let x = 0; x < outWidth; x++) {
      const a = row0 + x0s[x]!;
      const b = row0 + x1s[x]!;
      const c = row1 + x0s[x]!;
      const d = row1 + x1s[x]!;
      const fx = fxs[x]!;
      for (let k = 0; k < 3; k++) {
        const top = rgb[a + k]! + (rgb[b + k]! - rgb[a + k]!) * fx;
        const bottom = rgb[c + k]! + (rgb[d + k]! - rgb[c + k]!) * fx;
        out[k * plane + base + x] = top + (bottom - top) * fy;
      }
    }
  }
  return out;
}
