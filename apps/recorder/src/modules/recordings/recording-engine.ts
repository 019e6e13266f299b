// Keeps one CameraRecorder per camera that should record (active, not binned, recording enabled), in step
// with camera and config changes, indexes every closed chunk, and reconciles the index with the disk at start.
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  CameraRecorder,
  INCOMING_DIR,
  killOrphans,
  recoverSegment,
  type ClosedSegment,
  type RecorderTransition,
  type SegmentInProgress,
} from '../../media/camera-recorder.js';
import { mediaDuration } from '../../media/ffmpeg/probe.js';
import { redact } from '../../media/ffmpeg/args.js';
import type { CameraStream } from '../../media/ingest/camera-stream.js';
import type { StreamHub } from '../../media/ingest/stream-hub.js';
import { DEFAULT_BACKOFF, type BackoffPolicy, type Transition } from '../../media/supervisor.js';
import { cameraRecordingDir } from '../../platform/storage/recording-dirs.js';
import { sha256File } from '../../platform/crypto/file-hash.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type { SourceResolver } from '../camera-sources/source-resolver.js';
import type { StreamProbes } from '../camera-sources/stream-probes.js';
import { recordingPlan } from '../../media/ffmpeg/recording-plan.js';
import type {
  CameraRuntimeStatus,
  CameraStatusService,
  RecordingState,
} from '../cameras/camera-status.service.js';
import type { CameraRow } from '../../platform/db/schema.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { CameraConfigRow } from '../../platform/db/schema.js';
import type { RecordingsRepository } from './recordings.repository.js';
import type { RecordingsVolume, VolumeState } from './recordings-volume.js';
import type { RecorderEventBus } from '../recorder-events.js';
import type { IndexedChunk, RecordingNotice } from './recording-notice.js';
import type { CameraOwnership, Fence } from '../cluster/camera-leases.js';

/** Where a node keeps chunks it recorded after losing the camera's lease (not indexed; see #indexSegment). */
export const FENCED_DIR = '.fenced';

export interface RecordingEngineOptions {
  recordingsRoot: string;
  ffmpegPath: string;
  ffprobePath: string;
  backoff?: BackoffPolicy;
  /** once a camera is `failed` (max_restart_attempts used up), how often it is tried again */
  slowRetryMs?: number;
  /** how often the recordings volume is checked for having gone or come back */
  volumeCheckMs?: number;
  healthyResetMs?: number;
  /** told of every restart of a camera's recording ffmpeg by its supervisor (the metrics count them) */
  onFfmpegRestart?: (cameraId: number) => void;
}

/** What the engine tells the rest of the system (the event bus, once wired). */
export type { IndexedChunk, RecordingNotice } from './recording-notice.js';

/** Defaults of the options above. */
export const SLOW_RETRY_MS = 30_000;
export const VOLUME_CHECK_MS = 10_000;

const STATE: Record<Transition['to'], RecordingState> = {
  starting: 'starting',
  running: 'recording',
  retrying: 'retrying',
  failed: 'failed',
  stopped: 'stopped',
};

type Credentials = { username: string | null; password: string | null };

/** Closed segments remembered by their name in `.incoming` (a viewer may ask for one it saw being written). */
const CLOSED_NAMES_KEPT = 256;

/** Why a camera that should record has no recorder on this node. */
export interface NotRecording {
  cause: 'not_held' | 'volume' | 'source';
  message: string;
}

interface Active {
  recorder: CameraRecorder;
  /** what it was started with: a change of any of it means a restart */
  fingerprint: string;
  /** the state last reported, so that only changes are logged and announced */
  state: RecordingState | null;
  /** the last run ended on a write failure (disk full, read-only): a storage error until it records again */
  storageFailing: boolean;
  /** whether the camera was last seen streaming (null: not yet known) */
  online: boolean | null;
  /** the camera's lease when it started: its chunks are indexed only while the lease still carries it */
  fence: Fence | null;
  /** the camera stream the recording's ffmpeg also sends (live view and the rest read it) */
  stream: CameraStream;
  /** asks the camera again what it sends, before the next attempt (a run failed: it may send something else) */
  reprobe: () => void;
}

