// Polygons in normalised picture coordinates (x and y from 0 at the top left to 1 at the bottom right), as motion
// masks and zones are drawn: validation with a reason a person can act on, point-in-polygon, and rasterising
// onto a small picture grid.

export type Point = readonly [x: number, y: number];
export type Polygon = readonly Point[];

/** Why the polygon cannot be used, or null: at least 3 points, each inside 0–1, and edges that do not cross. */
export function polygonProblem(polygon: Polygon): string | null {
  if (polygon.length < 3) return 'A polygon needs at least 3 points';
  for (const [index, [x, y]] of polygon.entries()) {
    if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1))
      return `Point ${index + 1} lies outside the picture: coordinates go from 0 to 1`;
  }
  const n = polygon.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a point; that is not a crossing.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsCross(polygon[i]!, polygon[(i + 1) % n]!, polygon[j]!, polygon[(j + 1) % n]!))
        return `Edges ${i + 1} and ${j + 1} cross: the polygon must not intersect itself`;
    }
  }
  if (Math.abs(signedArea(polygon)) < 1e-9) return 'The polygon has no area: its points lie on one line';
  return null;
}

/** Whether (x, y) lies inside the polygon (even-odd rule; a point on an edge may go either way). */
export function pointInPolygon(x: number, y: number, polygon: Polygon): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A width × height grid, 1 where a pixel's centre lies inside any of the polygons. */
export function rasterize(polygons: readonly Polygon[], width: number, height: number): Uint8Array {
  const grid = new Uint8Array(width * height);
  for (const polygon of polygons) {
    for (let row = 0; row < height; row++) {
      const y = (row + 0.5) / height;
      for (let column = 0; column < width; column++) {
        if (pointInPolygon((column + 0.5) / width, y, polygon)) grid[row * width + column] = 1;
      }
    }
  }
  return grid;
}

function signedArea(polygon: Polygon): number {
  let sum = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++)
    sum += polygon[j]![0] * polygon[i]![1] - polygon[i]![0] * polygon[j]![1];
  return sum / 2;
}

function orientation(a: Point, b: Point, c: Point): number {
  const value = (b[1] - a[1]) * (c[0] - b[0]) - (b[0] - a[0]) * (c[1] - b[1]);
  return Math.abs(value) < 1e-12 ? 0 : Math.sign(value);
}

function onSegment(a: Point, b: Point, p: Point): boolean {
  return (
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

/** Whether segments ab and cd share any point (touching counts: a polygon may not touch itself either). */
function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  );
}
