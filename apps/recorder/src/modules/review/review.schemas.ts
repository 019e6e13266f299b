import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Paging, StringEnum, Timestamp } from '../../platform/http/schemas.js';

export const REVIEW_SEVERITIES = ['alert', 'detection'] as const;
export type ReviewSeverity = (typeof REVIEW_SEVERITIES)[number];
export const CLIP_STATUSES = ['pending', 'ready', 'unavailable', 'failed'] as const;
export type ClipStatus = (typeof CLIP_STATUSES)[number];

/** Each camera's review settings when none are stored. */
export const REVIEW_DEFAULTS = {
  pre_roll_seconds: 5,
  post_roll_seconds: 5,
  retention_days: 30,
  continuous_retention_days: null,
} as const;

export const ReviewSettingsBody = Type.Object(
  {
    /** footage kept and put in the clip before the first moving object */
    pre_roll_seconds: Type.Integer({ minimum: 0, maximum: 120, default: REVIEW_DEFAULTS.pre_roll_seconds }),
    /** …and after the last */
    post_roll_seconds: Type.Integer({ minimum: 0, maximum: 120, default: REVIEW_DEFAULTS.post_roll_seconds }),
    /**
     * how long review items, their clips and the chunks they cover are kept — beyond the continuous retention
     * (settings `retention_days`) when longer; the free-disk floor still wins
     */
    retention_days: Type.Integer({ minimum: 1, maximum: 3650, default: REVIEW_DEFAULTS.retention_days }),
    /**
     * how long this camera's continuous footage is kept (0 keeps it); null follows the recording settings'
     * `retention_days`, which is for every camera
     */
    continuous_retention_days: Nullable(Type.Integer({ minimum: 0, maximum: 3650, default: null })),
  },
  { additionalProperties: false },
);
export type ReviewSettingsBody = Static<typeof ReviewSettingsBody>;

export const ReviewSettingsResponse = Type.Object({
  camera_id: Type.Integer(),
  pre_roll_seconds: Type.Integer(),
  post_roll_seconds: Type.Integer(),
  retention_days: Type.Integer(),
  continuous_retention_days: Nullable(Type.Integer()),
  updated_at: Nullable(Timestamp),
});
export type ReviewSettingsResponse = Static<typeof ReviewSettingsResponse>;

const Box = Type.Object({
  label: Type.String(),
  confidence: Type.Number(),
  /** normalised: left, top, width, height (0–1) */
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
});

export const ReviewItem = Type.Object({
  id: Type.Integer(),
  camera_id: Type.Integer(),
  /** the first and last picture with a moving object (null end: still open) */
  start_time: Timestamp,
  end_time: Nullable(Timestamp),
  /** the span the clip covers: start − pre-roll to end + post-roll */
  clip_start_time: Timestamp,
  clip_end_time: Nullable(Timestamp),
  severity: StringEnum(REVIEW_SEVERITIES),
  labels: Type.Array(Type.String()),
  zones: Type.Array(Type.String()),
  track_ids: Type.Array(Type.String()),
  /**
   * the people the face gallery recognised on the camera during the incident (a live face_recognition model), as
   * the gallery spells them, in the order first recognised; at most 20
   */
  names: Type.Array(Type.String()),
  /** the boxes drawn on the snapshot */
  boxes: Type.Array(Box),
  has_snapshot: Type.Boolean(),
  /** when the snapshot's picture was taken (null: no snapshot, or made before this was kept) */
  snapshot_time: Nullable(Timestamp),
  clip_status: StringEnum(CLIP_STATUSES),
  reviewed: Type.Boolean(),
  reviewed_at: Nullable(Timestamp),
  snapshot_url: Nullable(Type.String()),
  thumbnail_url: Nullable(Type.String()),
  clip_url: Nullable(Type.String()),
});
export type ReviewItem = Static<typeof ReviewItem>;

export const ReviewQuery = Type.Object({
  ...Paging,
  camera_id: Type.Optional(Type.Integer({ minimum: 1 })),
  label: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** items in which this person was recognised (case-insensitive for ASCII letters) */
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  severity: Type.Optional(StringEnum(REVIEW_SEVERITIES)),
  reviewed: Type.Optional(Type.Boolean()),
  /** items that overlap [start_unix, end_unix] (seconds) */
  start_unix: Type.Optional(Type.Integer({ minimum: 0 })),
  end_unix: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ReviewQuery = Static<typeof ReviewQuery>;

export const ReviewList = Type.Object({ items: Type.Array(ReviewItem), total: Type.Integer() });
export type ReviewList = Static<typeof ReviewList>;

export const ReviewUpdate = Type.Object({ reviewed: Type.Boolean() }, { additionalProperties: false });
export type ReviewUpdate = Static<typeof ReviewUpdate>;

/** Mark several items: by id, or every item matching the filters (the list's filters, without paging). */
export const MarkReviewed = Type.Object(
  {
    ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 })),
    camera_id: Type.Optional(Type.Integer({ minimum: 1 })),
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    severity: Type.Optional(StringEnum(REVIEW_SEVERITIES)),
    start_unix: Type.Optional(Type.Integer({ minimum: 0 })),
    end_unix: Type.Optional(Type.Integer({ minimum: 0 })),
    reviewed: Type.Boolean({ default: true }),
  },
  { additionalProperties: false },
);
export type MarkReviewed = Static<typeof MarkReviewed>;
