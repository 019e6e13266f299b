// Recording-mode models (API.md §8): analyse the chunks under the model's recording_path (or its camera's
// recordings directory) once each, one frame per `inference_interval` seconds of footage, and report progress
// in the model status. Chunks that appear later are picked up at the next scan. Each file is claimed before its
// analysis, so recorders sharing a recordings mount analyse it once between them (docs/cluster.md). Results carry the footage time
// as executed_at; they are stored but not published live (they describe the past) and raise no alerts.
// Results belong to the camera that recorded the footage, so only those who may view it read them; before each
// chunk the model's right to that footage is checked again (AiModelsService.footageRefusal): a refused chunk
// is left unanalysed (and taken up should the right come back) and the model reports the error.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { extractFileFrames } from '../../media/ffmpeg/frame-grabber.js';
import type { BusLog } from '../../platform/events/event-bus.js';
import { cameraRecordingDir, resolveInsideRoot } from '../../platform/storage/recording-dirs.js';
import { AdapterCallError } from '../adapters/adapter-client.js';
import type { AdapterRegistry } from '../adapters/adapter-registry.js';
import type { AiModelRow } from '../../platform/db/schema.js';
import { DEFAULT_INTERVAL_SECONDS, parseModelConfig } from '../ai-models/ai-models.schemas.js';
import type { AiModelsService } from '../ai-models/ai-models.service.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { DetectionResultsService } from '../detection-results/detection-results.service.js';
import type { ModelStats } from '../ai-models/model-runs.js';
import { cameraDirectories, cameraOfChunk } from './footage-cameras.js';
import { DETECTOR_TASKS, mapResult } from './result-mapping.js';

export interface RecordingAnalysisDeps {
  models: AiModelsService;
  cameras: CamerasService;
  configs: CameraConfigService;
  registry: AdapterRegistry;
  results: DetectionResultsService;
  framesDir: string;
  recordingsRoot: string;
  ffmpegPath: string;
  rescanMs: number;
  log: BusLog;
}

const CHUNK_NAME = /^(\d{10,})\.mp4$/;
/** A file whose analysis mark was not renewed for this long was left by a node that died: it is taken again. */
const CLAIM_STALE_MS = 120_000;
/** How long to wait before asking again for an adapter, or after an unreachable one. */
const RETRY_MS = 1000;

class Stopped extends Error {}

export class RecordingAnalysis {
  readonly cameraId: number | null;
  readonly #abort = new AbortController();
  #done: Promise<void> = Promise.resolve();
  #wake: (() => void) | null = null;

  constructor(
    private readonly model: AiModelRow,
    private readonly stats: ModelStats,
    private readonly deps: RecordingAnalysisDeps,
  ) {
    this.cameraId = model.assigned_camera_id;
  }

