import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/schemas.js';

export const CameraPermissionAssign = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1 }),
    can_view: Type.Boolean({ default: true }),
    can_manage: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);
export type CameraPermissionAssign = Static<typeof CameraPermissionAssign>;

export const CameraPermissionResponse = Type.Object({
  user_id: Type.Integer(),
  camera_id: Type.Integer(),
  can_view: Type.Boolean(),
  can_manage: Type.Boolean(),
});
export type CameraPermissionResponse = Static<typeof CameraPermissionResponse>;

export const CameraPermissionEntry = Type.Object({
  user_id: Type.Integer(),
  can_view: Type.Boolean(),
  can_manage: Type.Boolean(),
  is_owner: Type.Boolean({ default: false }),
  username: Nullable(Type.String()),
});
export type CameraPermissionEntry = Static<typeof CameraPermissionEntry>;

export const PermissionParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  user_id: Type.Integer({ minimum: 1 }),
});

/** One camera in a user's rights across cameras (GET /users/{id}/camera-permissions). */
export const UserCameraPermission = Type.Object({
  camera_id: Type.Integer(),
  can_view: Type.Boolean(),
  can_manage: Type.Boolean(),
  is_owner: Type.Boolean(),
});
export type UserCameraPermission = Static<typeof UserCameraPermission>;
