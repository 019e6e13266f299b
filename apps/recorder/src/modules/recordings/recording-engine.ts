// Keeps one CameraRecorder per camera that should record (active, not binned, recording enabled), in step
// with camera and config changes, indexes every closed chunk, and reconciles the index with the disk at start.
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  CameraRecorder,
  INCOMING_DIR,
  killOrphans,
  recoverSegment,
  type ClosedSegment,
} from '../../media/camera-recorder.js';
import { mediaDuration } from '../../media/ffmpeg/probe.js';
import { redact } from '../../media/ffmpeg/args.js';
import { DEFAULT_BACKOFF, type BackoffPolicy, type Transition } from '../../media/supervisor.js';
import { cameraRecordingDir } from '../../platform/storage/recording-dirs.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type {
  CameraRuntimeStatus,
  CameraStatusService,
  RecordingState,
} from '../cameras/camera-status.service.js';
import type { CameraRow } from '../cameras/cameras.repository.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { CameraConfigRow } from '../camera-config/camera-config.repository.js';
import type { RecordingsRepository } from './recordings.repository.js';
import { planSource, verifySource, type RtspsVerifier } from './stream-source.js';

export interface RecordingEngineOptions {
  recordingsRoot: string;
  ffmpegPath: string;
  ffprobePath: string;
  backoff?: BackoffPolicy;
  healthyResetMs?: number;
  /** checks RTSPS sources' certificates before streaming (the media-source TLS service) */
  verifyRtsps?: RtspsVerifier;
}

/** What the engine tells the rest of the system (the event bus, once wired). */
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
  | { type: 'camera.offline' | 'recording.failed'; cameraId: number; error: string | null };

const STATE: Record<Transition['to'], RecordingState> = {
  starting: 'starting',
  running: 'recording',
  retrying: 'retrying',
  failed: 'failed',
  stopped: 'stopped',
};

type Credentials = { username: string | null; password: string | null };

interface Active {
  recorder: CameraRecorder;
  /** what it was started with: a change of any of it means a restart */
  fingerprint: string;
}

export class RecordingEngine {
  readonly #active = new Map<number, Active>();
  readonly #pending = new Map<number, Promise<void>>();
  readonly #listeners: ((notice: RecordingNotice) => void)[] = [];
  readonly #chunkListeners: ((chunk: IndexedChunk) => void)[] = [];
  #stopped = false;

  constructor(
    private readonly cameras: CamerasService,
    private readonly configs: CameraConfigService,
    private readonly status: CameraStatusService,
    private readonly index: RecordingsRepository,
    private readonly options: RecordingEngineOptions,
    private readonly log: FastifyBaseLogger | Console = console,
  ) {}

  onNotice(listener: (notice: RecordingNotice) => void): void {
    this.#listeners.push(listener);
  }

  /** Every chunk as soon as it is indexed (cloud upload, tests). */
  onChunk(listener: (chunk: IndexedChunk) => void): void {
    this.#chunkListeners.push(listener);
  }

  /** Reconciles the index with the disk, then starts every camera that should record. */
  async start(): Promise<void> {
    const ids = await this.cameras.allIds();
    await this.reconcile(ids);
    await Promise.all(ids.map((id) => this.sync(id)));
  }

  /** Stops every recorder; each closes and indexes its current chunk. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await Promise.all([...this.#pending.values()]);
    await Promise.all([...this.#active.values()].map(({ recorder }) => recorder.stop()));
    this.#active.clear();
  }

  /** Brings one camera's recorder in line with its stored state. Calls for one camera run one at a time. */
  sync(cameraId: number): Promise<void> {
    const previous = this.#pending.get(cameraId) ?? Promise.resolve();
    const next = previous
      .then(() => this.#sync(cameraId))
      .catch((error: unknown) => this.log.error({ err: error, cameraId }, 'recording sync failed'));
    this.#pending.set(cameraId, next);
    void next.finally(() => {
      if (this.#pending.get(cameraId) === next) this.#pending.delete(cameraId);
    });
    return next;
  }

  /** Resolves once every camera sync requested so far has been carried out. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending.values()]);
  }

  /** Whether a recorder runs for the camera (for tests and status). */
  isRecording(cameraId: number): boolean {
    return this.#active.has(cameraId);
  }

  async #sync(cameraId: number): Promise<void> {
    const camera = await this.cameras.find(cameraId);
    const config = camera ? await this.configs.find(cameraId) : undefined;
    const wanted =
      !this.#stopped &&
      camera &&
      config &&
      camera.deleted_at === null &&
      camera.is_active &&
      config.recording_enabled;
    const current = this.#active.get(cameraId);
    const credentials = wanted ? await this.cameras.credentials(cameraId) : null;
    const fingerprint = wanted && credentials ? fingerprintOf(camera, config, credentials) : '';
    if (current && (!wanted || current.fingerprint !== fingerprint)) {
      this.#active.delete(cameraId);
      await current.recorder.stop();
    }
    if (!wanted) {
      this.#report(cameraId, {
        recording_state: config?.recording_enabled && camera?.is_active ? 'stopped' : 'disabled',
        live_online: null,
        media_server_provisioned: false,
        stream_action: current ? 'stop' : null,
      });
      if (current && config) await this.configs.recordRuntime(cameraId, { stream_active: false });
      return;
    }
    if (this.#active.has(cameraId)) return;
    await this.#launch(camera, config, credentials!, fingerprint);
  }

