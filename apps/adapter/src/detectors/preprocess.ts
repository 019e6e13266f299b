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
