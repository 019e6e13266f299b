// Decoding of frame bytes into raw RGB pixels with sharp. Runs inside inference workers.
import sharp from 'sharp';
import { AdapterError } from '../errors.js';

export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp'] as const;

/** Working-resolution RGB pixels plus the size of the original frame (bboxes are reported in the latter). */
export interface DecodedFrame {
  data: Uint8Array;
  width: number;
  height: number;
  original: { width: number; height: number };
}

/**
 * Every model here takes ≤ 512 px inputs, so frames are decoded at a working size of MIN_WORK_SIDE to
 * 2 × MIN_WORK_SIDE on the long side, shrinking by the largest integer factor that stays at or above
 * MIN_WORK_SIDE (a 1920 px photo is worked on at 640 px, a 768 px camera frame at full size). Integer factors
 * let libjpeg shrink while decoding (DCT scaling): a 1920 px JPEG decodes to 640 px in about a third of the
 * time of a 960 px decode, and measured on face-api's photos the face crops lose nothing that matters (same
 * faces, same genders, ages within 3 years, landmarks within a pixel on average).
 */
export const MIN_WORK_SIDE = 640;

export function workingSide(longest: number): number {
  const factor = Math.max(1, Math.floor(longest / MIN_WORK_SIDE));
  return Math.ceil(longest / factor);
}

/** The largest side a full-resolution decode keeps (crops around motion want every pixel, up to 4K). */
export const MAX_FULL_SIDE = 3840;

/** `full`: every pixel up to MAX_FULL_SIDE (crops around motion, detectors/crops.ts), else the working size. */
export async function decodeFrame(bytes: Uint8Array, { full = false } = {}): Promise<DecodedFrame> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch (err) {
    throw decodeError(`frame is not a decodable image: ${(err as Error).message}`);
  }
  const format = meta.format as string | undefined;
  if (!format || !(ACCEPTED_FORMATS as readonly string[]).includes(format)) {
    throw decodeError(`frame format ${format ?? 'unknown'} is not one of ${ACCEPTED_FORMATS.join(', ')}`);
  }
  const longest = Math.max(meta.width ?? 0, meta.height ?? 0);
  const workSide = full ? Math.min(longest, MAX_FULL_SIDE) : workingSide(longest);
  try {
    // autoOrient applies EXIF rotation so boxes match what a viewer shows.
    const { data, info } = await sharp(bytes, { failOn: 'error' })
      .autoOrient()
      .resize(workSide, workSide, { fit: 'inside', withoutEnlargement: true, fastShrinkOnLoad: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rotated = (meta.orientation ?? 1) >= 5;
    const original = {
      width: (rotated ? meta.height : meta.width) ?? info.width,
      height: (rotated ? meta.width : meta.height) ?? info.height,
    };
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      original,
    };
  } catch (err) {
    throw decodeError(`frame could not be decoded: ${(err as Error).message}`);
  }
}

function decodeError(message: string): AdapterError {
  return new AdapterError('frame_decode_failed', message);
}
