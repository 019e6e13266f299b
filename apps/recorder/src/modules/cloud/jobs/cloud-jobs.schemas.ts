import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Paging, StringEnum, Timestamp } from '../../../platform/http/schemas.js';
import { CloudInferenceRequest } from '../inference/cloud-inference.schemas.js';

/** queued → running → succeeded | failed | cancelled (API.md §12) */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** AIInferenceJobCreate: the same fields as a synchronous request. */
export const JobCreate = CloudInferenceRequest;
export type JobCreate = Static<typeof JobCreate>;

export const JobResponse = Type.Object({
  id: Type.String(),
  user_id: Type.Integer(),
  /** the cloud model's id, as a string (SEED.md) */
  model_id: Type.String(),
  provider: Type.String(),
  task: Type.String(),
  status: Type.String(),
  result_id: Nullable(Type.String()),
  error_message: Nullable(Type.String()),
  created_at: Timestamp,
  started_at: Nullable(Timestamp),
  completed_at: Nullable(Timestamp),
});
export type JobResponse = Static<typeof JobResponse>;

export const JobList = Type.Object({ jobs: Type.Array(JobResponse), total: Type.Integer() });
export type JobList = Static<typeof JobList>;

export const JobQuery = Type.Object(
  { status: Type.Optional(StringEnum(JOB_STATUSES)), ...Paging },
  { additionalProperties: false },
);
export type JobQuery = Static<typeof JobQuery>;

export const JobParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
