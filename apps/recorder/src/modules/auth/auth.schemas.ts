import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Secret } from '../../platform/http/schemas.js';

/** OAuth2 password-grant form (SEED.md "Authentication"); also accepted as JSON. */
export const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 255 }),
    password: Secret({ minLength: 1, maxLength: 256 }),
    grant_type: Type.Optional(Nullable(Type.String({ pattern: '^password$', maxLength: 8 }))),
    scope: Type.String({ default: '', maxLength: 1000 }),
    client_id: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    client_secret: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer(),
  refresh_expires_in: Type.Integer(),
});
export type TokenResponse = Static<typeof TokenResponse>;

export const RefreshBody = Type.Object(
  { refresh_token: Type.String({ minLength: 1, maxLength: 4096 }) },
  { additionalProperties: false },
);
export type RefreshBody = Static<typeof RefreshBody>;

export const LogoutBody = Type.Object(
  { refresh_token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })) },
  { additionalProperties: false },
);
export type LogoutBody = Static<typeof LogoutBody>;
