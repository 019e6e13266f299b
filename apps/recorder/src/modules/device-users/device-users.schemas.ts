import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../platform/http/schemas.js';

export const DEVICE_USER_LEVELS = ['Administrator', 'Operator', 'User'] as const;

export const CameraUserCreate = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 255 }),
    level: StringEnum(DEVICE_USER_LEVELS, { default: 'Operator' }),
  },
  { additionalProperties: false },
);
export type CameraUserCreate = Static<typeof CameraUserCreate>;

export const DeviceUser = Type.Object({ username: Type.String(), level: Type.String() });
export type DeviceUser = Static<typeof DeviceUser>;

/** ONVIF usually listens on HTTP port 80, apart from the RTSP port the camera record holds. */
export const DeviceQuery = Type.Object({
  onvif_port: Type.Integer({ minimum: 1, maximum: 65535, default: 80 }),
});
export type DeviceQuery = Static<typeof DeviceQuery>;

export const DeviceUserParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  username: Type.String({ minLength: 1, maxLength: 64 }),
});
