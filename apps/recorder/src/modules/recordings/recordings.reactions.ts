// How recording follows changes without a restart: whatever changes how a camera is read (camera-runtime.
// reactions.ts) starts, restarts or stops its recording. And what follows the engine's own notices: each is
// written to the event log, and a full disk makes retention free space at once (the storage.error event then
// says what retention did).
import type { EventBus } from '../../platform/events/event-bus.js';
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { RecordingEngine, RecordingNotice } from './recording-engine.js';
import type { RetentionResult, RetentionService } from './retention.js';

export function recordingReactions(
  events: RecorderEventBus,
  engine: Pick<RecordingEngine, 'sync'>,
): () => void {
  return removeAll([events.on('camera.runtime-changed', ({ cameraId }) => engine.sync(cameraId))]);
}

const NOTICE_SEVERITY = {
  'camera.online': 'info',
  'recording.started': 'info',
  'camera.offline': 'high',
  'recording.failed': 'critical',
  'storage.error': 'critical',
  'storage.unavailable': 'critical',
  'storage.available': 'info',
} as const;

/** What the retention round a full disk set off did, carried by the `storage.error` event for the alert's text. */
export interface RetentionReport {
  /** no_floor: min_free_disk_gb is 0, nothing is deleted for space; made_room: the oldest chunks went, the floor
   * is met again; nothing_left: still under the floor with nothing more to delete; above_floor: free space is
   * over the floor (a read-only disk, a quota, a chunk larger than the floor leaves), nothing to delete */
  outcome: 'no_floor' | 'made_room' | 'nothing_left' | 'above_floor';
  floor_bytes: number;
  free_bytes: number;
  deleted_chunks: number;
}

export function retentionReport(round: RetentionResult): RetentionReport | null {
  // Not measured (the volume is not mounted, or statfs failed): nothing true to say about it.
  if (!Number.isFinite(round.freeBytes)) return null;
  const outcome =
    round.floorBytes <= 0
      ? 'no_floor'
      : round.belowFloor
        ? 'nothing_left'
        : round.deletedForSpace > 0
          ? 'made_room'
          : 'above_floor';
  return {
    outcome,
    floor_bytes: Math.round(round.floorBytes),
    free_bytes: round.freeBytes,
    deleted_chunks: round.deletedForSpace,
  };
}

export function recordingNoticeReactions(
  events: RecorderEventBus,
  parts: {
    log: EventBus;
    engine: Pick<RecordingEngine, 'retryStorageFailures'>;
    retention: Pick<RetentionService, 'run'>;
    recordingsRoot: string;
  },
): () => void {
  const publish = (notice: RecordingNotice, extra: Record<string, unknown> = {}) => {
    const error = 'error' in notice ? notice.error : null;
    void parts.log.publish({
      type: notice.type,
      camera_id: notice.cameraId,
      source: 'recorder',
      severity: NOTICE_SEVERITY[notice.type],
      data: {
        ...(error ? { error } : {}),
        ...(notice.cameraId === null ? { path: parts.recordingsRoot } : {}),
        ...extra,
      },
    });
  };
  // A full disk: retention makes room now (down to the free-space floor) before the event goes out, so that
  // it (and the alert raised from it) says what retention did; then the cameras waiting try again.
  const reportFullDisk = async (notice: RecordingNotice) => {
    // A failed round leaves the event without a report (the periodic round logs its own failures).
    const round = await parts.retention.run().catch(() => null);
    const report = round && retentionReport(round);
    publish(notice, report ? { retention: report } : {});
    if (round && round.deletedByAge + round.deletedForSpace > 0) parts.engine.retryStorageFailures();
  };
  // A camera's notices go out in the order the engine gave them, a storage error's after its retention round.
  const queues = new Map<number | null, Promise<void>>();
  const inOrder = (notice: RecordingNotice) => {
    const task = () => (notice.type === 'storage.error' ? reportFullDisk(notice) : publish(notice));
    const run = (queues.get(notice.cameraId) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => undefined);
    queues.set(notice.cameraId, tail);
    void tail.then(() => {
      if (queues.get(notice.cameraId) === tail) queues.delete(notice.cameraId);
    });
    return run;
  };
  return removeAll([events.on('recording.notice', inOrder)]);
}
