import { Type, type Static } from '@sinclair/typebox';
import { FreeText, Nullable, Paging, Timestamp, VISIBLE_CHARACTER } from '../../../platform/http/schemas.js';
import { ProviderSchema } from '../credentials/cloud-credentials.schemas.js';

const Name = Type.String({ minLength: 1, maxLength: 100 });
const CredentialId = Type.String({ format: 'uuid' });
/** the provider's model identifier, e.g. `google/vit-base-patch16-224` or `gpt-4o-mini` */
const ProviderModelId = Type.String({ minLength: 1, maxLength: 500, pattern: `^${VISIBLE_CHARACTER}+$` });
const Task = Type.String({ minLength: 1, maxLength: 100 });
/** JSON object text (see model-config.ts) */
const ConfigText = FreeText({ maxLength: 20_000 });

export const CloudModelCreate = Type.Object(
  {
    name: Name,
    provider: ProviderSchema,
    credential_id: CredentialId,
    model_id: ProviderModelId,
    task: Task,
    config: Type.Optional(Nullable(ConfigText)),
    enabled: Type.Optional(Nullable(Type.Boolean({ default: true }))),
  },
  { additionalProperties: false },
);
export type CloudModelCreate = Static<typeof CloudModelCreate>;

/** PUT: any subset of the create fields; omitted fields keep their value, `config: null` clears it. */
export const CloudModelUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    provider: Type.Optional(ProviderSchema),
    credential_id: Type.Optional(CredentialId),
    model_id: Type.Optional(ProviderModelId),
    task: Type.Optional(Task),
    config: Type.Optional(Nullable(ConfigText)),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CloudModelUpdate = Static<typeof CloudModelUpdate>;

export const CloudModelResponse = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  name: Type.String(),
  provider: Type.String(),
  credential_id: Type.String(),
  model_id: Type.String(),
  task: Type.String(),
  config: Nullable(Type.String()),
  enabled: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Nullable(Timestamp),
});
export type CloudModelResponse = Static<typeof CloudModelResponse>;

export const CloudModelList = Type.Object({ models: Type.Array(CloudModelResponse), total: Type.Integer() });
export type CloudModelList = Static<typeof CloudModelList>;

export const CloudModelQuery = Type.Object(Paging, { additionalProperties: false });
export type CloudModelQuery = Static<typeof CloudModelQuery>;
