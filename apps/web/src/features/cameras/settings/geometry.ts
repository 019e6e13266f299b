// The polygon editor's geometry, kept pure so that it is tested without a browser. Points are normalised to the
// camera's picture (0–1 across and down), as the recorder stores masks and zones; on screen the picture may be
// any size, so a pointer position is divided by the drawn picture's box, and hit-testing measures distances in
// screen pixels (a handle is as easy to grab on a wide picture as on a narrow one).

export type Point = [number, number];
export type Polygon = Point[];

/** The drawn picture's box on screen (DOMRect's fields). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Coordinates are stored to four decimals: a tenth of a pixel of a 1000 px picture, and readable numbers. */
export function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** A pointer position (client pixels) as a normalised point of the picture, held inside it. */
export function normalise(clientX: number, clientY: number, box: Box): Point {
  if (box.width <= 0 || box.height <= 0) return [0, 0];
  return [round(clamp((clientX - box.left) / box.width)), round(clamp((clientY - box.top) / box.height))];
}

/** The index of the point within `radius` screen pixels of the pointer (the nearest), or -1. */
export function hitPoint(points: readonly Point[], at: Point, box: Box, radius: number): number {
  let found = -1;
  let best = radius;
  points.forEach(([x, y], index) => {
    const distance = Math.hypot((x - at[0]) * box.width, (y - at[1]) * box.height);
    if (distance <= best) {
      best = distance;
      found = index;
    }
  });
  return found;
}

/** The polygon with point `index` moved to `to` (a new array; the others untouched). */
export function movePoint(polygon: readonly Point[], index: number, to: Point): Polygon {
  return polygon.map((point, i) => (i === index ? [round(clamp(to[0])), round(clamp(to[1]))] : point));
}

/** The polygon with point `index` moved by a step (arrow keys), held inside the picture. */
export function nudgePoint(polygon: readonly Point[], index: number, dx: number, dy: number): Polygon {
  const point = polygon[index];
  if (!point) return [...polygon];
  return movePoint(polygon, index, [point[0] + dx, point[1] + dy]);
}

/** The polygon without point `index`. */
export function removePoint(polygon: readonly Point[], index: number): Polygon {
  return polygon.filter((_, i) => i !== index);
}

/** The polygon with a new point half-way along the edge that leaves point `index` (the keyboard's "add point"). */
export function splitEdge(polygon: readonly Point[], index: number): Polygon {
  const from = polygon[index];
  const to = polygon[(index + 1) % polygon.length];
  if (!from || !to) return [...polygon];
  const middle: Point = [round((from[0] + to[0]) / 2), round((from[1] + to[1]) / 2)];
  return [...polygon.slice(0, index + 1), middle, ...polygon.slice(index + 1)];
}

/** A starting shape for a polygon added without a pointer: a square in the middle of the picture. */
export function defaultSquare(): Polygon {
  return [
    [0.35, 0.35],
    [0.65, 0.35],
    [0.65, 0.65],
    [0.35, 0.65],
  ];
}

/** SVG `points` for a polygon drawn in a 0–1 viewBox. */
export function svgPoints(polygon: readonly Point[]): string {
  return polygon.map(([x, y]) => `${x},${y}`).join(' ');
}

/** Whether a point lies inside a polygon (even–odd rule), to pick a shape by clicking in it. */
export function insidePolygon(at: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > at[1] !== yj > at[1] && at[0] < ((xj - xi) * (at[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The index of the last-drawn (topmost) polygon containing the point, or -1. */
export function polygonAt(polygons: readonly (readonly Point[])[], at: Point): number {
  for (let index = polygons.length - 1; index >= 0; index--)
    if (insidePolygon(at, polygons[index]!)) return index;
  return -1;
}
