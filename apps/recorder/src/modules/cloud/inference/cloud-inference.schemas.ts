import { Type, type Static } from '@sinclair/typebox';
import { MAX_JSON_LENGTH, Nullable, Timestamp } from '../../../platform/http/schemas.js';

// Inputs may carry an inline image (base64): the request body limit (1 MiB) is their bound.
const Inputs = Type.Record(Type.String(), Type.Unknown(), {
  maxProperties: 100,
  [MAX_JSON_LENGTH]: 1024 * 1024,
});
const Parameters = Type.Record(Type.String(), Type.Unknown(), {
  maxProperties: 100,
  [MAX_JSON_LENGTH]: 65_536,
});

export const CloudInferenceRequest = Type.Object(
  {
    /** id of one of the caller's cloud models */
    model_id: Type.Integer({ minimum: 1 }),
    inputs: Inputs,
    parameters: Type.Optional(Nullable(Parameters)),
  },
  { additionalProperties: false },
);
export type CloudInferenceRequest = Static<typeof CloudInferenceRequest>;

export const CloudInferenceResponse = Type.Object({
  id: Type.String(),
  user_id: Type.Integer(),
  model_id: Nullable(Type.Integer()),
  provider: Type.String(),
  model_identifier: Type.String(),
  task: Type.String(),
  /** succeeded or failed */
  status: Type.String(),
  result_json: Nullable(Type.String()),
  error_message: Nullable(Type.String()),
  latency_ms: Nullable(Type.Integer()),
  executed_at: Timestamp,
});
export type CloudInferenceResponse = Static<typeof CloudInferenceResponse>;

export const ResultParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
