// The live detection loop (API.md §8). One frame grabber per camera serves all of its enabled live models;
// each model samples the newest picture every `inference_interval` seconds, sends it to the adapter the
// registry picks for its task (frame:// URI under the shared frames directory, or inline bytes for an adapter
// that cannot read it), stores the result, publishes a `detection` event and applies the model's alert rule.
// A model whose previous frame is still being analysed skips its turn (counted as dropped): nothing queues.
// A model that runs on motion (the default, config.trigger) asks the motion watch to watch its camera and skips
// its turns unless the camera's picture moved within the last GATE_HOLD_MS; when motion starts it takes a turn at
// once.
// Models, cameras and adapters can change at any time; sync() brings the loop in line with the database.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FrameGrabber, type GrabbedFrame } from '../../media/ffmpeg/frame-grabber.js';
import type { StreamHub } from '../../media/ingest/stream-hub.js';
import type { BusLog, EventBus } from '../../platform/events/event-bus.js';
import type { AdapterEntry, AdapterRegistry } from '../adapters/adapter-registry.js';
import type { AiModelRow } from '../../platform/db/schema.js';
import type { LeaseFence } from '../../platform/db/lease-fence.js';
import {
  DEFAULT_INTERVAL_SECONDS,
  parseModelConfig,
  type ModelConfig,
} from '../ai-models/ai-models.schemas.js';
import type { ModelRuns } from '../ai-models/model-runs.js';
import type { AiModelsService } from '../ai-models/ai-models.service.js';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { SourceResolver } from '../camera-sources/source-resolver.js';
import type { DetectionResultsService } from '../detection-results/detection-results.service.js';
import type { MotionBox } from '../../media/motion/motion-detector.js';
import type { MotionWatch } from '../motion/motion-watch.js';
import type { RecorderEventBus } from '../recorder-events.js';
import {
  alertUpdateDue,
  alertedForIncident,
  cooledDown,
  ruleFires,
  sightText,
  withMatch,
  type AlertSight,
} from './alert-rule.js';
import { RecordingAnalysis } from './recording-analysis.js';
import { DETECTOR_TASKS, mapResult } from './result-mapping.js';

/** How long after the last moving picture a model that runs on motion keeps analysing (a pause of a step). */
export const GATE_HOLD_MS = 2000;
/** why a live model of a camera with detection switched off does not run */
const DETECTION_OFF = 'detection is switched off for this camera';

export interface DetectionLoopDeps {
  models: AiModelsService;
  /** where each model's runs, failures and progress are kept for its status */
  runs: ModelRuns;
  cameras: CamerasService;
  configs: CameraConfigService;
  registry: AdapterRegistry;
  results: DetectionResultsService;
  events: EventBus;
  alerts: AlertsService;
  /** whether a camera can be read now (and why not) */
  sources: SourceResolver;
  /** the camera streams the frame grabbers decode */
  streams: StreamHub;
  /** watches the cameras whose models run on motion */
  motion: Pick<MotionWatch, 'demand' | 'movedWithin' | 'latest'>;
  /** where each analysed picture of an object detector is told (object tracking follows it) */
  internal: RecorderEventBus;
  /** told of each analysed picture and each skipped turn (modules/metrics) */
  metrics?: DetectionMetrics;
  /** the incident open on a camera (modules/review): a model's alert rule alerts once per incident */
  incidents?: OpenIncidents;
}

export interface OpenIncidents {
  /** when the camera's open incident began (ms), or null when none is open */
  openSince(cameraId: number): number | null;
}

export interface DetectionMetrics {
  /** a live model's result was stored, `seconds` after its picture was captured */
  detectionAnalysed(cameraId: number, modelId: number, task: string, seconds: number): void;
  /** a live model's turn came while its previous picture was still being analysed */
  detectionSkipped(cameraId: number, modelId: number, reason: 'busy'): void;
}

export interface DetectionLoopOptions {
  framesDir: string;
  recordingsRoot: string;
  ffmpegPath: string;
  /** upper bound of a camera's sampling rate (default 5 frames/s) */
  maxFps?: number;
  /** first restart delay of a failed frame grabber (default 1 s) */
  grabberBackoffMs?: number;
  /** how often recording models look for new chunks (default 60 s) */
  recordingRescanMs?: number;
}

