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
 * Every model here takes ≤ 512 px inputs, so decoding at most WORK_SIDE px on the long side loses nothing
 * the models could see and lets libjpeg shrink on load (a 1920 px photo decodes several times faster).
 */
export const WORK_SIDE = 1024;

export async function decodeFrame(bytes: Uint8Array, workSide = WORK_SIDE): Promise<DecodedFrame> {
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
