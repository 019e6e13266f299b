// How recording follows changes without a restart: a camera or stream config change starts, restarts or stops
// its recording; new media-source TLS material or a restored backup re-reads the cameras. And what follows the
// engine's own notices: each is written to the event log, and a full disk makes retention free space at once.
import type { EventBus } from '../../platform/events/event-bus.js';
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { RecordingEngine, RecordingNotice } from './recording-engine.js';
import type { RetentionService } from './retention.js';

export function recordingReactions(
  events: RecorderEventBus,
  engine: Pick<RecordingEngine, 'sync'>,
  cameraIds: () => Promise<number[]>,
): () => void {
  return removeAll([
    events.on('camera.changed', (change) => engine.sync(change.camera.id)),
    events.on('camera-config.changed', ({ cameraId }) => engine.sync(cameraId)),
    events.on('camera.ownership-changed', ({ cameraId }) => engine.sync(cameraId)),
    events.on('media-tls.changed', async () => {
      await Promise.all((await cameraIds()).map((id) => engine.sync(id)));
    }),
    events.on('backup.restored', async ({ cameraIds }) => {
      for (const id of cameraIds) await engine.sync(id);
    }),
  ]);
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

export function recordingNoticeReactions(
  events: RecorderEventBus,
  parts: {
    log: EventBus;
    engine: Pick<RecordingEngine, 'retryStorageFailures'>;
    retention: Pick<RetentionService, 'run'>;
    recordingsRoot: string;
  },
): () => void {
  const publish = (notice: RecordingNotice) => {
    const error = 'error' in notice ? notice.error : null;
    void parts.log.publish({
      type: notice.type,
      camera_id: notice.cameraId,
      source: 'recorder',
      severity: NOTICE_SEVERITY[notice.type],
      data: {
        ...(error ? { error } : {}),
        ...(notice.cameraId === null ? { path: parts.recordingsRoot } : {}),
      },
    });
  };
  // A full disk: retention makes room now (down to the free-space floor), and the cameras waiting try again.
  const makeRoom = async () => {
    const { deletedByAge, deletedForSpace } = await parts.retention.run();
    if (deletedByAge + deletedForSpace > 0) parts.engine.retryStorageFailures();
  };
  return removeAll([
    events.on('recording.notice', publish),
    events.on('recording.notice', (notice) => (notice.type === 'storage.error' ? makeRoom() : undefined)),
  ]);
}
