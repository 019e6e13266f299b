// Every camera stream the recorder reads, by camera and role: created on first use, each pulled at most once
// however many consumers read it (camera-stream.ts). The modules layer supplies how a camera is read (the
// source resolver), so media/ never reaches into the modules.
import type { PulledSource } from './camera-stream.js';
import { DEFAULT_BACKOFF, type BackoffPolicy } from '../supervisor.js';
import { CameraStream, type StreamLiveness } from './camera-stream.js';

/** `main`: the camera's full stream (recording); `sub`: its substream when it has one, else the main stream. */
export type StreamRole = 'main' | 'sub';

export interface StreamHubOptions {
  ffmpegPath: string;
  /** how a camera stream is read for attempt n, and what of it is converted (MJPEG, G.711: recording-plan.ts) */
  resolve: (cameraId: number, role: StreamRole, attempt: number) => Promise<PulledSource>;
  backoff?: BackoffPolicy;
  /** a stream's own pull stops this long after its last consumer left */
  lingerMs?: number;
  stallTimeoutMs?: number;
  /** told whenever a camera stream starts or stops arriving (the camera's `live_online`) */
  onLiveness?: (cameraId: number, role: StreamRole, liveness: StreamLiveness) => void;
}

export const PULL_LINGER_MS = 30_000;

export class StreamHub {
  readonly #streams = new Map<string, Promise<CameraStream>>();
  #closed = false;

  constructor(private readonly options: StreamHubOptions) {}

  /**
   * The camera's stream of that role, its port open. Refused once the hub is closed: a request still under way at
   * shutdown (a live viewer's) would open a port nothing closes, and the process would never exit.
   */
  stream(cameraId: number, role: StreamRole = 'main'): Promise<CameraStream> {
    if (this.#closed) return Promise.reject(new Error('the recorder is shutting down'));
    const key = `${cameraId}/${role}`;
    let stream = this.#streams.get(key);
    if (!stream) {
      const created = new CameraStream({
        ffmpegPath: this.options.ffmpegPath,
        resolve: (attempt) => this.options.resolve(cameraId, role, attempt),
        backoff: this.options.backoff ?? DEFAULT_BACKOFF,
        lingerMs: this.options.lingerMs ?? PULL_LINGER_MS,
        stallTimeoutMs: this.options.stallTimeoutMs ?? 20_000,
      });
      const onLiveness = this.options.onLiveness;
      if (onLiveness) created.on('liveness', (liveness) => onLiveness(cameraId, role, liveness));
      stream = created.open().then(() => created);
      this.#streams.set(key, stream);
      stream.catch(() => this.#streams.delete(key));
    }
    return stream;
  }

  /** The stream if it exists (tests, metrics). */
  async find(cameraId: number, role: StreamRole = 'main'): Promise<CameraStream | null> {
    return (await this.#streams.get(`${cameraId}/${role}`)?.catch(() => null)) ?? null;
  }

  /** The camera is read differently now (or not at all): its own pulls start again with the new source. */
  async refresh(cameraId: number): Promise<void> {
    for (const role of ['main', 'sub'] as const) await (await this.find(cameraId, role))?.restartPull();
  }

  async close(): Promise<void> {
    this.#closed = true;
    const streams = [...this.#streams.values()];
    this.#streams.clear();
    await Promise.all(streams.map(async (stream) => (await stream.catch(() => null))?.close()));
  }
}
