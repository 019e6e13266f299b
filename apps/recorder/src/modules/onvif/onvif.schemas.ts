import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_DISCOVERY_TIMEOUT_MS, MAX_DISCOVERY_TIMEOUT_MS } from '../../media/onvif/discovery.js';
import { Nullable } from '../../platform/http/schemas.js';
import { CameraResponse } from '../cameras/cameras.schemas.js';

export const DiscoveryRequest = Type.Object(
  {
    /** how long answers are collected */
    timeout_ms: Type.Integer({
      minimum: 200,
      maximum: MAX_DISCOVERY_TIMEOUT_MS,
      default: DEFAULT_DISCOVERY_TIMEOUT_MS,
    }),
    /** an IPv4 address of one of this machine's interfaces to probe from; default every IPv4 interface */
    interface: Type.Optional(Type.String({ minLength: 7, maxLength: 15 })),
  },
  { additionalProperties: false },
);
export type DiscoveryRequest = Static<typeof DiscoveryRequest>;

export const DiscoveredDevice = Type.Object({
  /** the endpoint reference (urn:uuid:…), the device's stable identity */
  address: Type.String(),
  /** the IPv4 address the answer came from */
  source_address: Type.String(),
  name: Nullable(Type.String()),
  hardware: Nullable(Type.String()),
  location: Nullable(Type.String()),
  xaddrs: Type.Array(Type.String()),
  scopes: Type.Array(Type.String()),
  types: Type.Array(Type.String()),
  /** a camera here whose ip_address is the device's host (the lowest id), else null */
  camera_id: Nullable(Type.Integer()),
});
export type DiscoveredDevice = Static<typeof DiscoveredDevice>;

export const DiscoveryResponse = Type.Object({ devices: Type.Array(DiscoveredDevice) });
export type DiscoveryResponse = Static<typeof DiscoveryResponse>;

const deviceAccess = {
  /** the device service URL (a discovered XAddr, or http://host[:port]; the default path is added) */
  xaddr: Type.String({ minLength: 1, maxLength: 500 }),
  username: Type.String({ minLength: 1, maxLength: 50 }),
  /** write-only: used for the device and (on add) stored sealed like any camera password */
  password: Type.String({ minLength: 1, maxLength: 255 }),
};

export const InspectRequest = Type.Object(deviceAccess, { additionalProperties: false });
export type InspectRequest = Static<typeof InspectRequest>;

export const DeviceProfile = Type.Object({
  token: Type.String(),
  name: Type.String(),
  encoding: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  fps: Nullable(Type.Number()),
  /** without credentials, as every stream URL the recorder shows */
  stream_uri: Nullable(Type.String()),
  snapshot_uri: Nullable(Type.String()),
});

export const DeviceInformation = Type.Object({
  manufacturer: Nullable(Type.String()),
  model: Nullable(Type.String()),
  firmware_version: Nullable(Type.String()),
  serial_number: Nullable(Type.String()),
  hardware_id: Nullable(Type.String()),
});

export const InspectResponse = Type.Object({
  xaddr: Type.String(),
  /** device clock minus the recorder's, in ms (null: the device would not tell) */
  time_offset_ms: Nullable(Type.Integer()),
  device: DeviceInformation,
  media_xaddr: Type.String(),
  profiles: Type.Array(DeviceProfile),
  /** the profiles an add would choose without explicit choices: the largest, and the smallest if different */
  suggested: Type.Object({ main_profile: Nullable(Type.String()), sub_profile: Nullable(Type.String()) }),
});
export type InspectResponse = Static<typeof InspectResponse>;

export const AddCameraRequest = Type.Object(
  {
    ...deviceAccess,
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** profile token for rtsp_url; default the highest resolution */
    main_profile: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    /** profile token for substream_url; default the lowest resolution when it differs; null: none */
    sub_profile: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
    /** add even when the caller already has a camera for this stream (as POST /cameras?force=true) */
    force: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);
export type AddCameraRequest = Static<typeof AddCameraRequest>;

export const AddCameraResponse = Type.Object({
  camera: CameraResponse,
  /** what the recorder read from the main stream before storing anything */
  stream: Type.Object({
    codec: Type.String(),
    width: Nullable(Type.Integer()),
    height: Nullable(Type.Integer()),
  }),
  main_profile: Type.String(),
  sub_profile: Nullable(Type.String()),
});
export type AddCameraResponse = Static<typeof AddCameraResponse>;
