import { Type, type Static, type TNull, type TOptional, type TString, type TUnion } from '@sinclair/typebox';
import {
  DESCRIPTION_MAX_LENGTH,
  FREE_TEXT_PATTERN,
  Nullable,
  Paging,
  Timestamp,
} from '../../platform/http/schemas.js';
import { CameraAssignment, MAX_ASSIGNMENTS } from '../skills/skills.schemas.js';

const Assignments = Type.Array(CameraAssignment, { maxItems: MAX_ASSIGNMENTS });

/** The optional, nullable text fields shared by create and update, with SEED.md's bounds. */
const optionalText = {
  status: { maxLength: 20 },
  description: { maxLength: DESCRIPTION_MAX_LENGTH, pattern: FREE_TEXT_PATTERN },
  location: { maxLength: 200 },
  display_aspect_ratio: { maxLength: 16 },
  firmware_version: { maxLength: 100 },
  hardware_id: { maxLength: 100 },
  serial_number: { maxLength: 100 },
  model: { maxLength: 100 },
  manufacturer: { maxLength: 100 },
  vlan: { maxLength: 50 },
  username: { maxLength: 50 },
  password: { maxLength: 255 },
  rtsp_url: { maxLength: 500 },
  substream_url: { maxLength: 500 },
  /** the ONVIF device service URL (http or https; a bare host:port gets /onvif/device_service) */
  onvif_xaddr: { maxLength: 500 },
} as const;

type OptionalTexts = { [K in keyof typeof optionalText]: TOptional<TUnion<[TString, TNull]>> };

function nullableTexts(): OptionalTexts {
  return Object.fromEntries(
    Object.entries(optionalText).map(([name, bounds]) => [
      name,
      Type.Optional(Nullable(Type.String(bounds))),
    ]),
  ) as unknown as OptionalTexts;
}

const Name = Type.String({ minLength: 1, maxLength: 100 });
const IpAddress = Type.String({ minLength: 1, maxLength: 45 });
const Port = Type.Integer({ minimum: 1, maximum: 65535 });

export const CameraCreate = Type.Object(
  {
    name: Name,
    ip_address: IpAddress,
    port: Type.Integer({ minimum: 1, maximum: 65535, default: 554 }),
    is_active: Type.Boolean({ default: true }),
    ...nullableTexts(),
    status: Type.Optional(Nullable(Type.String({ maxLength: 20, default: 'unknown' }))),
    assignments: Type.Optional(Nullable(Assignments)),
  },
  { additionalProperties: false },
);
export type CameraCreate = Static<typeof CameraCreate>;

/**
 * Partial: only sent fields change; explicit null clears a nullable field. null for name or ip_address is 422;
 * for port and is_active (never empty) it keeps the stored value.
 */
export const CameraUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    ip_address: Type.Optional(IpAddress),
    port: Type.Optional(Nullable(Port)),
    is_active: Type.Optional(Nullable(Type.Boolean())),
    ...nullableTexts(),
    assignments: Type.Optional(Nullable(Assignments)),
  },
  { additionalProperties: false },
);
export type CameraUpdate = Static<typeof CameraUpdate>;

export const CAMERA_TEXT_FIELDS = Object.keys(optionalText) as (keyof typeof optionalText)[];

export const CameraResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  ip_address: Type.String(),
  owner_id: Type.Integer(),
  is_active: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Nullable(Timestamp),
  deleted_at: Nullable(Timestamp),
  port: Type.Integer(),
  status: Nullable(Type.String()),
  description: Nullable(Type.String()),
  location: Nullable(Type.String()),
  display_aspect_ratio: Nullable(Type.String()),
  firmware_version: Nullable(Type.String()),
  hardware_id: Nullable(Type.String()),
  serial_number: Nullable(Type.String()),
  model: Nullable(Type.String()),
  manufacturer: Nullable(Type.String()),
  vlan: Nullable(Type.String()),
  username: Nullable(Type.String()),
  rtsp_url: Nullable(Type.String()),
  substream_url: Nullable(Type.String()),
  /** where the recorder reaches the camera's ONVIF services (PTZ); null: none known */
  onvif_xaddr: Nullable(Type.String()),
  assignments: Nullable(
    Type.Array(Type.Object({ skill: Type.String(), labels: Nullable(Type.Array(Type.String())) })),
  ),
  last_recording_at: Nullable(Timestamp),
  live_online: Nullable(Type.Boolean()),
  media_server_provisioned: Nullable(Type.Boolean()),
  recording_enabled: Nullable(Type.Boolean()),
  recording_state: Nullable(Type.String()),
  stream_action: Nullable(Type.String()),
  stream_warning: Nullable(Type.String()),
  password_set: Type.Boolean(),
  /** whether the camera is in motion now; null while its motion is not watched (issue #19) */
  motion_active: Nullable(Type.Boolean()),
  /** RTSP restream readers playing the camera's streams now (issue #36; docs/restream.md) */
  restream_readers: Type.Integer({ minimum: 0 }),
});
export type CameraResponse = Static<typeof CameraResponse>;

/** What the caller may do to one camera (API.md §3), for a screen to offer only what will be allowed. */
export const CameraRightsResponse = Type.Object({
  view: Type.Boolean(),
  /** change it, its settings (stream, motion, zones, review), bin and restore it */
  manage: Type.Boolean(),
  /** give and take other users' rights */
  grant: Type.Boolean(),
  hard_delete: Type.Boolean(),
});
export type CameraRightsResponse = Static<typeof CameraRightsResponse>;

export const CameraList = Type.Object({ cameras: Type.Array(CameraResponse), total: Type.Integer() });
export type CameraList = Static<typeof CameraList>;

export const CameraListQuery = Type.Object({
  ...Paging,
  active_only: Type.Boolean({ default: false }),
  q: Type.Optional(Type.String({ maxLength: 200 })),
});
export type CameraListQuery = Static<typeof CameraListQuery>;

export const ForceQuery = Type.Object({ force: Type.Boolean({ default: false }) });

export const DeletedCameraInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  ip_address: Type.String(),
  owner_id: Type.Integer(),
  deleted_at: Timestamp,
  path: Type.String(),
  location: Nullable(Type.String()),
});
export type DeletedCameraInfo = Static<typeof DeletedCameraInfo>;

export const DeletedCameraList = Type.Object({
  cameras: Type.Array(DeletedCameraInfo),
  total: Type.Integer(),
});
export type DeletedCameraList = Static<typeof DeletedCameraList>;

export const CameraHardDeleteRequest = Type.Object(
  { confirmation_phrase: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type CameraHardDeleteRequest = Static<typeof CameraHardDeleteRequest>;

export const HardDeleteResult = Type.Object({
  camera_id: Type.Integer(),
  camera_name: Type.String(),
  recordings_deleted: Type.Integer(),
  bytes_freed: Type.Integer(),
});
export type HardDeleteResult = Static<typeof HardDeleteResult>;

export const CameraIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
