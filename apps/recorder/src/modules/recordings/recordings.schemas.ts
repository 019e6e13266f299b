import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../../platform/http/schemas.js';

export const RecordingRangeQuery = Type.Object({
  start_unix: Type.Optional(Type.Integer({ minimum: 0 })),
  end_unix: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type RecordingRangeQuery = Static<typeof RecordingRangeQuery>;

export const RecordingChunk = Type.Object({
  id: Type.Integer(),
  camera_id: Type.Integer(),
  start_unix: Type.Integer(),
  end_unix: Type.Integer(),
  start_time: Timestamp,
  end_time: Timestamp,
  duration_seconds: Type.Number(),
  size_bytes: Type.Integer(),
  url: Type.String(),
});
export type RecordingChunk = Static<typeof RecordingChunk>;

/** GET /recordings/{camera_id}/thumbnail: a scrub preview of one instant. */
export const ThumbnailQuery = Type.Object({
  at_ms: Type.Integer({ minimum: 0, description: 'The instant (unix milliseconds)' }),
  width: Type.Integer({
    minimum: 64,
    maximum: 640,
    default: 160,
    description: 'Width of the picture in pixels',
  }),
});
export type ThumbnailQuery = Static<typeof ThumbnailQuery>;

/** GET /recordings/{camera_id}/coverage: the range's recorded spans, merged for a timeline's zoom level. */
export const CoverageQuery = Type.Object({
  start_unix: Type.Integer({ minimum: 0, description: 'Start of the range (unix seconds)' }),
  end_unix: Type.Integer({
    minimum: 0,
    description: 'End of the range (unix seconds); at most 31 days after start_unix',
  }),
  min_gap_seconds: Type.Integer({
    minimum: 0,
    maximum: 86400,
    default: 2,
    description:
      'Chunks less than this far apart are merged into one span. A timeline asks for about one pixel of time, so a ' +
      'week of 10-second chunks comes back as a few spans instead of 60,480 chunks.',
  }),
});
export type CoverageQuery = Static<typeof CoverageQuery>;

export const RecordedSpan = Type.Object({
  start_unix: Type.Integer(),
  end_unix: Type.Integer(),
  /** with milliseconds, for a timeline that seeks to the instant */
  start_time: Timestamp,
  end_time: Timestamp,
  /** chunks merged into this span */
  chunks: Type.Integer(),
  in_progress: Type.Boolean({
    description:
      'The span ends in the chunk being recorded now (counted in `chunks`): its end is the last whole fragment ' +
      'written, a second or so behind the camera, and grows.',
  }),
});
export type RecordedSpan = Static<typeof RecordedSpan>;

export const Coverage = Type.Object({
  camera_id: Type.Integer(),
  start_unix: Type.Integer(),
  end_unix: Type.Integer(),
  min_gap_seconds: Type.Integer(),
  /** oldest first; the first and last may reach outside the range (chunks overlapping its edges) */
  spans: Type.Array(RecordedSpan),
});
export type Coverage = Static<typeof Coverage>;

/** GET /recordings/{camera_id}/in-progress: the chunk being recorded, as far as it is written. */
export const InProgressChunk = Type.Object({
  camera_id: Type.Integer(),
  name: Type.String({
    description: 'The file being written; its bytes are at `url` (while written and after)',
  }),
  start_unix: Type.Integer(),
  end_unix: Type.Integer(),
  start_time: Timestamp,
  end_time: Timestamp,
  duration_seconds: Type.Number({ description: 'Video in the whole fragments written so far' }),
  size_bytes: Type.Integer({
    description: 'Bytes that may be read now: the init section and whole fragments',
  }),
  init_bytes: Type.Integer({ description: 'Length of the init section (ftyp + moov) at the start' }),
  video_codec: Nullable(Type.String({ description: '`h264`, `hevc`, or null when another' })),
  url: Type.String(),
});
export type InProgressChunk = Static<typeof InProgressChunk>;

export const InProgressFileParams = Type.Object({
  camera_id: Type.Integer({ minimum: 1 }),
  /** ffmpeg's name for a segment of a run: `<run start ms>-<attempt>-<n>.mp4` */
  file: Type.String({ pattern: '^[0-9]{1,16}-[0-9]{1,9}-[0-9]{6,9}\\.mp4$', maxLength: 40 }),
});

export const RecordingParams = Type.Object({ camera_id: Type.Integer({ minimum: 1 }) });
/** A segment of a chunk's H.264 transcode (recorded H.265 for browsers without HEVC). */
export const TranscodedChunkParams = Type.Object({
  camera_id: Type.Integer({ minimum: 1 }),
  chunk: Type.Integer({ minimum: 1 }),
  file: Type.String({ pattern: '^(init\\.mp4|[0-9]{1,5}\\.m4s)$' }),
});

export const ChunkParams = Type.Object({
  camera_id: Type.Integer({ minimum: 1 }),
  /** `<id>.mp4` for the file, `<id>` for delete */
  chunk: Type.String({ pattern: '^[0-9]+(\\.mp4)?$' }),
});

export const RecordingSettings = Type.Object({
  retention_days: Type.Integer({ minimum: 0, maximum: 36500 }),
  min_free_disk_gb: Type.Number({ minimum: 0, maximum: 100000 }),
  recordings_root: Type.String(),
});
export type RecordingSettings = Static<typeof RecordingSettings>;

export const RecordingUsage = Type.Object({
  recordings_bytes: Type.Integer({ description: 'the size of every indexed chunk together' }),
  volume_total_bytes: Nullable(
    Type.Integer({ description: 'the size of the volume holding the recordings root; null if unreadable' }),
  ),
  volume_free_bytes: Nullable(
    Type.Integer({ description: 'free bytes there (for unprivileged writers); null if unreadable' }),
  ),
  min_free_bytes: Type.Integer({ description: 'the free-disk floor (min_free_disk_gb) in bytes' }),
  below_floor: Type.Boolean({
    description: 'the free bytes are under the floor: retention is deleting the oldest',
  }),
});
export type RecordingUsage = Static<typeof RecordingUsage>;

export const RecordingSettingsUpdate = Type.Object(
  {
    retention_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 36500 })),
    min_free_disk_gb: Type.Optional(Type.Number({ minimum: 0, maximum: 100000 })),
    recordings_root: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: false },
);
export type RecordingSettingsUpdate = Static<typeof RecordingSettingsUpdate>;

export const DEFAULT_RECORDING_SETTINGS = { retention_days: 30, min_free_disk_gb: 5 } as const;
