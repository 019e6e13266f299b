import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, Timestamp, VISIBLE_CHARACTER } from '../../platform/http/schemas.js';

export const ADAPTER_STATUSES = ['unknown', 'available', 'unavailable'] as const;
export type AdapterStatus = (typeof ADAPTER_STATUSES)[number];

export const AdapterName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9_.-]*$' });

export const AdapterCreate = Type.Object(
  {
    name: AdapterName,
    url: Type.String({ minLength: 8, maxLength: 500, pattern: `^https?://${VISIBLE_CHARACTER}+$` }),
    /** write-only: sent as `Authorization: Bearer` to an adapter started with ADAPTER_TOKEN; stored sealed */
    token: Type.Optional(
      Type.String({ minLength: 1, maxLength: 4096, pattern: '^[\\x21-\\x7e]+$', writeOnly: true }),
    ),
  },
  { additionalProperties: false },
);
export type AdapterCreate = Static<typeof AdapterCreate>;

export const AdapterModel = Nullable(
  Type.Object({ name: Type.String(), version: Type.String(), fingerprint: Type.String() }),
);

export const AdapterResponse = Type.Object({
  name: Type.String(),
  url: Type.String(),
  /** `config`: from ADAPTER_URLS (removable only there); `api`: registered through this API */
  source: StringEnum(['config', 'api'] as const),
  status: StringEnum(ADAPTER_STATUSES),
  tasks: Type.Array(Type.String()),
  model: AdapterModel,
  /** the card carries the v1.1 detector block: detector tasks of the detection loop go here */
  detector: Type.Boolean(),
  /** `uri`: frame:// URIs under the shared frames directory; `inline`: the JPEG travels in the request */
  frame_transport: StringEnum(['uri', 'inline'] as const),
  inflight: Type.Integer(),
  consecutive_failures: Type.Integer(),
  last_seen_at: Nullable(Timestamp),
  last_error: Nullable(Type.String()),
  /** a bearer token is configured for this adapter (the token itself is never returned) */
  token_set: Type.Boolean(),
});
export type AdapterResponse = Static<typeof AdapterResponse>;

export const AdapterList = Type.Object({ adapters: Type.Array(AdapterResponse), total: Type.Integer() });
export type AdapterList = Static<typeof AdapterList>;

export const AdapterNameParams = Type.Object({ name: AdapterName });

/** ADAPTER.md GET /hardware/evaluation, as the adapter answered it (`details` passed through). */
export const HardwareEvaluation = Type.Object({
  verdict: StringEnum(['ok', 'warn', 'blocked'] as const),
  reasoning: Type.String(),
  checked_at: Nullable(Type.String()),
  details: Nullable(Type.Object({}, { additionalProperties: true })),
});
export type HardwareEvaluation = Static<typeof HardwareEvaluation>;
