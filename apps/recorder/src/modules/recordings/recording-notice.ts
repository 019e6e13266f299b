// What the recording engine announces: each indexed chunk ('recording.chunk-indexed') and each change of a
// camera's recording or of the recordings volume ('recording.notice'); see modules/recorder-events.ts.

export interface IndexedChunk {
  cameraId: number;
  /** relative to the recordings root */
  path: string;
  startMs: number;
  endMs: number;
  sizeBytes: number;
}

export type RecordingNotice =
  | { type: 'camera.online' | 'recording.started'; cameraId: number }
  | { type: 'camera.offline' | 'recording.failed' | 'storage.error'; cameraId: number; error: string | null }
  | { type: 'storage.unavailable'; cameraId: null; error: string }
  | { type: 'storage.available'; cameraId: null };
