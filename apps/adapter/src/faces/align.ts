// Where a face is cut out for its descriptor: the bounding box of its 68 landmarks grown by 20 % (face-api's
// alignment; FaceRes then takes the square around it). The measurement that set the threshold used this box.
import type { Box } from '../models/geometry.js';

const BOX_PADDING = 0.2;

export function alignedBox(landmarks68: [number, number][]): Box {
  const xs = landmarks68.map((p) => p[0]);
  const ys = landmarks68.map((p) => p[1]);
  const [x1, y1, x2, y2] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const padX = ((x2 - x1) * BOX_PADDING) / 2;
  const padY = ((y2 - y1) * BOX_PADDING) / 2;
  return [x1 - padX, y1 - padY, x2 + padX, y2 + padY];
}