  async #launch(
    camera: CameraRow,
    config: CameraConfigRow,
    { username, password }: Credentials,
    fingerprint: string,
  ): Promise<void> {
    const cameraId = camera.id;
    const decision = await verifySource(
      planSource(
        config.source_url ?? camera.rtsp_url,
        config.transport_security,
        config.transport_security_probe_result,
        config.transport_security_probe_port,
      ),
      this.options.verifyRtsps,
    );
    if (!decision.ok) {
      this.#report(cameraId, {
        recording_state: 'failed',
        live_online: null,
        stream_warning: decision.error,
        stream_action: null,
      });
      this.#notify({ type: 'recording.failed', cameraId, error: decision.error });
      return;
    }
    const cameraDir = cameraRecordingDir(this.options.recordingsRoot, cameraId, config.recording_path);
    const extraOptions = config.extra_options
      ? (JSON.parse(config.extra_options) as Record<string, string>)
      : {};
    const warning = decision.plan.warning;
    const recorder = new CameraRecorder({
      cameraDir,
      input: (attempt) => ({
        url: decision.plan.url,
        username,
        password,
        // `auto`: TCP first, then alternate with UDP between attempts.
        rtspTransport:
          config.rtsp_transport === 'udp' || (config.rtsp_transport === 'auto' && attempt % 2 === 1)
            ? 'udp'
            : 'tcp',
        extraOptions: Object.fromEntries(Object.entries(extraOptions).map(([k, v]) => [k, String(v)])),
      }),
      segmentSeconds: config.recording_segment_seconds,
      ffmpegPath: this.options.ffmpegPath,
      ffprobePath: this.options.ffprobePath,
      autoRestart: config.auto_restart,
      maxRestartAttempts: config.max_restart_attempts,
      backoff: this.options.backoff ?? DEFAULT_BACKOFF,
      healthyResetMs: this.options.healthyResetMs ?? 60_000,
      onSegment: async (segment) => {
        await this.#indexSegment(cameraId, cameraDir, segment);
      },
      onTransition: (transition) => this.#onTransition(cameraId, transition, warning),
      onError: (error) => this.log.error({ err: error, cameraId }, 'recording bookkeeping failed'),
    });
    this.#active.set(cameraId, { recorder, fingerprint });
    this.#report(cameraId, { media_server_provisioned: true, stream_warning: warning });
    await this.configs.recordRuntime(cameraId, { last_provisioned_at: new Date().toISOString() });
    await recorder.start();
  }

  #onTransition(cameraId: number, transition: Transition, warning: string | null): void {
    const online =
      transition.to === 'running'
        ? true
        : transition.to === 'retrying' || transition.to === 'failed'
          ? false
          : undefined;
    this.#report(cameraId, {
      recording_state: STATE[transition.to],
      stream_action: transition.action,
      stream_warning: transition.error ? redact(transition.error) : warning,
      ...(online === undefined ? {} : { live_online: online }),
    });
    const runtime =
      transition.to === 'running'
        ? {
            stream_active: true,
            stream_failures: transition.failures,
            last_stream_start: new Date().toISOString(),
          }
        : { stream_active: false, stream_failures: transition.failures };
    this.configs
      .recordRuntime(cameraId, runtime)
      .catch((error: unknown) => this.log.warn({ err: error }, 'runtime update failed'));
    if (transition.to === 'running') {
      this.#notify({ type: 'camera.online', cameraId });
      this.#notify({ type: 'recording.started', cameraId });
    } else if (transition.to === 'retrying' && transition.from !== 'retrying') {
      this.#notify({ type: 'camera.offline', cameraId, error: transition.error });
    } else if (transition.to === 'failed') {
      this.#notify({ type: 'recording.failed', cameraId, error: transition.error });
    }
  }

  /** Moves a closed segment to `<camera dir>/YYYY/MM/DD/<start ms>.mp4` and indexes it. */
  async #indexSegment(cameraId: number, cameraDir: string, segment: ClosedSegment): Promise<string | null> {
    const info = await stat(segment.file).catch(() => null);
    if (!info || info.size === 0) {
      await rm(segment.file, { force: true });
      return null;
    }
    const day = new Date(segment.startMs).toISOString().slice(0, 10).split('-');
    const target = join(cameraDir, ...day, `${segment.startMs}.mp4`);
    await mkdir(dirname(target), { recursive: true });
    await rename(segment.file, target);
    const path = relative(this.options.recordingsRoot, target);
    await this.index.insert({
      camera_id: cameraId,
      start_ms: segment.startMs,
      end_ms: segment.endMs,
      duration_seconds: segment.durationSeconds,
      size_bytes: info.size,
      path,
      created_at: new Date().toISOString(),
    });
    this.#report(cameraId, { last_recording_at: new Date(segment.endMs).toISOString() });
    const chunk = { cameraId, path, startMs: segment.startMs, endMs: segment.endMs, sizeBytes: info.size };
    for (const listener of this.#chunkListeners) listener(chunk);
    return path;
  }

  /**
   * After a crash or while the service was down: segments left in `.incoming` are indexed with what plays of
   * them, complete chunks the index does not know are added, and rows whose files are gone are dropped.
   */
  async reconcile(cameraIds: number[]): Promise<void> {
    const known = await this.index.allPaths();
    const seen = new Set<string>();
    for (const cameraId of cameraIds) {
      const config = await this.configs.find(cameraId);
      const cameraDir = cameraRecordingDir(
        this.options.recordingsRoot,
        cameraId,
        config?.recording_path ?? null,
      );
      const incoming = join(cameraDir, INCOMING_DIR);
      const orphans = await killOrphans(incoming);
      if (orphans > 0)
        this.log.warn({ cameraId, orphans }, 'ended ffmpeg left running by a previous recorder');
      for (const name of (await readdir(incoming).catch(() => [])).sort()) {
        const file = join(incoming, name);
        if (!name.endsWith('.mp4')) {
          // Segment lists of runs that never finished; their segments are recovered from the files.
          await rm(file, { force: true });
          continue;
        }
        const segment = await recoverSegment(this.options.ffprobePath, file);
        const path = segment ? await this.#indexSegment(cameraId, cameraDir, segment) : null;
        if (path) seen.add(path);
        else await rm(file, { force: true });
      }
      for (const file of await chunkFiles(cameraDir)) {
        const path = relative(this.options.recordingsRoot, file);
        seen.add(path);
        if (known.has(path)) continue;
        const startMs = Number(file.slice(file.lastIndexOf('/') + 1, -'.mp4'.length));
        const duration = await mediaDuration(this.options.ffprobePath, file);
        const info = await stat(file);
        if (!Number.isFinite(startMs) || duration === null) continue;
        await this.index.insert({
          camera_id: cameraId,
          start_ms: startMs,
          end_ms: Math.round(startMs + duration * 1000),
          duration_seconds: duration,
          size_bytes: info.size,
          path,
          created_at: new Date().toISOString(),
        });
      }
      const newest = await this.index.newestEnd(cameraId);
      if (newest !== null) this.#report(cameraId, { last_recording_at: new Date(newest).toISOString() });
    }
    const vanished = [...known].filter((path) => !seen.has(path));
    await this.index.deleteByPaths(vanished);
  }

  #report(cameraId: number, status: Partial<CameraRuntimeStatus>): void {
    this.status.report(cameraId, status);
  }

  #notify(notice: RecordingNotice): void {
    for (const listener of this.#listeners) listener(notice);
  }
}

/** What a recorder was started with: a change of any of it means a restart. */
function fingerprintOf(
  camera: CameraRow,
  config: CameraConfigRow,
  { username, password }: Credentials,
): string {
  return JSON.stringify([
    camera.rtsp_url,
    camera.ip_address,
    username,
    password,
    config.source_url,
    config.rtsp_transport,
    config.extra_options,
    config.recording_segment_seconds,
    config.recording_path,
    config.transport_security,
    config.transport_security_probe_result,
    config.transport_security_probe_port,
    config.auto_restart,
    config.max_restart_attempts,
  ]);
}

/** Every `YYYY/MM/DD/<ms>.mp4` under a camera directory. */
async function chunkFiles(cameraDir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (depth < 3 && entry.isDirectory()) await walk(path, depth + 1);
      else if (depth === 3 && entry.isFile() && /^\d+\.mp4$/.test(entry.name)) files.push(path);
    }
  };
  await walk(cameraDir, 0);
  return files;
}
