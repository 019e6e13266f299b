import { Type, type Static } from '@sinclair/typebox';
import { SEVERITIES } from '../../platform/events/event-types.js';
import { Nullable, Paging, StringEnum, Timestamp } from '../../platform/http/schemas.js';

export const Severity = StringEnum(SEVERITIES);

export const AlertResponse = Type.Object({
  id: Type.Integer(),
  camera_id: Nullable(Type.Integer()),
  source_name: Type.String(),
  severity: Severity,
  title: Type.String(),
  message: Type.String(),
  created_at: Timestamp,
  acknowledged: Type.Boolean(),
  acknowledged_at: Nullable(Timestamp),
  /** username of who acknowledged it */
  acknowledged_by: Nullable(Type.String()),
  data: Type.Object({}, { additionalProperties: true }),
});
export type AlertResponse = Static<typeof AlertResponse>;

export const AlertList = Type.Object({ alerts: Type.Array(AlertResponse), total: Type.Integer() });
export type AlertList = Static<typeof AlertList>;

export const SourceName = Type.String({ minLength: 1, maxLength: 100 });

export const AlertQuery = Type.Object({
  ...Paging,
  acknowledged: Type.Optional(Type.Boolean()),
  severity: Type.Optional(Severity),
  source_name: Type.Optional(SourceName),
  camera_id: Type.Optional(Type.Integer({ minimum: 1 })),
  since: Type.Optional(Timestamp),
});
export type AlertQuery = Static<typeof AlertQuery>;

/** SEED.md AckIn: `ids` alone, filters (`severity`, `source_name`), or nothing at all. */
export const AckIn = Type.Object(
  {
    ids: Type.Optional(Nullable(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 10_000 }))),
    severity: Type.Optional(Type.Union([Severity, Type.Null()])),
    source_name: Type.Optional(Nullable(SourceName)),
  },
  { additionalProperties: false },
);
export type AckIn = Static<typeof AckIn>;

export const AckResult = Type.Object({
  /** alerts this call acknowledged */
  acknowledged: Type.Integer(),
  /** of the given ids, those that were acknowledged before */
  already_acknowledged: Type.Integer(),
  /** ids of the alerts this call acknowledged */
  ids: Type.Array(Type.Integer()),
});
export type AckResult = Static<typeof AckResult>;

/** What other modules (AI rules, the recorder) pass to AlertsService.raise. */
export interface RaiseAlert {
  camera_id?: number | null;
  source_name: string;
  severity: Static<typeof Severity>;
  title: string;
  message?: string;
  data?: Record<string, unknown>;
}

/** What an AI rule changes of the alert that follows its incident (AlertsService.update); `data` is merged in. */
export interface AlertChange {
  title: string;
  message: string;
  data: Record<string, unknown>;
}
