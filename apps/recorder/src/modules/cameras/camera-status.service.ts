// Runtime state of each camera's pipelines, as last reported by the media layer. Kept in memory: it describes
// this process's ffmpeg supervisors and is rebuilt as they start. Until a supervisor reports, a camera shows
// the honest "unknown" values. In a cluster, a camera another node runs shows what that node reported (the
// cluster module shares the reports through the database: modules/cluster/status-sharing.ts).

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
  /** RTSP restream readers playing the camera's streams on this node now (modules/restream) */
  restream_readers: number;
}

export type StatusListener = (cameraId: number, status: Partial<CameraRuntimeStatus>) => void;

export class CameraStatusService {
  readonly #reported = new Map<number, Partial<CameraRuntimeStatus>>();
  /** what the nodes running other cameras reported (cluster) */
  #elsewhere = new Map<number, Partial<CameraRuntimeStatus>>();
  readonly #listeners = new Set<StatusListener>();

  constructor(
    /** whether this node runs the camera (cluster: its lease holder); else another node's report counts */
    private readonly runsHere: (cameraId: number) => boolean = () => true,
  ) {}

  get(cameraId: number, recordingEnabled: boolean | null): CameraRuntimeStatus {
    const reported =
      (this.runsHere(cameraId) ? this.#reported.get(cameraId) : this.#elsewhere.get(cameraId)) ?? {};
    return {
      live_online: reported.live_online ?? null,
      recording_state: reported.recording_state ?? (recordingEnabled ? 'stopped' : 'disabled'),
      stream_action: reported.stream_action ?? null,
      stream_warning: reported.stream_warning ?? null,
      media_server_provisioned: reported.media_server_provisioned ?? false,
      last_recording_at: reported.last_recording_at ?? null,
      motion_active: reported.motion_active ?? null,
      restream_readers: reported.restream_readers ?? 0,
    };
  }

  report(cameraId: number, status: Partial<CameraRuntimeStatus>): void {
    const merged = { ...this.#reported.get(cameraId), ...status };
    this.#reported.set(cameraId, merged);
    for (const listener of this.#listeners) listener(cameraId, merged);
  }

  /** Follows every report of this node (the cluster shares them); returns the function that stops following. */
  onReport(listener: StatusListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** What this node reported for a camera (the cluster shares it). */
  reportedHere(cameraId: number): Partial<CameraRuntimeStatus> | undefined {
    return this.#reported.get(cameraId);
  }

  /** The reports of the cameras other nodes run, as the cluster last read them. */
  replaceElsewhere(statuses: Map<number, Partial<CameraRuntimeStatus>>): void {
    this.#elsewhere = statuses;
  }

  forget(cameraId: number): void {
    this.#reported.delete(cameraId);
  }
}
