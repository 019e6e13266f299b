import { Type, type Static } from '@sinclair/typebox';
import { FreeText, Nullable, Paging, Timestamp } from '../../platform/http/schemas.js';

const OptionalNullable = <T extends Parameters<typeof Nullable>[0]>(schema: T) =>
  Type.Optional(Nullable(schema));
const Pixel = Type.Integer({ minimum: 0, maximum: 1_000_000 });

/** SEED.md AIDetectionResultCreate. */
export const AIDetectionResultCreate = Type.Object(
  {
    model_id: Type.Integer({ minimum: 1 }),
    task: Type.String({ minLength: 1, maxLength: 64 }),
    camera_id: OptionalNullable(Type.Integer({ minimum: 1 })),
    label: OptionalNullable(Type.String({ maxLength: 200 })),
    caption: OptionalNullable(FreeText({ maxLength: 10_000 })),
    annotated_image_uri: OptionalNullable(Type.String({ maxLength: 2000 })),
    confidence: OptionalNullable(Type.Number({ minimum: 0, maximum: 1 })),
    count: OptionalNullable(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    bbox_x: OptionalNullable(Pixel),
    bbox_y: OptionalNullable(Pixel),
    bbox_width: OptionalNullable(Pixel),
    bbox_height: OptionalNullable(Pixel),
    latency_ms: OptionalNullable(Type.Integer({ minimum: 0, maximum: 86_400_000 })),
    executed_at: OptionalNullable(Timestamp),
  },
  { additionalProperties: false },
);
export type AIDetectionResultCreate = Static<typeof AIDetectionResultCreate>;

export const AIDetectionResultResponse = Type.Object({
  id: Type.Integer(),
  model_id: Type.Integer(),
  task: Type.String(),
  created_at: Timestamp,
  model_name: Nullable(Type.String()),
  camera_id: Nullable(Type.Integer()),
  label: Nullable(Type.String()),
  caption: Nullable(Type.String()),
  annotated_image_uri: Nullable(Type.String()),
  confidence: Nullable(Type.Number()),
  count: Nullable(Type.Integer()),
  bbox_x: Nullable(Type.Integer()),
  bbox_y: Nullable(Type.Integer()),
  bbox_width: Nullable(Type.Integer()),
  bbox_height: Nullable(Type.Integer()),
  latency_ms: Nullable(Type.Integer()),
  executed_at: Nullable(Timestamp),
});
export type AIDetectionResultResponse = Static<typeof AIDetectionResultResponse>;

export const AIDetectionResultList = Type.Object({
  results: Type.Array(AIDetectionResultResponse),
  total: Type.Integer(),
});
export type AIDetectionResultList = Static<typeof AIDetectionResultList>;

export const AIDetectionResultQuery = Type.Object({
  ...Paging,
  model_id: Type.Optional(Type.Integer({ minimum: 1 })),
  camera_id: Type.Optional(Type.Integer({ minimum: 1 })),
  task: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  since: Type.Optional(Timestamp),
  until: Type.Optional(Timestamp),
});
export type AIDetectionResultQuery = Static<typeof AIDetectionResultQuery>;
