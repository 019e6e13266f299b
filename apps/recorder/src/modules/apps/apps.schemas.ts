import { Type, type Static } from '@sinclair/typebox';
import {
  JsonObject,
  Nullable,
  Paging,
  StringEnum,
  Timestamp,
  VISIBLE_CHARACTER,
} from '../../platform/http/schemas.js';

/**
 * Rights a manifest may ask for. `admin`: superuser rights. Without it the app's account holds exactly the
 * camera grants owners and superusers give it (like any user).
 */
export const APP_PERMISSIONS = ['admin'] as const;
export type AppPermission = (typeof APP_PERMISSIONS)[number];

/** Lower-case so the app's account name (`app.<id>`) is as unique as the id; 46 keeps it within 50. */
export const AppId = Type.String({ minLength: 1, maxLength: 46, pattern: '^[a-z0-9][a-z0-9._-]*$' });

export const AppManifest = JsonObject(
  {
    id: AppId,
    name: Type.String({ minLength: 1, maxLength: 100 }),
    version: Type.String({ minLength: 1, maxLength: 50 }),
    permissions: Type.Optional(Type.Array(StringEnum(APP_PERMISSIONS), { uniqueItems: true, maxItems: 10 })),
  },
  // A manifest carries whatever else the app describes about itself; it is stored and returned as sent.
  { maxProperties: 100, maxJsonLength: 65_536 },
);
export type AppManifest = Static<typeof AppManifest>;

export const AppRegisterRequest = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2000,
      pattern: `^[Hh][Tt][Tt][Pp][Ss]?://${VISIBLE_CHARACTER}+$`,
    }),
    manifest: AppManifest,
    sdk_version: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    wants_key: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);
export type AppRegisterRequest = Static<typeof AppRegisterRequest>;

export const AppResponse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  version: Type.String(),
  url: Type.String(),
  sdk_version: Nullable(Type.String()),
  manifest: Type.Object({}, { additionalProperties: true }),
  permissions: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  /** the app's own account (created when first enabled) */
  user_id: Nullable(Type.Integer()),
  key_set: Type.Boolean(),
  key_created_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Nullable(Timestamp),
});
export type AppResponse = Static<typeof AppResponse>;

/** The registration answer: the app, plus its new API key — shown this once — when it asked for one. */
export const AppRegisterResponse = Type.Intersect([
  AppResponse,
  Type.Object({ api_key: Type.Optional(Type.String()) }),
]);
export type AppRegisterResponse = Static<typeof AppRegisterResponse>;

export const AppList = Type.Object({ apps: Type.Array(AppResponse), total: Type.Integer() });
export type AppList = Static<typeof AppList>;

export const AppListQuery = Type.Object({ ...Paging });
export type AppListQuery = Static<typeof AppListQuery>;

export const AppParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 46 }) });
