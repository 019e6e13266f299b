import { Type, type Static } from '@sinclair/typebox';
import { FreeText, Nullable, PartialNullable, StringEnum, Timestamp } from '../../platform/http/schemas.js';

export const STREAM_PROTOCOLS = ['rtsp', 'rtmp', 'webrtc'] as const;
export const TRANSPORT_SECURITY = ['rtsps_required', 'rtsps_preferred', 'plaintext_allowed'] as const;
export const PROBE_RESULTS = ['supported', 'not_supported', 'inconclusive', 'not_probed'] as const;
/** `sub`: the camera's substream_url when it has one (else the main stream); `main`: always the main stream. */
export const STREAM_ROLES = ['main', 'sub'] as const;
export type TransportSecurity = (typeof TRANSPORT_SECURITY)[number];
export type ProbeResult = (typeof PROBE_RESULTS)[number];

const RTSP_TRANSPORT = '^(udp|tcp|auto)?$';

/** Every field of CameraConfigCreate except camera_id, with SEED.md's defaults and API.md's bounds. */
const settableFields = {
  auto_restart: Type.Boolean({ default: true }),
  max_restart_attempts: Type.Integer({ minimum: 0, maximum: 1000, default: 3 }),
  proxy_enabled: Type.Boolean({ default: false }),
  recording_enabled: Type.Boolean({ default: false }),
  recording_path: Nullable(Type.String({ maxLength: 500 })),
  recording_segment_seconds: Type.Integer({ minimum: 10, maximum: 3600, default: 60 }),
  rtmp_publisher: Type.Boolean({ default: false }),
  webrtc_publisher: Type.Boolean({ default: false }),
  rtsp_transport: Nullable(Type.String({ maxLength: 4, pattern: RTSP_TRANSPORT })),
  source_url: Nullable(Type.String({ maxLength: 500 })),
  extra_options: Nullable(FreeText({ maxLength: 2000 })),
  stream_protocol: StringEnum(STREAM_PROTOCOLS, { default: 'rtsp' }),
  transport_security: StringEnum(TRANSPORT_SECURITY),
  /** the stream live AI decodes: sub (the substream, when the camera has one) or main */
  detect_stream: StringEnum(STREAM_ROLES, { default: 'sub' }),
  /** the stream grid tiles play (the single-camera view, snapshots and recording use main) */
  grid_stream: StringEnum(STREAM_ROLES, { default: 'sub' }),
  /** live AI detection runs on this camera; off, the detection loop skips it (issue #21) */
  detection_enabled: Type.Boolean({ default: true }),
};

export const CameraConfigCreate = Type.Object(
  {
    camera_id: Type.Integer({ minimum: 1 }),
    ...settableFields,
    recording_path: Type.Optional(settableFields.recording_path),
    rtsp_transport: Type.Optional(settableFields.rtsp_transport),
    source_url: Type.Optional(settableFields.source_url),
    extra_options: Type.Optional(settableFields.extra_options),
    // No schema default: sending a policy makes it operator-set, leaving it out lets probes choose.
    transport_security: Type.Optional(settableFields.transport_security),
  },
  { additionalProperties: false },
);
export type CameraConfigCreate = Static<typeof CameraConfigCreate>;

/** Partial; null for a non-nullable field means "leave it as it is" (SEED.md makes every field nullable). */
export const CameraConfigUpdate = Type.Object(PartialNullable(settableFields), {
  additionalProperties: false,
});
export type CameraConfigUpdate = Static<typeof CameraConfigUpdate>;

export const CameraConfigResponse = Type.Object({
  id: Type.Integer(),
  camera_id: Type.Integer(),
  auto_restart: Type.Boolean(),
  max_restart_attempts: Type.Integer(),
  proxy_enabled: Type.Boolean(),
  recording_enabled: Type.Boolean(),
  recording_path: Nullable(Type.String()),
  recording_segment_seconds: Type.Integer(),
  rtmp_publisher: Type.Boolean(),
  webrtc_publisher: Type.Boolean(),
  rtsp_transport: Nullable(Type.String()),
  source_url: Nullable(Type.String()),
  extra_options: Nullable(Type.String()),
  stream_protocol: Type.String(),
  transport_security: Type.String(),
  last_provisioned_at: Nullable(Timestamp),
  last_stream_start: Nullable(Timestamp),
  stream_active: Type.Boolean(),
  stream_failures: Type.Integer(),
  transport_security_operator_set: Type.Boolean(),
  transport_security_probe_result: Type.String(),
  transport_security_probed_at: Nullable(Timestamp),
  detect_stream: Type.String(),
  grid_stream: Type.String(),
  detection_enabled: Type.Boolean(),
});
export type CameraConfigResponse = Static<typeof CameraConfigResponse>;

export const CameraIdParam = Type.Object({ camera_id: Type.Integer({ minimum: 1 }) });

export const ProbeQuery = Type.Object({
  port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
  reset_policy: Type.Boolean({ default: false }),
});
export type ProbeQuery = Static<typeof ProbeQuery>;

export const TransportSecurityBody = Type.Object(
  { policy: StringEnum(TRANSPORT_SECURITY) },
  { additionalProperties: false },
);

/** The config every new camera starts with (SEED.md defaults). */
export const DEFAULT_CAMERA_CONFIG = {
  auto_restart: true,
  max_restart_attempts: 3,
  proxy_enabled: false,
  recording_enabled: false,
  recording_path: null,
  recording_segment_seconds: 60,
  rtmp_publisher: false,
  webrtc_publisher: false,
  rtsp_transport: null,
  source_url: null,
  extra_options: null,
  stream_protocol: 'rtsp',
  transport_security: 'rtsps_preferred',
  transport_security_operator_set: false,
  transport_security_probe_result: 'not_probed',
  transport_security_probed_at: null,
  last_provisioned_at: null,
  last_stream_start: null,
  stream_active: false,
  stream_failures: 0,
  detect_stream: 'sub',
  grid_stream: 'sub',
  detection_enabled: true,
} as const;
