// The geometry of a saved layout: a grid of columns × rows whose tiles (0-based row/col, spans ≥ 1) each show one
// camera. Pure functions, shared by the wall that plays a layout and the editor that changes it.

/** A tile as the recorder stores it: string keys, integer values. */
export type LayoutTile = Record<string, number>;

export interface PlacedTile {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  cameraId: number | null;
}

export function placed(tile: LayoutTile): PlacedTile {
  return {
    row: tile.row ?? 0,
    col: tile.col ?? 0,
    rowSpan: Math.max(1, tile.row_span ?? 1),
    colSpan: Math.max(1, tile.col_span ?? 1),
    cameraId: tile.camera_id ?? null,
  };
}

export function stored(tile: PlacedTile): LayoutTile {
  return {
    row: tile.row,
    col: tile.col,
    ...(tile.rowSpan > 1 ? { row_span: tile.rowSpan } : {}),
    ...(tile.colSpan > 1 ? { col_span: tile.colSpan } : {}),
    ...(tile.cameraId !== null ? { camera_id: tile.cameraId } : {}),
  };
}

/** Tiles in reading order (row, then column): the order a phone shows them in, one per line. */
export function readingOrder<T extends { row: number; col: number }>(tiles: T[]): T[] {
  return [...tiles].sort((a, b) => a.row - b.row || a.col - b.col);
}

function covers(tile: PlacedTile, row: number, col: number): boolean {
  return row >= tile.row && row < tile.row + tile.rowSpan && col >= tile.col && col < tile.col + tile.colSpan;
}

/** The tile whose area includes the cell, if any. */
export function tileAt(tiles: PlacedTile[], row: number, col: number): PlacedTile | undefined {
  return tiles.find((tile) => covers(tile, row, col));
}

/** Whether a tile of this size at its place stays inside the grid and off every other tile. */
export function fits(tiles: PlacedTile[], candidate: PlacedTile, columns: number, rows: number): boolean {
  if (candidate.row + candidate.rowSpan > rows || candidate.col + candidate.colSpan > columns) return false;
  return tiles.every(
    (other) =>
      (other.row === candidate.row && other.col === candidate.col) ||
      other.row >= candidate.row + candidate.rowSpan ||
      other.row + other.rowSpan <= candidate.row ||
      other.col >= candidate.col + candidate.colSpan ||
      other.col + other.colSpan <= candidate.col,
  );
}

/** The tiles that still fit a resized grid: those reaching outside are dropped (the editor says how many). */
export function withinGrid(tiles: PlacedTile[], columns: number, rows: number): PlacedTile[] {
  return tiles.filter((tile) => tile.row + tile.rowSpan <= rows && tile.col + tile.colSpan <= columns);
}

/** Every camera of `cameraIds` in the first free cells, for a new layout that starts filled. */
export function fillGrid(cameraIds: number[], columns: number, rows: number): PlacedTile[] {
  return cameraIds.slice(0, columns * rows).map((cameraId, index) => ({
    row: Math.floor(index / columns),
    col: index % columns,
    rowSpan: 1,
    colSpan: 1,
    cameraId,
  }));
}

/** A layout id from its name ("Front of house" → "front-of-house"), unique among `taken`. */
export function layoutIdFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'layout';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}
