import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, Timestamp, VISIBLE_CHARACTER } from '../../../platform/http/schemas.js';
import { HttpUrl } from '../credentials/cloud-credentials.schemas.js';

export const STREAMING_PROTOCOLS = ['webrtc', 'rtmp', 'hls'] as const;
export const STREAMING_CODECS = ['h264', 'h265', 'vp9', 'av1'] as const;
export const STREAMING_ENCRYPTIONS = ['dtls-srtp', 'none', 'aes-128', 'sample-aes'] as const;

const Text = (max: number) =>
  Type.String({ minLength: 1, maxLength: max, pattern: `^${VISIBLE_CHARACTER}+$` });

/** Partial update: omitted keeps; null clears; a secret sent blank keeps the stored one (API.md §1). */
const RecordingIn = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    use_byok: Type.Optional(Type.Boolean()),
    access_key: Type.Optional(Nullable(Text(256))),
    /** write-only */
    secret_key: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
    /** S3 bucket naming rules (3..63, lower case, digits, dots, hyphens) */
    bucket: Type.Optional(
      Nullable(Type.String({ maxLength: 63, pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$' })),
    ),
    region: Type.Optional(
      Nullable(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-_]+$' })),
    ),
    /** the S3 endpoint, e.g. https://s3.example.com (path-style addressing) */
    server_url: Type.Optional(Nullable(HttpUrl)),
    storage_class: Type.Optional(Nullable(Type.String({ maxLength: 32, pattern: '^[A-Z][A-Z0-9_]{1,31}$' }))),
  },
  { additionalProperties: false },
);

const StreamingIn = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    protocol: Type.Optional(StringEnum(STREAMING_PROTOCOLS)),
    video_codec: Type.Optional(StringEnum(STREAMING_CODECS)),
    encryption: Type.Optional(StringEnum(STREAMING_ENCRYPTIONS)),
    server_url: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 2000,
          pattern: `^[a-z][a-z0-9+.-]*://${VISIBLE_CHARACTER}+$`,
        }),
      ),
    ),
    /** write-only */
    auth_token: Type.Optional(Nullable(Type.String({ maxLength: 4096 }))),
  },
  { additionalProperties: false },
);

export const CloudSettingsIn = Type.Object(
  { recording: Type.Optional(RecordingIn), streaming: Type.Optional(StreamingIn) },
  { additionalProperties: false },
);
export type CloudSettingsIn = Static<typeof CloudSettingsIn>;

export const CloudSettingsResponse = Type.Object({
  recording: Type.Object({
    enabled: Type.Boolean(),
    use_byok: Type.Boolean(),
    access_key: Nullable(Type.String()),
    secret_key_set: Type.Boolean(),
    bucket: Nullable(Type.String()),
    region: Nullable(Type.String()),
    server_url: Nullable(Type.String()),
    storage_class: Nullable(Type.String()),
  }),
  streaming: Type.Object({
    enabled: Type.Boolean(),
    protocol: Type.String(),
    video_codec: Type.String(),
    encryption: Type.String(),
    server_url: Nullable(Type.String()),
    auth_token_set: Type.Boolean(),
  }),
  updated_at: Nullable(Timestamp),
});
export type CloudSettingsResponse = Static<typeof CloudSettingsResponse>;

export const CloudUpdate = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export type CloudUpdate = Static<typeof CloudUpdate>;
