import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, Timestamp } from '../../platform/http/schemas.js';
import { ADAPTER_STATUSES, AdapterModel } from '../adapters/adapters.schemas.js';

const Opaque = Type.Object({}, { additionalProperties: true });

/**
 * API.md §8 CapabilitiesResponse. `health` and `card` are passed through as the adapter sent them. The fields
 * marked optional are the superuser's: plain users get `status`, `tasks` and `model` of each adapter.
 */
export const CapabilitiesResponse = Type.Object({
  orchestrator: Type.Object({
    version: Type.String(),
    poll_interval_seconds: Type.Number(),
    last_poll_at: Nullable(Timestamp),
    tasks: Type.Array(Type.String()),
    adapters_total: Type.Integer(),
    adapters_available: Type.Integer(),
  }),
  adapters: Type.Record(
    Type.String(),
    Type.Object({
      url: Type.Optional(Type.String()),
      status: StringEnum(ADAPTER_STATUSES),
      tasks: Type.Array(Type.String()),
      model: AdapterModel,
      health: Type.Optional(Nullable(Opaque)),
      card: Type.Optional(Nullable(Opaque)),
      last_seen_at: Type.Optional(Nullable(Timestamp)),
      last_error: Type.Optional(Nullable(Type.String())),
    }),
  ),
});
export type CapabilitiesResponse = Static<typeof CapabilitiesResponse>;
