import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, Timestamp, VISIBLE_CHARACTER } from '../../../platform/http/schemas.js';

export const TARGET_PROTOCOLS = ['rtmp', 'rtmps', 'srt'] as const;
export const TARGET_VIDEO_CODECS = ['copy', 'libx264', 'libx265'] as const;
export const TARGET_AUDIO_CODECS = ['aac', 'copy'] as const;

const Bitrate = Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?[kKmM]?$', maxLength: 16 });
export const TargetId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });

/** CloudStreamTargetCreate (SEED.md): create and, with an existing target_id, update. */
export const StreamTargetCreate = Type.Object(
  {
    camera_id: Type.Integer({ minimum: 1 }),
    target_id: Type.Optional(Nullable(TargetId)),
    enabled: Type.Optional(Type.Boolean({ default: false })),
    protocol: Type.Optional(StringEnum(TARGET_PROTOCOLS, { default: 'rtmp' })),
    server_url: Type.Optional(Type.String({ maxLength: 2000, default: '' })),
    /** write-only; blank or omitted on update keeps the stored key, null clears it */
    stream_key: Type.Optional(Nullable(Type.String({ maxLength: 1000, pattern: `^${VISIBLE_CHARACTER}*$` }))),
    use_tls: Type.Optional(Type.Boolean({ default: false })),
    use_custom_ca: Type.Optional(Type.Boolean({ default: false })),
    video_codec: Type.Optional(StringEnum(TARGET_VIDEO_CODECS, { default: 'copy' })),
    video_bitrate: Type.Optional(Nullable(Bitrate)),
    audio_codec: Type.Optional(StringEnum(TARGET_AUDIO_CODECS, { default: 'aac' })),
    audio_bitrate: Type.Optional(Nullable(Bitrate)),
    max_reconnect_attempts: Type.Optional(Type.Integer({ minimum: 0, maximum: 20, default: 5 })),
    reconnect_delay_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: 5 })),
  },
  { additionalProperties: false },
);
export type StreamTargetCreate = Static<typeof StreamTargetCreate>;

export const StreamTargetResponse = Type.Object({
  target_id: Type.String(),
  camera_id: Type.Integer(),
  enabled: Type.Boolean(),
  protocol: Type.String(),
  server_url: Type.String(),
  stream_key_set: Type.Boolean(),
  use_tls: Type.Boolean(),
  use_custom_ca: Type.Boolean(),
  video_codec: Type.String(),
  video_bitrate: Nullable(Type.String()),
  audio_codec: Type.String(),
  audio_bitrate: Nullable(Type.String()),
  max_reconnect_attempts: Type.Integer(),
  reconnect_delay_seconds: Type.Integer(),
  created_at: Timestamp,
  updated_at: Nullable(Timestamp),
});
export type StreamTargetResponse = Static<typeof StreamTargetResponse>;

export const StreamTargetList = Type.Object({
  targets: Type.Array(StreamTargetResponse),
  total: Type.Integer(),
});
export type StreamTargetList = Static<typeof StreamTargetList>;

export const StreamTargetStatus = Type.Object({
  target_id: Type.String(),
  camera_id: Type.Integer(),
  enabled: Type.Boolean(),
  /** idle (not running), connecting, streaming, reconnecting, failed (gave up), waiting (cloud streaming off / egress denied / camera unavailable) */
  state: Type.String(),
  /** consecutive failed connections (reset after 60 s of streaming) */
  failures: Type.Integer(),
  /** reconnect attempts since the target was (re)started */
  reconnect_attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  started_at: Nullable(Timestamp),
  streaming_since: Nullable(Timestamp),
  /** what the push converts and why (an H.265 camera to an RTMP server becomes H.264); null: as configured */
  conversion: Nullable(Type.String()),
});
export type StreamTargetStatus = Static<typeof StreamTargetStatus>;

export const TargetParams = Type.Object({ target_id: TargetId });
