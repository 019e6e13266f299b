import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_MOTION_SETTINGS } from '../../media/motion/motion-detector.js';
import { NormalisedPolygon, Nullable, Timestamp } from '../../platform/http/schemas.js';

/** Pictures analysed per second when not set. */
export const DEFAULT_MOTION_FPS = 5;

export const MAX_MOTION_MASKS = 16;

/** A camera without stored settings: motion detection off, the documented defaults otherwise. */
export const MOTION_DEFAULTS = {
  enabled: false,
  fps: DEFAULT_MOTION_FPS,
  threshold: DEFAULT_MOTION_SETTINGS.threshold,
  min_area: DEFAULT_MOTION_SETTINGS.minArea,
  masks: '[]',
} as const;

export const MotionSettingsBody = Type.Object(
  {
    /** analyse the camera's detection stream for motion */
    enabled: Type.Boolean(),
    /** pictures analysed per second */
    fps: Type.Number({ minimum: 1, maximum: 10, default: DEFAULT_MOTION_FPS }),
    /** how much a pixel must differ from the background (0–255) to count as changed: lower is more sensitive */
    threshold: Type.Integer({ minimum: 1, maximum: 255, default: DEFAULT_MOTION_SETTINGS.threshold }),
    /** the smallest moving area that is motion, as a fraction of the picture */
    min_area: Type.Number({ minimum: 0.0001, maximum: 0.5, default: DEFAULT_MOTION_SETTINGS.minArea }),
    /** areas where nothing counts (a tree in the wind, a timestamp overlay) */
    masks: Type.Array(NormalisedPolygon, { maxItems: MAX_MOTION_MASKS, default: [] }),
  },
  { additionalProperties: false },
);
export type MotionSettingsBody = Static<typeof MotionSettingsBody>;

export const MotionSettingsResponse = Type.Object({
  camera_id: Type.Integer(),
  enabled: Type.Boolean(),
  fps: Type.Number(),
  threshold: Type.Integer(),
  min_area: Type.Number(),
  masks: Type.Array(NormalisedPolygon),
  /** whether the camera is in motion now (false while motion detection is off) */
  active: Type.Boolean(),
  updated_at: Nullable(Timestamp),
});
export type MotionSettingsResponse = Static<typeof MotionSettingsResponse>;
