// The recorder's Prometheus series (docs/metrics.md). Counters and histograms are fed as things happen — by the
// HTTP hook, by this module's reactions to internal events and by the small hooks the recording engine and the
// detection loop call; gauges are read from the owning services at scrape time (prom-client's collect()), so a
// scrape always shows the state now and nothing here keeps a copy of another module's state. Every label is
// bounded: camera and model ids, route patterns, fixed enumerations — never a URL or a user's text.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RecordingState } from '../cameras/camera-status.service.js';
import type { IndexedChunk } from '../recordings/recording-notice.js';

/** The states a camera's recording can be in (API.md §4 and storage_error), one series each. */
const RECORDING_STATES: readonly RecordingState[] = [
  'recording',
  'starting',
  'retrying',
  'failed',
  'stopped',
  'disabled',
  'storage_error',
];

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * A chunk that starts this long (or longer) after the previous chunk of its camera ended is a gap: consecutive
 * chunks of one run tile the timeline within the media clock's 1 s (docs/architecture.md, "Wall-clock times").
 */
export const GAP_THRESHOLD_MS = 1000;

/** What the gauges read at scrape time; each comes from the service that owns it. */
export interface MetricsSources {
  /** every camera's id with its recording state and whether its stream is online (null: not known yet) */
  cameras(): Promise<{ id: number; recordingState: RecordingState; online: boolean | null }[]>;
  /** open event-stream clients by transport */
  eventClients(): { sse: number; websocket: number };
  /** alert notifications waiting to be delivered (pending rows of the outbox) */
  pendingDeliveries(): Promise<number>;
  /** cloud jobs queued or running */
  unfinishedCloudJobs(): Promise<number>;
  /** recording chunks waiting to be uploaded */
  pendingUploads(): Promise<number>;
  /** free and total bytes of each recordings volume that can be read now, and the floor retention keeps free */
  volumes(): Promise<{ path: string; freeBytes: number; totalBytes: number; floorBytes: number }[]>;
}

export class RecorderMetrics {
  readonly registry = new Registry();
  readonly #lastChunkEnd = new Map<number, number>();
  readonly #http: Histogram<'method' | 'route' | 'status_class'>;
  readonly #bytes: Counter<'camera_id'>;
  readonly #chunks: Counter<'camera_id'>;
  readonly #gaps: Counter<'camera_id'>;
  readonly #gapSeconds: Counter<'camera_id'>;
  readonly #restarts: Counter<'camera_id'>;
  readonly #detection: Histogram<'camera_id' | 'model_id' | 'task'>;
  readonly #skipped: Counter<'camera_id' | 'model_id' | 'reason'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    // The process's own series (CPU, memory, event loop lag), with the nvr_ prefix like the rest.
    collectDefaultMetrics({ register: this.registry, prefix: 'nvr_' });
    // Three of them are gauges named like counters, which promtool's lint refuses; each has a by-type twin
    // without the suffix (nvr_nodejs_active_handles{type} …) that stays.
    for (const name of ['handles', 'requests', 'resources'])
      this.registry.removeSingleMetric(`nvr_nodejs_active_${name}_total`);

