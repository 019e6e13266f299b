// ViT image preprocessing as preprocessor_config.json describes it (ViTImageProcessor / ViTFeatureExtractor):
// resize to a fixed height × width, scale to 0..1, normalise per channel, planar float32 RGB [1, 3, H, W].
import sharp from 'sharp';
import type { DecodedFrame } from '../../frames/decode.js';

export interface ImagePreprocessing {
  width: number;
  height: number;
  kernel: keyof sharp.KernelEnum;
  rescale: number;
  mean: [number, number, number];
  std: [number, number, number];
}

// PIL resample codes as the config stores them → the nearest sharp kernel (2 = bilinear is ViT's default).
const KERNELS: Record<number, keyof sharp.KernelEnum> = {
  0: 'nearest',
  1: 'lanczos3',
  2: 'linear',
  3: 'cubic',
  4: 'linear',
  5: 'cubic',
};

const triple = (value: unknown, name: string, fallback: number): [number, number, number] => {
  if (value === undefined) return [fallback, fallback, fallback];
  const list = typeof value === 'number' ? [value, value, value] : value;
  if (!Array.isArray(list) || list.length !== 3 || !list.every((v) => typeof v === 'number'))
    throw new Error(`preprocessor_config.json ${name} must be three numbers`);
  return list as [number, number, number];
};

/** Reads the processor settings; ones this adapter cannot apply are refused rather than skipped. */
export function imagePreprocessing(json: Record<string, unknown>): ImagePreprocessing {
  if (json.do_center_crop === true)
    throw new Error('preprocessor_config.json do_center_crop is not supported (ViT processors do not crop)');
  if (json.do_resize === false) throw new Error('preprocessor_config.json do_resize=false is not supported');
  const size = json.size ?? 224;
  let width: unknown;
  let height: unknown;
  if (typeof size === 'number') width = height = size;
  else if (typeof size === 'object' && size !== null && 'height' in size && 'width' in size)
    ({ width, height } = size);
  const valid = (n: unknown): n is number =>
    Number.isInteger(n) && (n as number) > 0 && (n as number) <= 4096;
  if (!valid(width) || !valid(height))
    throw new Error(`preprocessor_config.json size ${JSON.stringify(size)} is not a fixed height and width`);
  const resample = json.resample ?? 2;
  const kernel = KERNELS[resample as number];
  if (!kernel) throw new Error(`preprocessor_config.json resample ${JSON.stringify(resample)} is unknown`);
  const rescale =
    json.do_rescale === false ? 1 : typeof json.rescale_factor === 'number' ? json.rescale_factor : 1 / 255;
  const normalize = json.do_normalize !== false;
  return {
    width,
    height,
    kernel,
    rescale,
    mean: normalize ? triple(json.image_mean, 'image_mean', 0.5) : [0, 0, 0],
    std: normalize ? triple(json.image_std, 'image_std', 0.5) : [1, 1, 1],
  };
}

/**
 * The encoder's pixel_values for a frame decoded by the adapter's decoder (EXIF-rotated RGB at its working
 * size), stretched to the model's size without keeping the aspect ratio, as the ViT processor does.
 */
export async function pixelValues(
  frame: Pick<DecodedFrame, 'data' | 'width' | 'height'>,
  p: ImagePreprocessing,
): Promise<{ data: Float32Array; dims: [1, 3, number, number] }> {
  const rgb = await sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } })
    .resize(p.width, p.height, { fit: 'fill', kernel: p.kernel })
    .raw()
    .toBuffer();
  const plane = p.width * p.height;
  const data = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) {
      data[c * plane + i] = (rgb[i * 3 + c]! * p.rescale - p.mean[c]!) / p.std[c]!;
    }
  }
  return { data, dims: [1, 3, p.height, p.width] };
}