  start(): void {
    this.stats.state = 'running';
    this.stats.progress = {
      files_total: 0,
      files_done: 0,
      frames_analysed: 0,
      current_file: null,
      completed: false,
    };
    this.#done = this.#loop().catch((error: unknown) => {
      if (!(error instanceof Stopped))
        this.deps.log.error({ err: error, modelId: this.model.id }, 'recording analysis failed');
    });
  }

  async stop(): Promise<void> {
    this.#abort.abort();
    this.#wake?.();
    await this.#done;
  }

  async #loop(): Promise<void> {
    const config = parseModelConfig(this.model.config);
    const params = typeof config === 'string' ? {} : config.params;
    const interval = this.model.inference_interval ?? DEFAULT_INTERVAL_SECONDS;
    while (!this.#abort.signal.aborted) {
      const dir = await this.#directory();
      const files = dir ? await listChunks(dir) : [];
      const cameraOf = await this.#footageCameras();
      // Refused cameras are not asked again within a scan (a recordings root holds many chunks of each);
      // footage that may be read is checked again before each chunk, so a right lost mid-scan stops it.
      const refusedCameras = new Map<number | null, string>();
      const refusals = new Map<string, number>();
      const analysed = await this.deps.models.analysedFiles(this.model.id);
      const progress = this.stats.progress!;
      const key = (file: string) => relative(this.deps.recordingsRoot, file);
      progress.files_total = files.length;
      progress.files_done = files.filter((f) => analysed.has(key(f))).length;
      progress.frames_analysed = files.reduce((sum, f) => sum + (analysed.get(key(f)) ?? 0), 0);
      progress.completed = false;
      if (files.length > progress.files_done) this.stats.state = 'running';
      for (const file of files) {
        if (this.#abort.signal.aborted) throw new Stopped();
        if (analysed.has(key(file))) continue;
        const cameraId = cameraOf(file);
        const refusal =
          refusedCameras.get(cameraId) ?? (await this.deps.models.footageRefusal(this.model, cameraId));
        if (refusal !== null) {
          refusedCameras.set(cameraId, refusal);
          refusals.set(refusal, (refusals.get(refusal) ?? 0) + 1);
          progress.files_total -= 1;
          continue;
        }
        // Another node sharing the recordings mount may be analysing it: then it is theirs.
        const models = this.deps.models;
        if (!(await models.claimFile(this.model.id, key(file), new Date(Date.now() - CLAIM_STALE_MS))))
          continue;
        progress.current_file = key(file);
        const startMs = Number(CHUNK_NAME.exec(basename(file))?.[1] ?? Number.NaN);
        let frames = 0;
        let renewedAt = Date.now();
        try {
          frames = await extractFileFrames(
            this.deps.ffmpegPath,
            file,
            interval,
            async (jpeg, index) => {
              const footageMs = Number.isFinite(startMs) ? startMs + index * interval * 1000 : null;
              await this.#analyse(jpeg, index, footageMs, params, cameraId);
              progress.frames_analysed += 1;
              if (Date.now() - renewedAt > CLAIM_STALE_MS / 4) {
                renewedAt = Date.now();
                await models.renewClaim(this.model.id, key(file));
              }
            },
            this.#abort.signal,
          );
        } catch (error) {
          if (this.#abort.signal.aborted) {
            await models.releaseClaim(this.model.id, key(file)).catch(() => undefined);
            throw new Stopped();
          }
          // An unreadable chunk is recorded as analysed (with no frames) so it is not retried for ever.
          this.stats.failures += 1;
          this.stats.lastError = error instanceof Error ? error.message : String(error);
        }
        await this.deps.models.markAnalysed(this.model.id, key(file), frames);
        progress.files_done += 1;
      }
      progress.current_file = null;
      progress.completed = true;
      this.stats.state = 'idle';
      if (!dir) this.stats.lastError = 'recording_path is not inside the recordings root';
      if (refusals.size > 0) {
        this.stats.state = 'error';
        this.stats.lastError = [...refusals]
          .map(([reason, count]) => `${count} chunk(s) not analysed: ${reason}`)
          .join('; ');
      }
      await this.#sleep(this.deps.rescanMs);
    }
  }

  async #directory(): Promise<string | null> {
    if (this.model.recording_path)
      return resolveInsideRoot(this.deps.recordingsRoot, this.model.recording_path);
    if (this.model.assigned_camera_id === null) return null;
    const config = await this.deps.configs.find(this.model.assigned_camera_id);
    try {
      return cameraRecordingDir(
        this.deps.recordingsRoot,
        this.model.assigned_camera_id,
        config?.recording_path ?? null,
      );
    } catch {
      return null;
    }
  }

  /**
   * Which camera recorded a chunk: the model's own camera for its camera directory; for a custom
   * recording_path, traced from the directory the chunk lies in (read afresh on every scan).
   */
  async #footageCameras(): Promise<(file: string) => number | null> {
    if (!this.model.recording_path) return () => this.model.assigned_camera_id;
    const directories = await cameraDirectories(
      this.deps.recordingsRoot,
      this.deps.cameras,
      this.deps.configs,
    );
    return (file) => cameraOfChunk(directories, file);
  }

  /** One frame: waits for an adapter, retries an unreachable one, skips the frame on an adapter error. */
  async #analyse(
    jpeg: Buffer,
    index: number,
    footageMs: number | null,
    params: Record<string, unknown>,
    cameraId: number | null,
  ): Promise<void> {
    const { model, stats, deps } = this;
    for (;;) {
      if (this.#abort.signal.aborted) throw new Stopped();
      const adapter = deps.registry.pick(model.task, { detector: DETECTOR_TASKS.has(model.task) });
      if (!adapter) {
        stats.state = 'no_adapter';
        stats.lastError = `no available adapter serves ${model.task}`;
        await this.#sleep(RETRY_MS);
        continue;
      }
      stats.state = 'running';
      const name = `${Date.now()}-${index}.jpg`;
      const dir = join(deps.framesDir, `rec-model-${model.id}`);
      try {
        let frame: { uri: string } | { b64: string };
        if (adapter.sharesFrames) {
          await mkdir(dir, { recursive: true });
          await writeFile(join(dir, name), jpeg);
          frame = { uri: `frame://rec-model-${model.id}/${name}` };
        } else frame = { b64: jpeg.toString('base64') };
        const started = Date.now();
        const body = await deps.registry.infer(adapter, model.task, frame, params, cameraId);
        const mapped = mapResult(model.task, body);
        if (typeof mapped === 'string') throw new AdapterCallError('invalid', mapped);
        const row = await deps.results.store({
          model_id: model.id,
          camera_id: cameraId,
          task: model.task,
          label: mapped.label,
          caption: mapped.caption,
          annotated_image_uri: null,
          confidence: mapped.confidence,
          count: mapped.count,
          bbox_x: mapped.bbox?.x ?? null,
          bbox_y: mapped.bbox?.y ?? null,
          bbox_width: mapped.bbox?.width ?? null,
          bbox_height: mapped.bbox?.height ?? null,
          latency_ms: mapped.latency_ms,
          executed_at: new Date(footageMs ?? started).toISOString(),
        });
        stats.runs += 1;
        stats.lastRunAt = row.created_at;
        stats.lastError = null;
        return;
      } catch (error) {
        stats.failures += 1;
        stats.lastError = `${adapter.name}: ${error instanceof Error ? error.message : String(error)}`;
        if (error instanceof AdapterCallError && error.unreachable) {
          await this.#sleep(RETRY_MS);
          continue;
        }
        return;
      } finally {
        if (adapter.sharesFrames) await rm(join(dir, name), { force: true });
      }
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }
}

/** The closed chunks under a directory (not `.incoming` or other hidden directories), oldest first. */
async function listChunks(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (path: string): Promise<void> => {
    const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(path, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && entry.name.endsWith('.mp4')) out.push(full);
    }
  };
  await walk(dir);
  return out.sort((a, b) => chunkOrder(a) - chunkOrder(b) || a.localeCompare(b));
}

const chunkOrder = (file: string) => Number(CHUNK_NAME.exec(basename(file))?.[1] ?? Number.MAX_SAFE_INTEGER);
