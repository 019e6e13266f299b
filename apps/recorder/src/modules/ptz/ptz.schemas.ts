import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/schemas.js';

/** A speed in the generic velocity space: -1 (full speed left/down/out) to 1; 0 leaves the axis still. */
const Speed = Type.Number({ minimum: -1, maximum: 1 });

/** The longest a move may be told to last before the camera stops on its own. */
export const MAX_MOVE_TIMEOUT_MS = 60_000;

export const PtzPreset = Type.Object({
  /** the device's token for the preset */
  token: Type.String(),
  name: Type.String(),
});
export type PtzPreset = Static<typeof PtzPreset>;

export const PtzState = Type.Object({
  /** whether the recorder can move this camera (an ONVIF endpoint with a PTZ service and a PTZ profile) */
  supported: Type.Boolean(),
  /** why not, when it cannot; null when supported */
  reason: Nullable(Type.String()),
  /** continuous pan and tilt */
  pan_tilt: Type.Boolean(),
  /** continuous zoom */
  zoom: Type.Boolean(),
  /** how many presets the device keeps; null when unsupported or the device does not say */
  max_presets: Nullable(Type.Integer()),
  presets: Type.Array(PtzPreset),
  /** whether the caller may move the camera and change its presets (the manage right) */
  can_control: Type.Boolean(),
});
export type PtzState = Static<typeof PtzState>;

export const PtzMoveRequest = Type.Object(
  {
    /** + right, − left */
    pan: Type.Optional(Speed),
    /** + up, − down */
    tilt: Type.Optional(Speed),
    /** + in (tele), − out (wide) */
    zoom: Type.Optional(Speed),
    /** the camera stops on its own after this long (a lost stop cannot leave it turning); default its own */
    timeout_ms: Type.Optional(Type.Integer({ minimum: 100, maximum: MAX_MOVE_TIMEOUT_MS })),
  },
  { additionalProperties: false },
);
export type PtzMoveRequest = Static<typeof PtzMoveRequest>;

export const PtzPresetCreate = Type.Object(
  {
    /** the current position is stored under this name */
    name: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type PtzPresetCreate = Static<typeof PtzPresetCreate>;

export const PtzPresetParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  token: Type.String({ minLength: 1, maxLength: 64 }),
});
export type PtzPresetParams = Static<typeof PtzPresetParams>;
