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

const MotionBoxSchema = Type.Object({
  /** normalised: left, top, width, height (0–1) */
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  /** the share of the picture that changed inside the box */
  area: Type.Number(),
});

/** What the motion tuner draws: the boxes of the newest picture the watch analysed. */
export const MotionBoxesResponse = Type.Object({
  camera_id: Type.Integer(),
  /** whether motion is watched on the camera now (on, and its stream readable) */
  watching: Type.Boolean(),
  /** when the analysed picture was taken; null before the first one (or while not watched) */
  at: Nullable(Timestamp),
  /** how long ago (ms, by the recorder's clock) that picture was taken: an old one means pictures stopped coming */
  age_ms: Nullable(Type.Integer()),
  /** the moving areas of that picture, after masks, threshold and minimum area (empty: nothing moved) */
  boxes: Type.Array(MotionBoxSchema),
});
export type MotionBoxesResponse = Static<typeof MotionBoxesResponse>;
