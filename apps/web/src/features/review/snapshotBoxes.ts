// An incident's boxes (normalised to its snapshot: left, top, width, height, 0–1) as the box-drawing component
// takes them (pixels of the picture shown), and in words for the list a screen reader reads.
// No imports: the fast test runs this file under Node as it is.

/** A box of a review item (ReviewItem['boxes']). */
export interface ReviewBox {
  label: string;
  confidence: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes in the pixels of a `width` × `height` picture, as [x1, y1, x2, y2] (to a hundredth of a pixel). */
export function boxesInPixels(
  boxes: readonly ReviewBox[],
  width: number,
  height: number,
): { label: string; confidence: number; bbox: number[] }[] {
  const px = (at: number, size: number) => Math.round(at * size * 100) / 100;
  return boxes.map((box) => ({
    label: box.label,
    confidence: box.confidence,
    bbox: [px(box.x, width), px(box.y, height), px(box.x + box.width, width), px(box.y + box.height, height)],
  }));
}

/** Where a box lies in the picture, by its centre in thirds: "top left", "centre", "bottom right"… */
export function whereInPicture(box: ReviewBox): string {
  const third = (at: number) => (at < 1 / 3 ? 0 : at < 2 / 3 ? 1 : 2);
  const row = ['top', '', 'bottom'][third(box.y + box.height / 2)]!;
  const column = ['left', '', 'right'][third(box.x + box.width / 2)]!;
  return [row, column].filter(Boolean).join(' ') || 'centre';
}

/** One box in words: "person, 90 % sure, left". */
export function boxInWords(box: ReviewBox): string {
  return `${box.label}, ${Math.round(box.confidence * 100)} % sure, ${whereInPicture(box)}`;
}