interface LiveRunner {
  model: AiModelRow;
  config: ModelConfig;
  cameraId: number;
  intervalMs: number;
  timer: NodeJS.Timeout;
  busy: boolean;
  lastSeq: number;
  active: boolean;
}

interface CameraFeed {
  cameraId: number;
  grabber: FrameGrabber | null;
  /** why there is no grabber (camera paused, no URL...) */
  unusable: string | null;
  key: string;
  fps: number;
  written: Map<number, Promise<string>>;
  /** the camera's lease when the feed started: results are stored only while it holds (modules/cluster) */
  fence: LeaseFence | null;
}

/** A model's alert following its incident: what it says now, and what has been written to it. */
interface FollowedAlert {
  alertId: number;
  runner: LiveRunner;
  sight: AlertSight;
  written: AlertSight;
  writtenAt: number;
  /** a write waiting for the rate limit */
  timer: NodeJS.Timeout | null;
}

/** A `detection` event as the loop publishes it (timestamps in ms since epoch, for latency measurements). */
export interface DetectionTiming {
  captured_at: number;
  sampled_at: number;
  stored_at: number;
}

export class DetectionLoop {
  readonly #runners = new Map<number, LiveRunner>();
  readonly #feeds = new Map<number, CameraFeed>();
  readonly #recordings = new Map<number, { analysis: RecordingAnalysis; key: string }>();
  readonly #lastAlertAt = new Map<number, number>();
  /** per model: its last alert, which follows the incident it was raised for */
  readonly #followed = new Map<number, FollowedAlert>();
  readonly #inflight = new Set<Promise<void>>();
  /** cameras whose stream config has detection switched off */
  readonly #detectionOff = new Set<number>();
  #tail: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(
    private readonly deps: DetectionLoopDeps,
    private readonly options: DetectionLoopOptions,
    private readonly log: BusLog = console,
  ) {}

  async start(): Promise<void> {
    this.#stopped = false;
    for (const model of await this.deps.models.listEnabled()) void this.syncModel(model.id);
    await this.#tail;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#tail;
    for (const modelId of this.#followed.keys()) this.#unfollow(modelId);
    for (const runner of this.#runners.values()) this.#stopRunner(runner);
    this.#runners.clear();
    await Promise.all([...this.#recordings.values()].map((r) => r.analysis.stop()));
    this.#recordings.clear();
    await Promise.all(
      [...this.#feeds.values()].map((feed) => (feed.grabber ? feed.grabber.stop() : Promise.resolve())),
    );
    this.#feeds.clear();
    while (this.#inflight.size > 0) await Promise.all([...this.#inflight]);
  }

  /** Resolves when every pending sync has been applied (tests, shutdown). */
  settled(): Promise<void> {
    return this.#tail;
  }

  /** A model was created, changed or deleted. */
  syncModel(modelId: number): Promise<void> {
    return this.#enqueue(() => this.#syncModel(modelId));
  }

  /** After a configuration restore: every model that runs or should run is re-read. */
  async syncAll(): Promise<void> {
    const ids = new Set([...this.#runners.keys(), ...this.#recordings.keys()]);
    for (const model of await this.deps.models.listEnabled()) ids.add(model.id);
    await Promise.all([...ids].map((id) => this.syncModel(id)));
  }

  /** A camera or its stream config changed: its feed restarts if it reads differently now. */
  syncCamera(cameraId: number): Promise<void> {
    return this.#enqueue(async () => {
      // Re-read the camera's models too: a hard delete unassigns them without a model change.
      for (const [id, recording] of this.#recordings)
        if (recording.analysis.cameraId === cameraId) await this.#syncModel(id);
      for (const [id, runner] of this.#runners) if (runner.cameraId === cameraId) await this.#syncModel(id);
      await this.#refreshFeed(cameraId);
    });
  }

  /** A camera went into motion or came to rest: its motion-triggered models start or stop analysing. */
  motionChanged(cameraId: number, active: boolean): void {
    if (!active) return;
    for (const runner of this.#runners.values())
      if (runner.cameraId === cameraId && runner.config.trigger === 'on_motion') this.#tick(runner);
  }

  /** The grabber of a camera (tests and benchmarks). */
  grabber(cameraId: number): FrameGrabber | null {
    return this.#feeds.get(cameraId)?.grabber ?? null;
  }

  #enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.#tail.then(() => (this.#stopped ? undefined : task()));
    this.#tail = run.catch((error: unknown) => this.log.error({ err: error }, 'detection loop sync failed'));
    return this.#tail;
  }

  async #syncModel(modelId: number): Promise<void> {
    const model = await this.deps.models.find(modelId);
    const previous = this.#runners.get(modelId);
    const recording = this.#recordings.get(modelId);
    const live = model?.enabled === true && model.source_type === 'live' && model.assigned_camera_id !== null;
    const recorded = model?.enabled === true && model.source_type === 'recording';

    if (previous && (!live || JSON.stringify(previous.model) !== JSON.stringify(model))) {
      this.#unfollow(modelId);
      this.#stopRunner(previous);
      this.#runners.delete(modelId);
      await this.#refreshFeed(previous.cameraId);
    }
    const recordingKey = model ? await this.#recordingKey(model) : '';
    if (recording && (!recorded || recording.key !== recordingKey)) {
      this.#recordings.delete(modelId);
      await recording.analysis.stop();
    }
    if (!model) {
      this.deps.runs.forget(modelId);
      this.#lastAlertAt.delete(modelId);
      return;
    }
    const stats = this.deps.runs.of(modelId);
    if (!live && !recorded) {
      stats.state = 'idle';
      return;
    }
    if (recorded) {
      if (!this.#recordings.has(modelId)) {
        const analysis = new RecordingAnalysis(model, stats, {
          ...this.deps,
          framesDir: this.options.framesDir,
          recordingsRoot: this.options.recordingsRoot,
          ffmpegPath: this.options.ffmpegPath,
          rescanMs: this.options.recordingRescanMs ?? 60_000,
          log: this.log,
        });
        this.#recordings.set(modelId, { analysis, key: recordingKey });
        analysis.start();
      }
      return;
    }
    if (this.#runners.has(modelId)) return;
    const config = parseModelConfig(model.config);
    if (typeof config === 'string') {
      stats.state = 'error';
      stats.lastError = config;
      return;
    }
    const intervalMs = (model.inference_interval ?? DEFAULT_INTERVAL_SECONDS) * 1000;
    const runner: LiveRunner = {
      model,
      config,
      cameraId: model.assigned_camera_id!,
      intervalMs,
      busy: false,
      lastSeq: 0,
      active: true,
      timer: setInterval(() => this.#tick(runner), intervalMs),
    };
    runner.timer.unref();
    this.#runners.set(modelId, runner);
    stats.state = 'camera_offline';
    stats.lastError = null;
    await this.#refreshFeed(runner.cameraId);
  }

  async #recordingKey(model: AiModelRow): Promise<string> {
    if (model.source_type !== 'recording' || model.assigned_camera_id === null) return JSON.stringify(model);
    const config = await this.deps.configs.find(model.assigned_camera_id);
    return JSON.stringify({ model, recordingPath: config?.recording_path ?? null });
  }

  #stopRunner(runner: LiveRunner): void {
    runner.active = false;
    clearInterval(runner.timer);
  }

  /** Starts, restarts or stops the camera's grabber to match its models and its current source. */
  async #refreshFeed(cameraId: number): Promise<void> {
    const config = await this.deps.configs.find(cameraId);
    // Detection switched off for the camera (API or MQTT): its models keep their runners, which skip their
    // turns, but nothing reads its pictures until it is switched on again (camera-config.changed).
    const switchedOff = config?.detection_enabled === false;
    const runners = switchedOff ? [] : [...this.#runners.values()].filter((r) => r.cameraId === cameraId);
    await this.deps.motion.demand(
      cameraId,
      runners.some((r) => r.config.trigger === 'on_motion'),
    );
    if (switchedOff) this.#detectionOff.add(cameraId);
    else this.#detectionOff.delete(cameraId);
    const feed = this.#feeds.get(cameraId);
    if (runners.length === 0) {
      if (feed) {
        this.#feeds.delete(cameraId);
        await feed.grabber?.stop();
      }
      return;
    }
    // Twice the rate of the most frequent model, so every turn finds a picture it has not analysed yet.
    const minInterval = Math.min(...runners.map((r) => r.intervalMs)) / 1000;
    const fps = Math.min(this.options.maxFps ?? 5, Math.max(0.2, 2 / minInterval));
    // The stream the config names for AI (the substream by default, when there is one). A new source needs no
    // new grabber: the camera stream follows it.
    const role = await this.deps.sources.effectiveRole(
      cameraId,
      config?.detect_stream === 'main' ? 'main' : 'sub',
    );
    const source = await this.deps.sources.resolve(cameraId, role);
    const fence = source.ok ? source.source.fence : null;
    const key = JSON.stringify(source.ok ? { fps, role, fence: fence?.token } : { reason: source.error });
    if (feed && feed.key === key) return;
    if (feed) await feed.grabber?.stop();
    const next: CameraFeed = {
      cameraId,
      grabber: null,
      unusable: source.ok ? null : source.error,
      key,
      fps,
      written: new Map(),
      fence,
    };
    if (source.ok) {
      next.grabber = new FrameGrabber({
        ffmpegPath: this.options.ffmpegPath,
        stream: await this.deps.streams.stream(cameraId, role),
        fps,
        // Keyframes as often as the most frequent model samples are pictures enough.
        keyframesSufficeWithinMs: minInterval * 1000,
        ...(this.options.grabberBackoffMs ? { backoffMs: this.options.grabberBackoffMs } : {}),
      });
      next.grabber.start();
    }
    this.#feeds.set(cameraId, next);
  }

  #tick(runner: LiveRunner): void {
    if (!runner.active || this.#stopped) return;
    const stats = this.deps.runs.of(runner.model.id);
    if (runner.busy) {
      stats.dropped += 1;
      this.deps.metrics?.detectionSkipped(runner.cameraId, runner.model.id, 'busy');
      return;
    }
    if (this.#detectionOff.has(runner.cameraId)) {
      stats.state = 'idle';
      stats.lastError = DETECTION_OFF;
      return;
    }
    const feed = this.#feeds.get(runner.cameraId);
    const frame = feed?.grabber?.latest ?? null;
    const staleMs = Math.max(5000, 3000 / (feed?.fps ?? 1));
    if (!feed || !frame || Date.now() - frame.capturedAt > staleMs) {
      stats.state = 'camera_offline';
      stats.lastError = feed?.unusable ?? feed?.grabber?.lastError ?? 'no picture from the camera yet';
      return;
    }
    if (
      runner.config.trigger === 'on_motion' &&
      !this.deps.motion.movedWithin(runner.cameraId, GATE_HOLD_MS)
    ) {
      stats.state = 'running';
      stats.lastError = null;
      stats.waitingForMotion = true;
      return;
    }
    // A model that looks at what moves (config.look_at motion) sends the newest motion picture's boxes; when that
    // picture was still, there is nothing to look at this turn.
    const regions =
      runner.config.lookAt === 'motion' ? (this.deps.motion.latest(runner.cameraId)?.boxes ?? []) : null;
    if (regions?.length === 0) {
      stats.state = 'running';
      stats.lastError = null;
      stats.waitingForMotion = true;
      return;
    }
    stats.waitingForMotion = false;
    if (frame.seq === runner.lastSeq) return; // the camera delivers slower than the model samples
    const task = runner.model.task;
    const adapter = this.deps.registry.pick(task, { detector: DETECTOR_TASKS.has(task) });
    if (!adapter) {
      stats.state = 'no_adapter';
      stats.lastError = `no available adapter serves ${task}${DETECTOR_TASKS.has(task) ? ' with a v1.1 detector card' : ''}`;
      return;
    }
    runner.busy = true;
    runner.lastSeq = frame.seq;
    const run = this.#run(runner, feed, frame, adapter, Date.now(), regions)
      .catch((error: unknown) =>
        this.log.error({ err: error, modelId: runner.model.id }, 'detection run failed'),
      )
      .finally(() => {
        runner.busy = false;
        this.#inflight.delete(run);
      });
    this.#inflight.add(run);
  }

  async #run(
    runner: LiveRunner,
    feed: CameraFeed,
    frame: GrabbedFrame,
    adapter: AdapterEntry,
    sampledAt: number,
    regions: readonly MotionBox[] | null,
  ): Promise<void> {
    const { model, config, cameraId } = runner;
    const params = regions
      ? { ...config.params, regions: regions.map(({ x, y, width, height }) => ({ x, y, width, height })) }
      : config.params;
    const stats = this.deps.runs.of(model.id);
    const executedAt = new Date().toISOString();
    let body: Record<string, unknown>;
    const started = performance.now();
    try {
      const frameInput = adapter.sharesFrames
        ? { uri: await this.#writeFrame(feed, frame) }
        : { b64: frame.jpeg.toString('base64') };
      body = await this.deps.registry.infer(adapter, model.task, frameInput, params, cameraId);
    } catch (error) {
      stats.failures += 1;
      stats.lastError = `${adapter.name}: ${error instanceof Error ? error.message : String(error)}`;
      stats.state = adapter.status === 'unavailable' ? 'no_adapter' : 'error';
      return;
    }
    const roundTripMs = Math.round(performance.now() - started);
    const mapped = mapResult(model.task, body);
    if (typeof mapped === 'string') {
      stats.failures += 1;
      stats.lastError = `${adapter.name}: ${mapped}`;
      stats.state = 'error';
      return;
    }
    if (!runner.active) return; // the model changed or went while the adapter worked
    const result = {
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
      executed_at: executedAt,
    };
    const stored = feed.fence
      ? await this.deps.results.storeFenced(result, feed.fence)
      : await this.deps.results.store(result);
    if (!stored) return; // another node runs the camera now: this result is not its to write
    stats.runs += 1;
    stats.lastRunAt = stored.created_at;
    this.deps.metrics?.detectionAnalysed(
      cameraId,
      model.id,
      model.task,
      (Date.now() - frame.capturedAt) / 1000,
    );
    stats.state = 'running';
    stats.lastError = null;
    const timing: DetectionTiming = {
      captured_at: frame.capturedAt,
      sampled_at: sampledAt,
      stored_at: Date.parse(stored.created_at),
    };
    await this.deps.events.publish({
      type: 'detection',
      camera_id: cameraId,
      source: 'ai',
      severity: 'info',
      data: {
        model_id: model.id,
        model_name: model.name,
        task: model.task,
        result_id: stored.id,
        count: mapped.count ?? undefined,
        label: mapped.label,
        confidence: mapped.confidence,
        caption: mapped.caption,
        detections: mapped.detections,
        frame: mapped.frame,
        ...(mapped.names.length > 0 ? { names: mapped.names } : {}),
        adapter: adapter.name,
        latency_ms: mapped.latency_ms,
        round_trip_ms: roundTripMs,
        ...timing,
      },
    });
    if (DETECTOR_TASKS.has(model.task) && mapped.frame)
      this.deps.internal.emit('detections.seen', {
        cameraId,
        modelId: model.id,
        resultId: stored.id,
        at: frame.capturedAt,
        frame: mapped.frame,
        detections: mapped.detections,
        jpeg: frame.jpeg,
      });
    if (mapped.names.length > 0)
      this.deps.internal.emit('faces.recognised', {
        cameraId,
        modelId: model.id,
        at: frame.capturedAt,
        names: mapped.names,
      });
    await this.#applyAlertRule(runner, mapped.detections, stored.id);
  }

  async #applyAlertRule(
    runner: LiveRunner,
    detections: Parameters<typeof ruleFires>[1],
    resultId: number,
  ): Promise<void> {
    const rule = runner.config.alert;
    if (!rule) return;
    const matched = ruleFires(rule, detections);
    if (!matched) return;
    const now = Date.now();
    const lastAlertAt = this.#lastAlertAt.get(runner.model.id) ?? null;
    // One alert per incident: a scene that goes on (its review item still open) raised its alert already, and
    // an alert every cooldown for as long as someone walks about is noise (issue #34: 38 in 38 minutes). The one
    // alert follows the incident instead: what later pictures match is written to it.
    if (alertedForIncident(lastAlertAt, this.deps.incidents?.openSince(runner.cameraId) ?? null)) {
      this.#follow(runner.model.id, matched, now);
      return;
    }
    if (!cooledDown(rule, lastAlertAt, now)) return;
    this.#lastAlertAt.set(runner.model.id, now);
    const sight: AlertSight = {
      count: matched.length,
      labels: [...new Set(matched.map((d) => d.label))],
      lastSeenAt: now,
    };
    const what = sightText(sight);
    const alert = await this.deps.alerts.raise({
      camera_id: runner.cameraId,
      source_name: runner.model.name,
      severity: rule.severity,
      title: `${runner.model.name}: ${what} detected`,
      message: `Model ${runner.model.name} (${runner.model.task}) saw ${what} at confidence ≥ ${rule.min_confidence}.`,
      data: {
        model_id: runner.model.id,
        result_id: resultId,
        task: runner.model.task,
        count: sight.count,
        labels: sight.labels,
        last_seen_at: new Date(now).toISOString(),
      },
    });
    this.#unfollow(runner.model.id);
    if (runner.active)
      this.#followed.set(runner.model.id, {
        alertId: alert.id,
        runner,
        sight,
        written: sight,
        writtenAt: now,
        timer: null,
      });
  }

  /** A later picture of the incident matched: the alert says so, now or once the rate limit allows. */
  #follow(modelId: number, matched: Parameters<typeof withMatch>[1], now: number): void {
    const followed = this.#followed.get(modelId);
    if (!followed) return; // raised by a run before this one started (a restart): it stays as it was
    followed.sight = withMatch(followed.sight, matched, now);
    const due = alertUpdateDue(followed.written, followed.writtenAt, followed.sight, now);
    if (due === null || followed.timer) return;
    if (due === 0) {
      this.#track(this.#writeFollowed(followed));
      return;
    }
    followed.timer = setTimeout(() => {
      followed.timer = null;
      if (this.#followed.get(modelId) === followed) this.#track(this.#writeFollowed(followed));
    }, due);
    followed.timer.unref();
  }

  async #writeFollowed(followed: FollowedAlert): Promise<void> {
    const { runner, sight } = followed;
    // Taken as written before the write, so that no second write starts meanwhile.
    followed.written = sight;
    followed.writtenAt = Date.now();
    const what = sightText(sight);
    const lastSeen = new Date(sight.lastSeenAt).toISOString();
    await this.deps.alerts.update(followed.alertId, {
      title: `${runner.model.name}: ${what} detected`,
      message:
        `Model ${runner.model.name} (${runner.model.task}) saw up to ${what} at once at confidence ≥ ` +
        `${runner.config.alert?.min_confidence ?? 0}; last seen ${lastSeen}.`,
      data: { count: sight.count, labels: sight.labels, last_seen_at: lastSeen },
    });
  }

  #unfollow(modelId: number): void {
    const followed = this.#followed.get(modelId);
    if (followed?.timer) clearTimeout(followed.timer);
    this.#followed.delete(modelId);
  }

  /** Work stop() waits for. */
  #track(work: Promise<void>): void {
    const run = work
      .catch((error: unknown) => this.log.error({ err: error }, 'updating an alert failed'))
      .finally(() => this.#inflight.delete(run));
    this.#inflight.add(run);
  }

  /** Each picture is written once, whichever of the camera's models asks first. */
  #writeFrame(feed: CameraFeed, frame: GrabbedFrame): Promise<string> {
    let written = feed.written.get(frame.seq);
    if (!written) {
      const dir = `cam-${feed.cameraId}`;
      const name = `${frame.capturedAt}-${frame.seq}.jpg`;
      written = mkdir(join(this.options.framesDir, dir), { recursive: true })
        .then(() => writeFile(join(this.options.framesDir, dir, name), frame.jpeg))
        .then(() => `frame://${dir}/${name}`);
      feed.written.set(frame.seq, written);
      // Only the newest few are worth remembering.
      for (const seq of feed.written.keys()) if (seq < frame.seq - 4) feed.written.delete(seq);
    }
    return written;
  }
}
