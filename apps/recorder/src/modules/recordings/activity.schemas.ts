import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../platform/http/schemas.js';

/** What a timeline draws as activity beside the recorded spans. */
export const ACTIVITY_KINDS = ['detection', 'motion', 'incident'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** GET /recordings/{camera_id}/activity: a range's activity of one kind, merged for a timeline's zoom level. */
export const ActivityQuery = Type.Object({
  start_unix: Type.Integer({ minimum: 0, description: 'Start of the range (unix seconds)' }),
  end_unix: Type.Integer({
    minimum: 0,
    description: 'End of the range (unix seconds); at most 31 days after start_unix',
  }),
  kind: StringEnum(ACTIVITY_KINDS, {
    description:
      '`detection`: AI detection results that found something; `motion`: motion from its start to its end ' +
      '(kept as long as the event log keeps events); `incident`: review items, from start to end (an open one ' +
      'to now)',
  }),
  min_gap_seconds: Type.Integer({
    minimum: 0,
    maximum: 86400,
    default: 10,
    description:
      'Activity less than this far apart is merged into one range. A timeline asks for a few pixels of time; the ' +
      'recorder raises it where the range would otherwise hold more than 2,000 ranges (the answer says which it used).',
  }),
});
export type ActivityQuery = Static<typeof ActivityQuery>;

export const ActivityRange = Type.Object({
  /** unix milliseconds */
  start_ms: Type.Integer(),
  end_ms: Type.Integer(),
  /** detection results, motions or incidents merged into the range */
  count: Type.Integer(),
  /** kind=incident: how many of the merged incidents were alerts */
  alerts: Type.Optional(Type.Integer()),
});
export type ActivityRange = Static<typeof ActivityRange>;

export const Activity = Type.Object({
  camera_id: Type.Integer(),
  kind: StringEnum(ACTIVITY_KINDS),
  start_unix: Type.Integer(),
  end_unix: Type.Integer(),
  /** the gap used: the one asked for, or larger where the range needed it to stay within 2,000 ranges */
  min_gap_seconds: Type.Integer(),
  /** oldest first; the first and last may reach outside the range */
  ranges: Type.Array(ActivityRange, { maxItems: 2001 }),
});
export type Activity = Static<typeof Activity>;
