// Where a picture lands in a detector's input, and how a box in the input maps back onto the original picture.
// Pure arithmetic, shared by the worker (which resizes and pads the pixels) and the tests.
import type { Box } from '../models/geometry.js';
import type { Align, Resize } from './settings.js';

/** The picture resized to `width`×`height` and placed at `left`,`top` inside an `inputWidth`×`inputHeight` input. */
export interface Placement {
  inputWidth: number;
  inputHeight: number;
  width: number;
  height: number;
  left: number;
  top: number;
}

/**
 * letterbox: one scale for both axes (the smaller of the two fits), sizes rounded to whole pixels, the rest of the
 * input padded — centred (an odd padding leaves the extra pixel on the right / bottom, as Ultralytics does) or with
 * the picture in the top-left corner (YOLOX). stretch: the picture fills the input, each axis scaled on its own.
 */
export function placePicture(
  picture: { width: number; height: number },
  input: { width: number; height: number },
  resize: Resize,
  align: Align,
): Placement {
  if (resize === 'stretch')
    return {
      inputWidth: input.width,
      inputHeight: input.height,
      width: input.width,
      height: input.height,
      left: 0,
      top: 0,
    };
  const scale = Math.min(input.width / picture.width, input.height / picture.height);
  const width = Math.min(input.width, Math.max(1, Math.round(picture.width * scale)));
  const height = Math.min(input.height, Math.max(1, Math.round(picture.height * scale)));
  const centre = align === 'center';
  return {
    inputWidth: input.width,
    inputHeight: input.height,
    width,
    height,
    left: centre ? Math.floor((input.width - width) / 2) : 0,
    top: centre ? Math.floor((input.height - height) / 2) : 0,
  };
}

/**
 * A box in input pixels → the same box in the pixels of a picture of `target` size. The picture that was placed
 * may be a smaller working copy of the original (frames/decode.ts): the scale is taken per axis from the placed
 * size to the target size, so both steps are undone at once. The result is not clamped or rounded.
 */
export function boxToPicture(box: Box, placement: Placement, target: { width: number; height: number }): Box {
  const sx = target.width / placement.width;
  const sy = target.height / placement.height;
  return [
    (box[0] - placement.left) * sx,
    (box[1] - placement.top) * sy,
    (box[2] - placement.left) * sx,
    (box[3] - placement.top) * sy,
  ];
}
