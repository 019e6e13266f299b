import { Type, type Static } from '@sinclair/typebox';
import { DESCRIPTION_MAX_LENGTH, FreeText, Nullable, Paging } from '../../platform/http/schemas.js';

/** At most one tile per grid cell of the largest (8 × 8) grid. */
export const MAX_TILES = 64;

/** A tile: string keys, integer values (row, col, row_span, col_span, camera_id, …). */
export const Tile = Type.Record(
  Type.String({ pattern: '^[a-z][a-z0-9_]{0,31}$' }),
  Type.Integer({ minimum: -2147483648, maximum: 2147483647 }),
  // A record only checks the keys that match its pattern: other keys are refused, not taken with any value.
  { maxProperties: 16, additionalProperties: false },
);
export type Tile = Static<typeof Tile>;

export const LayoutId = Type.String({ minLength: 1, maxLength: 50 });

export const CustomWindowLayout = Type.Object(
  {
    id: LayoutId,
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Nullable(FreeText({ maxLength: DESCRIPTION_MAX_LENGTH }))),
    enabled: Type.Boolean({ default: true }),
    grid_columns: Type.Integer({ minimum: 1, maximum: 8, default: 4 }),
    grid_rows: Type.Integer({ minimum: 1, maximum: 8, default: 4 }),
    tiles: Type.Array(Tile, { default: [], maxItems: MAX_TILES }),
  },
  { additionalProperties: false },
);
export type CustomWindowLayout = Static<typeof CustomWindowLayout>;

export const LayoutResponse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  grid_columns: Type.Integer(),
  grid_rows: Type.Integer(),
  tiles: Type.Array(Type.Record(Type.String(), Type.Integer())),
});
export type LayoutResponse = Static<typeof LayoutResponse>;

export const LayoutList = Type.Object({ layouts: Type.Array(LayoutResponse), total: Type.Integer() });
export type LayoutList = Static<typeof LayoutList>;

export const LayoutListQuery = Type.Object({ ...Paging });
export type LayoutListQuery = Static<typeof LayoutListQuery>;

export const LayoutParams = Type.Object({ id: LayoutId });
