import { Type, type Static } from '@sinclair/typebox';
import {
  JsonObject,
  Nullable,
  Paging,
  StringEnum,
  Timestamp,
  VISIBLE_CHARACTER,
} from '../../../platform/http/schemas.js';

/** The providers the recorder can call (API.md §12). */
export const PROVIDERS = ['huggingface', 'openai'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const ProviderSchema = StringEnum(PROVIDERS);

export const HttpUrl = Type.String({
  minLength: 1,
  maxLength: 2000,
  pattern: `^https?://${VISIBLE_CHARACTER}+$`,
});

/**
 * Free account details, echoed back. `base_url` overrides the provider's endpoint (self-hosted servers) and
 * `allow_private_network` lets it be on this machine or the LAN: both superuser-only (the service answers 403).
 */
const AccountInfo = JsonObject(
  {
    base_url: Type.Optional(HttpUrl),
    allow_private_network: Type.Optional(Type.Boolean()),
    /** OpenAI: sent as OpenAI-Organization / OpenAI-Project */
    organization: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    project: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { maxProperties: 50, maxJsonLength: 8192 },
);

export const CredentialCreate = Type.Object(
  {
    provider: ProviderSchema,
    /** write-only: sealed at rest, never returned */
    token: Type.String({ minLength: 1, maxLength: 8192 }),
    account_info: Type.Optional(Nullable(AccountInfo)),
  },
  { additionalProperties: false },
);
export type CredentialCreate = Static<typeof CredentialCreate>;

export const CredentialResponse = Type.Object({
  id: Type.String(),
  user_id: Type.Integer(),
  provider: Type.String(),
  /** the account_info object as JSON text */
  account_info: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Nullable(Timestamp),
});
export type CredentialResponse = Static<typeof CredentialResponse>;

export const CredentialList = Type.Object({
  credentials: Type.Array(CredentialResponse),
  total: Type.Integer(),
});
export type CredentialList = Static<typeof CredentialList>;

export const CredentialQuery = Type.Object(Paging, { additionalProperties: false });
export type CredentialQuery = Static<typeof CredentialQuery>;

export const UuidParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