export class RecordingEngine {
  readonly #active = new Map<number, Active>();
  /** why a camera that should record has no recorder here (the last sync's answer), for the recording watch */
  readonly #notRecording = new Map<number, NotRecording>();
  readonly #pending = new Map<number, Promise<void>>();
  /** `<camera id>/<name in .incoming>` → the indexed chunk's path under the recordings root, newest last */
  readonly #closedNames = new Map<string, string>();
  #stopped = false;

  constructor(
    private readonly cameras: CamerasService,
    private readonly configs: CameraConfigService,
    private readonly status: CameraStatusService,
    private readonly index: RecordingsRepository,
    private readonly volume: RecordingsVolume,
    private readonly sources: SourceResolver,
    /** the recording's ffmpeg also sends the camera's main stream to its fan-out: one session per camera */
    private readonly streams: StreamHub,
    /** whether this node runs the camera (modules/cluster), and the fence its chunk rows carry */
    private readonly ownership: CameraOwnership,
    /** what each camera sends, for the recording plan (copy or convert) */
    private readonly probes: StreamProbes,
    private readonly options: RecordingEngineOptions,
    /** where notices ('recording.notice') and indexed chunks ('recording.chunk-indexed') are announced */
    private readonly events: RecorderEventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Follows this engine's notices (tests); returns the function that stops following. */
  onNotice(listener: (notice: RecordingNotice) => void): () => void {
    return this.events.on('recording.notice', listener);
  }

  /** Follows every chunk as soon as it is indexed (tests); returns the function that stops following. */
  onChunk(listener: (chunk: IndexedChunk) => void): () => void {
    return this.events.on('recording.chunk-indexed', listener);
  }

  /**
   * Reconciles the index with the disk, then starts every camera that should record — unless the recordings
   * volume is missing: then nothing is reconciled or recorded until it is back (checked every volumeCheckMs).
   */
  async start(): Promise<void> {
    const ids = await this.cameras.allIds();
    const volume = await this.volume.check();
    if (volume.available) await this.reconcile(ids);
    else this.#volumeChanged(volume);
    await Promise.all(ids.map((id) => this.sync(id)));
    this.volume.onChange((state) => void this.#onVolumeChange(state));
    this.volume.watch(this.options.volumeCheckMs ?? VOLUME_CHECK_MS, (error) =>
      this.log.error({ err: error }, 'checking the recordings volume failed'),
    );
  }

  /** Cameras waiting after a write failure try again now (e.g. retention has freed space). */
  retryStorageFailures(): void {
    for (const active of this.#active.values()) if (active.storageFailing) active.recorder.retryNow();
  }

  /** Stops every recorder; each closes and indexes its current chunk. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.volume.stop();
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

  /** The chunk this node is writing for the camera now (null: none here). */
  inProgress(cameraId: number): SegmentInProgress | null {
    return this.#active.get(cameraId)?.recorder.inProgress() ?? null;
  }

  /**
   * Where a segment that was being written (its name in `.incoming`) went once closed: its path under the
   * recordings root, while it is among the last few hundred indexed here; null otherwise.
   */
  closedAs(cameraId: number, name: string): string | null {
    return this.#closedNames.get(`${cameraId}/${name}`) ?? null;
  }

  /** Why the last sync of a camera that should record started no recorder here (null: it did, or need not). */
  whyNotRecording(cameraId: number): NotRecording | null {
    return this.#notRecording.get(cameraId) ?? null;
  }

  async #sync(cameraId: number): Promise<void> {
    const camera = await this.cameras.find(cameraId);
    const config = camera ? await this.configs.find(cameraId) : undefined;
    const shouldRecord =
      camera && config && camera.deleted_at === null && camera.is_active && config.recording_enabled;
    const volume = this.volume.state;
    // Another node may run the camera: then this one does not record it.
    const owned = !this.#stopped && shouldRecord ? await this.ownership.claim(cameraId) : false;
    const wanted = !this.#stopped && shouldRecord && owned && volume?.available === true;
    const current = this.#active.get(cameraId);
    const credentials = wanted ? await this.cameras.credentials(cameraId) : null;
    const fingerprint = wanted && credentials ? fingerprintOf(camera, config, credentials) : '';
    if (current && (!wanted || current.fingerprint !== fingerprint)) {
      this.#active.delete(cameraId);
      if (wanted)
        this.log.info({ cameraId }, 'recording restarts: the camera or its stream settings changed');
      await current.recorder.stop();
      if (!wanted) (await this.streams.find(cameraId))?.setRecorded(false);
    }
    if (!wanted) {
      const volumeMissing = owned && volume?.available === false;
      if (shouldRecord && !this.#stopped)
        this.#notRecording.set(
          cameraId,
          !owned
            ? { cause: 'not_held', message: 'this recorder node does not hold the camera' }
            : {
                cause: 'volume',
                message:
                  volumeMissing && !volume.available
                    ? volume.reason
                    : 'the recordings volume has not been checked yet',
              },
        );
      else this.#notRecording.delete(cameraId);
      // live_online is the camera stream's to say (it may still be read for live view).
      this.#report(cameraId, {
        recording_state: volumeMissing ? 'storage_error' : shouldRecord ? 'stopped' : 'disabled',
        media_server_provisioned: false,
        stream_action: current ? 'stop' : null,
        ...(volumeMissing && !volume.available ? { stream_warning: volume.reason } : {}),
      });
      if (current && config) await this.configs.recordRuntime(cameraId, { stream_active: false });
      return;
    }
    if (this.#active.has(cameraId)) return;
    await this.#launch(camera, config, fingerprint);
  }

  async #launch(camera: CameraRow, config: CameraConfigRow, fingerprint: string): Promise<void> {
    const cameraId = camera.id;
    const decision = await this.sources.resolve(cameraId, 'main');
    if (!decision.ok) {
      // Tried again by the recording watch each round; the failure is announced once, not at every try.
      const repeated = this.#notRecording.get(cameraId)?.message === decision.error;
      this.#notRecording.set(cameraId, { cause: 'source', message: decision.error });
      (await this.streams.find(cameraId))?.setRecorded(false);
      this.#report(cameraId, {
        recording_state: 'failed',
        stream_warning: decision.error,
        stream_action: null,
      });
      if (!repeated) this.#notify({ type: 'recording.failed', cameraId, error: decision.error });
      return;
    }
    this.#notRecording.delete(cameraId);
    const cameraDir = cameraRecordingDir(this.options.recordingsRoot, cameraId, config.recording_path);
    const { plan, input } = decision.source;
    // What the camera sends decides what is copied and what converted (asked once per source, and again after a
    // failed run: the camera's own settings may have changed what it sends).
    await this.probes.probe(cameraId, 'main', input(0));
    const recordingPlanOf = (attempt: number) =>
      recordingPlan(this.probes.known(cameraId, 'main', input(attempt)));
    const conversion = recordingPlanOf(0).note;
    const warning = [plan.warning, conversion].filter(Boolean).join(' ') || null;
    const stream = await this.streams.stream(cameraId, 'main');
    const fence = decision.source.fence;
    const recorder = new CameraRecorder({
      cameraDir,
      input,
      plan: recordingPlanOf,
      tapPort: stream.port,
      segmentSeconds: config.recording_segment_seconds,
      ffmpegPath: this.options.ffmpegPath,
      ffprobePath: this.options.ffprobePath,
      autoRestart: config.auto_restart,
      maxRestartAttempts: config.max_restart_attempts,
      slowRetryMs: this.options.slowRetryMs ?? SLOW_RETRY_MS,
      backoff: this.options.backoff ?? DEFAULT_BACKOFF,
      healthyResetMs: this.options.healthyResetMs ?? 60_000,
      onSegment: async (segment) => {
        await this.#indexSegment(cameraId, cameraDir, segment, fence);
      },
      onTransition: (transition) => this.#onTransition(cameraId, transition, warning),
      onFreeze: (frozenMs) =>
        this.log.warn(
          { cameraId, frozenSeconds: Math.round(frozenMs / 100) / 10 },
          'camera sent no video for a while and resumed: chunk cut so that its times stay true',
        ),
      onError: (error) => this.log.error({ err: error, cameraId }, 'recording bookkeeping failed'),
    });
    this.#active.set(cameraId, {
      recorder,
      fingerprint,
      state: null,
      storageFailing: false,
      online: null,
      fence,
      stream,
      reprobe: () => void this.probes.refresh(cameraId, 'main', input(0)),
    });
    stream.setRecorded(true);
    this.#report(cameraId, { media_server_provisioned: true, stream_warning: warning });
    await this.configs.recordRuntime(cameraId, { last_provisioned_at: new Date().toISOString() });
    await recorder.start();
  }

  #onTransition(cameraId: number, transition: RecorderTransition, warning: string | null): void {
    const active = this.#active.get(cameraId);
    if (!active) return;
    // A launch after the first (a retry, a slow retry or a clock cut); its 'running' carries the action too.
    if (transition.action === 'restart' && transition.to !== 'running')
      this.options.onFfmpegRestart?.(cameraId);
    if (transition.to === 'retrying' && !transition.storageFailure) active.reprobe();
    // A write failure is the disk's, not the camera's: its own state until the camera records again.
    if (transition.to === 'running') active.storageFailing = false;
    else if (transition.storageFailure) active.storageFailing = true;
    // While the disk keeps the recording's ffmpeg down it sends nothing: the stream pulls the camera itself for
    // whoever watches, and does not take the silence for a camera gone offline.
    active.stream.setRecorded(!active.storageFailing);
    const storage = active.storageFailing && transition.to !== 'stopped';
    const state: RecordingState = storage ? 'storage_error' : STATE[transition.to];
    const previous = active.state;
    active.state = state;
    const online =
      transition.to === 'running'
        ? true
        : !storage && (transition.to === 'retrying' || transition.to === 'failed')
          ? false
          : undefined;
    this.#report(cameraId, {
      recording_state: state,
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
    if (state === previous) return;
    this.#logState(cameraId, previous, state, transition);
    const error = transition.error ? redact(transition.error) : null;
    if (state === 'recording') {
      active.online = true;
      this.#notify({ type: 'camera.online', cameraId });
      this.#notify({ type: 'recording.started', cameraId });
    } else if (state === 'storage_error') {
      this.#notify({ type: 'storage.error', cameraId, error });
    } else if (state === 'retrying' || state === 'failed') {
      if (active.online !== false) this.#notify({ type: 'camera.offline', cameraId, error });
      active.online = false;
      if (state === 'failed') this.#notify({ type: 'recording.failed', cameraId, error });
    }
  }

  /** One line per change of a camera's recording state; errors are already redacted by the media layer. */
  #logState(
    cameraId: number,
    from: RecordingState | null,
    to: RecordingState,
    transition: RecorderTransition,
  ): void {
    const fields = {
      cameraId,
      from,
      to,
      failures: transition.failures,
      ...(transition.error ? { error: redact(transition.error) } : {}),
      ...(transition.delayMs === undefined ? {} : { retryInSeconds: Math.round(transition.delayMs / 1000) }),
    };
    if (to === 'failed' || to === 'storage_error') this.log.error(fields, 'recording state changed');
    else if (to === 'retrying') this.log.warn(fields, 'recording state changed');
    else if (to === 'starting') this.log.debug(fields, 'recording state changed');
    else this.log.info(fields, 'recording state changed');
  }

  async #onVolumeChange(state: VolumeState): Promise<void> {
    this.#volumeChanged(state);
    const ids = await this.cameras.allIds();
    if (state.available) await this.reconcile(ids);
    await Promise.all(ids.map((id) => this.sync(id)));
  }

  #volumeChanged(state: VolumeState): void {
    if (state.available) {
      this.log.info({ root: this.options.recordingsRoot }, 'recordings volume is available again');
      this.#notify({ type: 'storage.available', cameraId: null });
    } else {
      this.log.error(
        { root: this.options.recordingsRoot, reason: state.reason },
        'recordings volume unavailable',
      );
      this.#notify({ type: 'storage.unavailable', cameraId: null, error: state.reason });
    }
  }

  /**
   * Moves a closed segment to `<camera dir>/YYYY/MM/DD/<start ms>.mp4` and indexes it — under the recording's
   * fence when it has one: a chunk recorded after another node took the camera is refused and moved to
   * `<camera dir>/.fenced/` instead (kept on disk, never indexed, so the index holds one recording per moment).
   */
  async #indexSegment(
    cameraId: number,
    cameraDir: string,
    segment: ClosedSegment,
    fence: Fence | null = null,
  ): Promise<string | null> {
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
    const row = {
      camera_id: cameraId,
      start_ms: segment.startMs,
      end_ms: segment.endMs,
      duration_seconds: segment.durationSeconds,
      size_bytes: info.size,
      path,
      created_at: new Date().toISOString(),
    };
    // Hashed as it is indexed: the hash and its chain link go in with the row (docs/evidence.md).
    const sha256 = await sha256File(target);
    if (fence === null) await this.index.insert(row, sha256);
    else if (!(await this.index.insertFenced(row, sha256, fence))) {
      const fenced = join(cameraDir, FENCED_DIR, `${segment.startMs}.mp4`);
      await mkdir(dirname(fenced), { recursive: true });
      await rename(target, fenced);
      this.log.warn(
        { cameraId, file: fenced },
        'chunk not indexed: another node has taken the camera (kept on disk, outside the index)',
      );
      return null;
    }
    this.#closedNames.set(`${cameraId}/${basename(segment.file)}`, path);
    if (this.#closedNames.size > CLOSED_NAMES_KEPT)
      this.#closedNames.delete(this.#closedNames.keys().next().value!);
    this.#report(cameraId, { last_recording_at: new Date(segment.endMs).toISOString() });
    const chunk = { cameraId, path, startMs: segment.startMs, endMs: segment.endMs, sizeBytes: info.size };
    this.events.emit('recording.chunk-indexed', chunk);
    return path;
  }

  /**
   * After a crash or while the service was down: segments left in `.incoming` are indexed with what plays of
   * them, complete chunks the index does not know are added, and rows whose files are gone are dropped — but
   * never the rows of a camera whose whole directory is missing (a custom recording_path on a disk that is not
   * mounted): those wait for it to come back (retention still removes them by age).
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
      if (!(await isDirectory(cameraDir))) {
        const prefix = `${relative(this.options.recordingsRoot, cameraDir)}/`;
        const kept = [...known].filter((path) => path.startsWith(prefix));
        for (const path of kept) seen.add(path);
        if (kept.length > 0) {
          this.log.warn(
            { cameraId, dir: cameraDir, chunks: kept.length },
            'recording directory missing: index kept',
          );
        }
        continue;
      }
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
        const sha256 = await sha256File(file);
        await this.index.insert(
          {
            camera_id: cameraId,
            start_ms: startMs,
            end_ms: Math.round(startMs + duration * 1000),
            duration_seconds: duration,
            size_bytes: info.size,
            path,
            created_at: new Date().toISOString(),
          },
          sha256,
        );
      }
      const newest = await this.index.newestEnd(cameraId);
      if (newest !== null) this.#report(cameraId, { last_recording_at: new Date(newest).toISOString() });
    }
    const vanished = [...known].filter((path) => !seen.has(path));
    // Files gone while nothing watched (a failed disk, a hand): the chain says so, never silently.
    await this.index.deleteByPaths(vanished, { reason: 'missing', actor: 'system' });
  }

  #report(cameraId: number, status: Partial<CameraRuntimeStatus>): void {
    this.status.report(cameraId, status);
  }

  #notify(notice: RecordingNotice): void {
    this.events.emit('recording.notice', notice);
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

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() === true;
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
