// Runtime state of each camera's pipelines, as last reported by the media layer. Kept in memory: it describes
// this process's ffmpeg supervisors and is rebuilt as they start. Until a supervisor reports, a camera shows
// the honest "unknown" values.

/** API.md §4's six states, and `storage_error`: the recordings disk is full, read-only or not mounted. */
export type RecordingState =
  'recording' | 'starting' | 'retrying' | 'failed' | 'stopped' | 'disabled' | 'storage_error';

export interface CameraRuntimeStatus {
  live_online: boolean | null;
  recording_state: RecordingState | null;
  stream_action: string | null;
  stream_warning: string | null;
  media_server_provisioned: boolean;
  last_recording_at: string | null;
  /** in motion now; null while motion is not watched */
  motion_active: boolean | null;
}

export class CameraStatusService {
  readonly #reported = new Map<number, Partial<CameraRuntimeStatus>>();

  get(cameraId: number, recordingEnabled: boolean | null): CameraRuntimeStatus {
    const reported = this.#reported.get(cameraId) ?? {};
    return {
      live_online: reported.live_online ?? null,
      recording_state: reported.recording_state ?? (recordingEnabled ? 'stopped' : 'disabled'),
      stream_action: reported.stream_action ?? null,
      stream_warning: reported.stream_warning ?? null,
      media_server_provisioned: reported.media_server_provisioned ?? false,
      last_recording_at: reported.last_recording_at ?? null,
      motion_active: reported.motion_active ?? null,
    };
  }

  report(cameraId: number, status: Partial<CameraRuntimeStatus>): void {
    this.#reported.set(cameraId, { ...this.#reported.get(cameraId), ...status });
  }

  forget(cameraId: number): void {
    this.#reported.delete(cameraId);
  }
}