    this.#http = new Histogram({
      name: 'nvr_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status class (event streams excluded).',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.#bytes = new Counter({
      name: 'nvr_recording_bytes_written_total',
      help: 'Bytes of recording chunks closed and indexed, per camera.',
      labelNames: ['camera_id'],
      registers,
    });
    this.#chunks = new Counter({
      name: 'nvr_recording_chunks_total',
      help: 'Recording chunks closed and indexed, per camera.',
      labelNames: ['camera_id'],
      registers,
    });
    this.#gaps = new Counter({
      name: 'nvr_recording_gaps_total',
      help: 'Chunks that started 1 s or more after the previous chunk of the camera ended (a hole in the footage).',
      labelNames: ['camera_id'],
      registers,
    });
    this.#gapSeconds = new Counter({
      name: 'nvr_recording_gap_seconds_total',
      help: 'Seconds of footage missing between consecutive chunks, per camera.',
      labelNames: ['camera_id'],
      registers,
    });
    this.#restarts = new Counter({
      name: 'nvr_ffmpeg_restarts_total',
      help: "Restarts of a camera's recording ffmpeg by its supervisor (after a failure, a stall or a clock cut).",
      labelNames: ['camera_id'],
      registers,
    });
    this.#detection = new Histogram({
      name: 'nvr_detection_latency_seconds',
      help: "Live detection: from the picture's capture to its stored result, per camera and model.",
      labelNames: ['camera_id', 'model_id', 'task'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers,
    });
    this.#skipped = new Counter({
      name: 'nvr_detection_skipped_turns_total',
      help: "Live detection turns skipped: busy (the model's previous picture was still being analysed).",
      labelNames: ['camera_id', 'model_id', 'reason'],
      registers,
    });

    new Gauge({
      name: 'nvr_camera_recording_state',
      help: "A camera's recording state: 1 for the state it is in, 0 for the others.",
      labelNames: ['camera_id', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const camera of await sources.cameras())
          for (const state of RECORDING_STATES)
            this.set({ camera_id: camera.id, state }, camera.recordingState === state ? 1 : 0);
      },
    });
    new Gauge({
      name: 'nvr_camera_online',
      help: "1 while the camera's stream is up, 0 while it is down; absent until the recorder knows.",
      labelNames: ['camera_id'],
      registers,
      async collect() {
        this.reset();
        for (const camera of await sources.cameras())
          if (camera.online !== null) this.set({ camera_id: camera.id }, camera.online ? 1 : 0);
      },
    });
    new Gauge({
      name: 'nvr_event_stream_clients',
      help: 'Open event-stream clients by transport.',
      labelNames: ['transport'],
      registers,
      collect() {
        const clients = sources.eventClients();
        this.set({ transport: 'sse' }, clients.sse);
        this.set({ transport: 'websocket' }, clients.websocket);
      },
    });
    new Gauge({
      name: 'nvr_queue_depth',
      help: 'Unfinished work in the durable queues: alert notification deliveries, cloud jobs, chunk uploads.',
      labelNames: ['queue'],
      registers,
      async collect() {
        const [deliveries, jobs, uploads] = await Promise.all([
          sources.pendingDeliveries(),
          sources.unfinishedCloudJobs(),
          sources.pendingUploads(),
        ]);
        this.set({ queue: 'alert_deliveries' }, deliveries);
        this.set({ queue: 'cloud_jobs' }, jobs);
        this.set({ queue: 'cloud_uploads' }, uploads);
      },
    });
    // Each gauge reads its own values: prom-client collects the series of a scrape concurrently.
    new Gauge({
      name: 'nvr_recordings_volume_free_bytes',
      help: 'Free bytes (available to the recorder, not only to root) of each recordings volume.',
      labelNames: ['path'],
      registers,
      async collect() {
        this.reset();
        for (const volume of await sources.volumes()) this.set({ path: volume.path }, volume.freeBytes);
      },
    });
    new Gauge({
      name: 'nvr_recordings_volume_floor_bytes',
      help: 'The free space retention keeps on each recordings volume (min_free_disk_gb), in bytes.',
      labelNames: ['path'],
      registers,
      async collect() {
        this.reset();
        for (const volume of await sources.volumes()) this.set({ path: volume.path }, volume.floorBytes);
      },
    });
    new Gauge({
      name: 'nvr_recordings_volume_size_bytes',
      help: 'Size in bytes of each recordings volume.',
      labelNames: ['path'],
      registers,
      async collect() {
        this.reset();
        for (const volume of await sources.volumes()) this.set({ path: volume.path }, volume.totalBytes);
      },
    });
  }

  /** The exposition (text format 0.0.4) and its content type. */
  async render(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /** One answered HTTP request; `route` is the route pattern (null when no route matched). */
  httpRequest(method: string, route: string | null, statusCode: number, seconds: number): void {
    this.#http.observe(
      {
        method: HTTP_METHODS.has(method) ? method : 'other',
        route: route ?? 'unmatched',
        status_class: `${Math.floor(statusCode / 100)}xx`,
      },
      seconds,
    );
  }

  /** A chunk was indexed: bytes written, and a gap when it does not follow on from the camera's previous one. */
  chunkIndexed(chunk: IndexedChunk): void {
    const camera = { camera_id: chunk.cameraId };
    this.#bytes.inc(camera, chunk.sizeBytes);
    this.#chunks.inc(camera);
    const previousEnd = this.#lastChunkEnd.get(chunk.cameraId);
    // Chunks recovered after a crash can arrive out of order; only a later one can open a gap.
    if (previousEnd !== undefined && chunk.startMs - previousEnd >= GAP_THRESHOLD_MS) {
      this.#gaps.inc(camera);
      this.#gapSeconds.inc(camera, (chunk.startMs - previousEnd) / 1000);
    }
    this.#lastChunkEnd.set(chunk.cameraId, Math.max(previousEnd ?? 0, chunk.endMs));
  }

  /** The camera was deleted: its per-camera counters go (ids are not reused), so series do not pile up. */
  cameraRemoved(cameraId: number): void {
    this.#lastChunkEnd.delete(cameraId);
    for (const counter of [this.#bytes, this.#chunks, this.#gaps, this.#gapSeconds, this.#restarts])
      counter.remove({ camera_id: cameraId });
  }

  ffmpegRestarted(cameraId: number): void {
    this.#restarts.inc({ camera_id: cameraId });
  }

  detectionAnalysed(cameraId: number, modelId: number, task: string, seconds: number): void {
    this.#detection.observe({ camera_id: cameraId, model_id: modelId, task }, seconds);
  }

  detectionSkipped(cameraId: number, modelId: number, reason: 'busy'): void {
    this.#skipped.inc({ camera_id: cameraId, model_id: modelId, reason });
  }
}
