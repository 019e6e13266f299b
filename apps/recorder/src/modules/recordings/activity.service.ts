// A camera's activity over a range, for the recordings timeline (issue #34): AI findings, motion and incidents as
// merged time ranges, never one row per result — a model run every second for a day is 86,400 results, and the
// timeline once showed only the newest 500 of them. Each kind's rows are merged by the repository of the module
// that stores them (detection results; motion in the event log; review items), in SQL; this service checks the caller may view the camera's
// footage and bounds the answer: the gap is raised until the range holds at most MAX_RANGES ranges.
import type { RequestContext } from '../../platform/auth/principal.js';
import { FieldValidationError } from '../../platform/http/errors.js';
import type { DetectionResultsService } from '../detection-results/detection-results.service.js';
import type { MotionService } from '../motion/motion.service.js';
import type { ReviewService } from '../review/review.service.js';
import type { Activity, ActivityQuery } from './activity.schemas.js';
import type { RecordingsService } from './recordings.service.js';

/** Ranges in one answer at most: consecutive ranges are at least a gap apart, so span / gap bounds them. */
export const MAX_RANGES = 2000;
const MAX_SPAN_SECONDS = 31 * 24 * 3600;

export class ActivityService {
  constructor(
    private readonly recordings: Pick<RecordingsService, 'viewable'>,
    private readonly detections: Pick<DetectionResultsService, 'activity'>,
    private readonly motion: Pick<MotionService, 'ranges'>,
    private readonly incidents: Pick<ReviewService, 'ranges'>,
    private readonly now: () => number = Date.now,
  ) {}

  async activity(context: RequestContext, cameraId: number, query: ActivityQuery): Promise<Activity> {
    await this.recordings.viewable(context, cameraId);
    const { start_unix: start, end_unix: end } = query;
    if (end < start)
      throw new FieldValidationError(['query', 'end_unix'], 'end_unix must not be before start_unix');
    if (end - start > MAX_SPAN_SECONDS)
      throw new FieldValidationError(['query', 'end_unix'], 'The range may span at most 31 days');
    const gapSeconds = Math.max(query.min_gap_seconds, Math.ceil((end - start) / MAX_RANGES));
    const [fromMs, toMs, gapMs] = [start * 1000, end * 1000, gapSeconds * 1000];
    // Motion still going, or an incident still open, is drawn up to now (or the range's end, for a past range).
    const openEndMs = Math.min(this.now(), toMs);
    const ranges: { startMs: number; endMs: number; count: number; alerts?: number }[] =
      query.kind === 'detection'
        ? await this.detections.activity(cameraId, fromMs, toMs, gapMs)
        : query.kind === 'motion'
          ? await this.motion.ranges(cameraId, fromMs, toMs, gapMs, openEndMs)
          : await this.incidents.ranges(cameraId, fromMs, toMs, gapMs, openEndMs);
    return {
      camera_id: cameraId,
      kind: query.kind,
      start_unix: start,
      end_unix: end,
      min_gap_seconds: gapSeconds,
      ranges: ranges.map((range) => ({
        start_ms: range.startMs,
        end_ms: range.endMs,
        count: range.count,
        ...(range.alerts === undefined ? {} : { alerts: range.alerts }),
      })),
    };
  }
}
