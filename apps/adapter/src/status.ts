// Health, capabilities card, adapter listing and hardware evaluation: everything that describes the service
// rather than running inference.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { availableParallelism, cpus, freemem, totalmem } from 'node:os';
import sharp from 'sharp';
import {
  ADAPTER_CONTRACT_VERSION,
  type AdapterHealth,
  type AdapterListing,
  type CapabilityCard,
  type HardwareEvaluation,
} from '@nvr/contracts';
import type { AdapterConfig } from './config.js';
import { detectorKey, type DiscoveredDetector, type Detectors } from './detectors/discovery.js';
import { MAX_DETECTIONS } from './detectors/nms.js';
import { DETECTOR_TASKS, type InferenceService } from './inference.js';
import { MODELS, MODEL_NAMES, type ModelName } from './models/catalog.js';
import { CENTERNET_INPUT, CENTERNET_MAX_DETECTIONS } from './models/centernet.js';
import { COCO_LABELS } from './models/coco-labels.js';
import { computeFingerprints, type Fingerprints } from './models/fingerprint.js';
import type { ModelRegistry } from './models/registry.js';
import type { WorkerPool } from './runtimes/pool.js';
import type { StepOutcome } from './runtimes/protocol.js';
import type { RemoteAdapters } from './runtimes/remote.js';
import type { CaptionBackend } from './scene/caption-client.js';
import type { LocalCaptioner, LocalCaptionStatus } from './scene/local-caption/captioner.js';
import { TASKS } from './tasks/index.js';

export const ADAPTER_VERSION = '0.1.0';
const FINGERPRINT_TTL_MS = 10_000;
/** A camera analysed every 2 s (the recorder's default inference_interval) must not fall behind. */
const CAMERA_INTERVAL_MS = 2000;
const WARN_FRAME_MS = 500;

type Gpu = AdapterHealth['hardware']['gpus'][number];

export interface StatusDeps {
  config: Readonly<AdapterConfig>;
  pool: WorkerPool;
  registry: ModelRegistry;
  remotes: RemoteAdapters;
  caption: CaptionBackend | null;
  /** The local captioning model found in MODELS_DIR, if any. */
  localCaption: LocalCaptioner | null;
  inference: InferenceService;
  /** Operator detectors found at start, and the default one (`centernet` unless DETECTOR names another). */
  detectors?: Detectors;
  defaultDetector?: string;
}

export class StatusService {
  readonly startedAt = new Date();
  private gpus: Gpu[] = [];
  private fingerprints: { at: number; value: Promise<Fingerprints> } | undefined;
  /** The last computed fingerprints, for /health (which answers without waiting for a hash). */
  private lastFingerprints: Fingerprints | undefined;

  constructor(private readonly deps: StatusDeps) {}

  /** Probes nvidia-smi once; without it (or without a GPU) the list stays empty. */
  async start(): Promise<void> {
    this.gpus = await probeGpus();
    await this.fingerprint();
  }

  health(): AdapterHealth {
    const { pool, registry } = this.deps;
    const models = registry.list();
    const local = this.deps.localCaption?.status();
    const tasksOf = (m: ModelName) =>
      [...TASKS.values()].filter((t) => t.models.includes(m)).map((t) => t.name);
    const servable = this.deps.inference.servableTasks();
    const detectors = this.detectorStates();
    const status: AdapterHealth['status'] =
      servable.length === 0
        ? 'error'
        : models.some((m) => m.state === 'failed') ||
            local?.state === 'failed' ||
            detectors.some((d) => d.state === 'failed') ||
            pool.saturated
          ? 'degraded'
          : models.some((m) => m.state === 'loading') && !models.some((m) => m.state === 'ready')
            ? 'loading'
            : 'ok';
    return {
      status,
      version: ADAPTER_VERSION,
      started_at: this.startedAt.toISOString(),
      uptime_seconds: Math.floor((Date.now() - this.startedAt.getTime()) / 1000),
      hardware: {
        cpu_model: cpus()[0]?.model.trim() ?? 'unknown',
        cpu_cores: availableParallelism(),
        ram_total_mb: Math.round(totalmem() / 2 ** 20),
        ram_free_mb: Math.round(freemem() / 2 ** 20),
        gpus: this.gpus,
      },
      models: [
        ...models.map((m) => ({
          name: m.name,
          tasks: tasksOf(m.name),
          runtime: MODELS[m.name].runtime,
          state: m.state,
          loaded_at: m.loadedAt?.toISOString() ?? null,
          load_ms: m.loadMs,
          load_count: m.loadCount,
          ...(m.error ? { error: m.error } : {}),
          ...(this.lastFingerprints?.perModel[m.name]
            ? { fingerprint: this.lastFingerprints.perModel[m.name]! }
            : {}),
        })),
        ...(local ? [localCaptionHealth(local)] : []),
        ...detectors.map(({ found, state, loadedAt, loadMs, loadCount, error }) => ({
          name: detectorKey(found.name),
          tasks: [...DETECTOR_TASKS],
          runtime: 'onnxruntime-cpu',
          state,
          loaded_at: loadedAt?.toISOString() ?? null,
          load_ms: loadMs,
          load_count: loadCount,
          ...(error ? { error } : {}),
          ...(found.fingerprint ? { fingerprint: found.fingerprint } : {}),
          detector: this.detectorFacts(found),
        })),
      ],
      inflight: pool.inflight,
      queue_depth: pool.queueDepth,
    };
  }

  async card(): Promise<CapabilityCard> {
    const { config } = this.deps;
    const fp = await this.fingerprint();
    const local = await this.localCaptionStatus();
    // The local caption model joins the card's single model: its name, and its files in the fingerprint.
    const extra = local?.fingerprint ? [local] : [];
    return {
      contract_version: ADAPTER_CONTRACT_VERSION,
      adapter: { name: 'nvr-adapter', version: ADAPTER_VERSION, vendor: 'nvr', license: 'Apache-2.0' },
      model: {
        name: [...MODEL_NAMES, ...extra.map((l) => l.modelId)].join('+'),
        version: MODEL_NAMES.map((n) => `${n}@${MODELS[n].version}`).join(','),
        framework: 'tensorflow.js+onnxruntime',
        fingerprint: extra.length ? combineFingerprints([fp.combined, extra[0]!.fingerprint!]) : fp.combined,
      },
      tasks: this.deps.inference.servableTasks(),
      permissions: {
        gpu: false,
        network_egress: [
          ...(config.caption ? [config.caption.url] : []),
          ...config.remoteAdapters.map((r) => r.url),
        ],
        host_filesystem: [config.framesDir, config.modelsDir],
        shared_memory_paths: [],
        host_metadata: true,
      },
      scheduling: { max_inflight: config.workers, preferred_batch_size: 1, fair_queuing: false },
      cost: { currency: 'USD', estimated_per_call: 0, is_metered: false },
      detector: this.cardDetector(),
      // CenterNet (the card's detector) and the face nets run on onnxruntime's CPU kernels, BlazeFace on tfjs-wasm.
      accelerator: { backend: 'onnxruntime-cpu+cpu-wasm', device: 'cpu' },
      endpoints: {
        infer: { supported: true, input_content_types: ['application/json', 'multipart/form-data'] },
        infer_stream: { supported: true, max_concurrent_streams: config.streamMaxSockets },
      },
    };
  }

  /** The card's detector: the one object-detector tasks use without params.detector (DETECTOR). */
  private cardDetector(): CapabilityCard['detector'] {
    const custom = this.deps.detectors?.find(this.deps.defaultDetector ?? 'centernet');
    if (custom?.facts)
      return {
        input: {
          width: custom.facts.input.width,
          height: custom.facts.input.height,
          layout: 'NCHW',
          dtype: 'float32',
          pixel_format: custom.facts.preprocessing.channels === 'rgb' ? 'RGB' : 'BGR',
        },
        labels: [...custom.labels],
        max_detections: MAX_DETECTIONS,
      };
    return {
      input: {
        width: CENTERNET_INPUT,
        height: CENTERNET_INPUT,
        layout: 'NCHW',
        dtype: 'float32',
        pixel_format: 'RGB',
      },
      labels: [...COCO_LABELS],
      max_detections: CENTERNET_MAX_DETECTIONS,
    };
  }

  async adapters(): Promise<AdapterListing> {
    const fp = await this.fingerprint();
    const builtIn = this.deps.registry.list().map((m) => ({
      name: m.name,
      tasks: [...TASKS.values()].filter((t) => t.models.includes(m.name)).map((t) => t.name),
      runtime: MODELS[m.name].runtime,
      enabled: fp.perModel[m.name] !== null,
      state: m.state,
      model: {
        name: MODELS[m.name].title,
        version: MODELS[m.name].version,
        fingerprint: fp.perModel[m.name] ?? 'missing',
      },
    }));
    const local = await this.localCaptionStatus();
    const localCaption = local
      ? [
          {
            name: local.modelId,
            tasks: ['scene_description'],
            runtime: 'onnxruntime-cpu',
            enabled: local.state !== 'failed',
            state: local.state,
            model: { name: local.modelId, version: 'local', fingerprint: local.fingerprint ?? 'missing' },
            ...(local.error ? { error: local.error } : {}),
          },
        ]
      : [];
    const caption = this.deps.caption
      ? [
          {
            name: this.deps.caption.modelId,
            tasks: ['scene_description'],
            runtime: 'remote-http',
            enabled: true,
            state: 'ready',
            model: { name: this.deps.caption.modelId, version: 'unknown', fingerprint: 'unknown' },
            url: this.deps.config.caption!.url,
          },
        ]
      : [];
    const remotes = this.deps.remotes.list().map((r) => ({
      name: `remote:${r.name ?? r.url}`,
      tasks: r.tasks,
      runtime: 'remote-http',
      enabled: true,
      state: r.state,
      model: r.model ?? { name: 'unknown', version: 'unknown', fingerprint: 'unknown' },
      url: r.url,
      // Whether a REMOTE_ADAPTER_TOKEN_<NAME> is configured; the token itself is never listed.
      token_set: r.tokenSet,
      ...(r.error ? { error: r.error } : {}),
    }));
    const detectors = this.detectorStates().map(({ found, state, error }) => ({
      name: detectorKey(found.name),
      tasks: [...DETECTOR_TASKS],
      runtime: 'onnxruntime-cpu',
      enabled: found.error === null,
      state,
      model: { name: found.name, version: 'local', fingerprint: found.fingerprint ?? 'missing' },
      ...(error ? { error } : {}),
      detector: this.detectorFacts(found),
    }));
    return [...builtIn, ...detectors, ...localCaption, ...caption, ...remotes];
  }

  /** Each operator detector with its registry state; one refused at start is `failed` with that reason. */
  private detectorStates() {
    return (this.deps.detectors?.list ?? []).map((found) => {
      if (found.error)
        return {
          found,
          state: 'failed' as const,
          loadedAt: null,
          loadMs: null,
          loadCount: 0,
          error: found.error,
        };
      const st = this.deps.registry.get(detectorKey(found.name));
      return {
        found,
        state: st.state,
        loadedAt: st.loadedAt,
        loadMs: st.loadMs,
        loadCount: st.loadCount,
        error: st.error,
      };
    });
  }

  private detectorFacts(found: DiscoveredDetector) {
    const facts = found.facts;
    const p = facts?.preprocessing;
    return {
      labels: found.labels.length,
      default: this.deps.defaultDetector === found.name,
      ...(facts && p
        ? {
            layout: facts.layout,
            input: [facts.input.width, facts.input.height],
            resize: p.resize,
            align: p.align,
            channels: p.channels,
            normalize: typeof p.normalize === 'string' ? p.normalize : 'mean-std',
            output_shape: facts.outputShape,
          }
        : {}),
    };
  }

  /** Free RAM against the models' needs, core count, and one timed frame per loaded model. */
  async hardwareEvaluation(): Promise<HardwareEvaluation> {
    const { config, registry, pool } = this.deps;
    const reasons: string[] = [];
    let verdict: HardwareEvaluation['verdict'] = 'ok';
    const raise = (v: 'warn' | 'blocked', why: string) => {
      if (v === 'blocked' || verdict === 'ok') verdict = v;
      reasons.push(why);
    };
    // The local caption model lives once, in its own worker.
    const needMb =
      150 +
      config.workers * (80 + MODEL_NAMES.reduce((s, n) => s + MODELS[n].approxMemoryMb, 0)) +
      (this.deps.localCaption?.status().approxMemoryMb ?? 0);
    const freeMb = Math.round(freemem() / 2 ** 20);
    if (freeMb < needMb) raise('blocked', `${freeMb} MB free RAM, models need about ${needMb} MB`);
    const cores = availableParallelism();
    if (cores < 2) raise('warn', `only ${cores} CPU core: inference and the HTTP server share it`);

    const calibration: Record<string, number> = {};
    const ready = new Set(
      registry
        .list()
        .filter((m) => m.state === 'ready')
        .map((m) => m.name),
    );
    const probes = [
      { task: 'person_counting', needs: ['centernet'] },
      { task: 'face_detection', needs: ['ssd_face', 'face_landmarks68', 'face_age_gender'] },
    ].filter((p) => p.needs.every((n) => ready.has(n as ModelName)));
    if (probes.length) {
      const frame = await calibrationFrame();
      for (const p of probes) {
        const params = {
          min_confidence: 0.3,
          max_results: 100,
          ...(p.task === 'face_detection' ? { landmarks: 5, detector: 'ssd' } : {}),
        };
        const out = await pool.run<{ steps: StepOutcome[] }>({
          steps: [{ task: p.task, params }],
          frame: frame.slice(),
        });
        const ms = Math.round(out.steps[0]!.ms);
        calibration[p.task] = ms;
        if (ms > CAMERA_INTERVAL_MS)
          raise(
            'blocked',
            `${p.task} takes ${ms} ms per frame, longer than a ${CAMERA_INTERVAL_MS} ms camera interval`,
          );
        else if (ms > WARN_FRAME_MS)
          raise('warn', `${p.task} takes ${ms} ms per 768×576 frame (over ${WARN_FRAME_MS} ms)`);
      }
    } else {
      reasons.push('no model is loaded yet, so no calibration ran; call /infer once and re-check');
    }
    if (reasons.length === 0)
      reasons.push(
        `${freeMb} MB free RAM for ~${needMb} MB of models, ${cores} cores, calibration within ${WARN_FRAME_MS} ms`,
      );
    return {
      verdict,
      reasoning: reasons.join('; '),
      checked_at: new Date().toISOString(),
      details: {
        ram_free_mb: freeMb,
        ram_needed_mb: needMb,
        cpu_cores: cores,
        workers: config.workers,
        calibration_ms: calibration,
      },
    };
  }

  private fingerprint(): Promise<Fingerprints> {
    if (!this.fingerprints || Date.now() - this.fingerprints.at > FINGERPRINT_TTL_MS) {
      const value = computeFingerprints(this.deps.config.modelsDir);
      value.then((fp) => (this.lastFingerprints = fp)).catch(() => undefined);
      this.fingerprints = { at: Date.now(), value };
    }
    return this.fingerprints.value;
  }

  /** The local caption model's state after a look at its files (a swap shows up here). */
  private async localCaptionStatus() {
    const local = this.deps.localCaption;
    if (!local) return null;
    await local.refresh();
    return local.status();
  }
}

/** A 768×576 JPEG (a vtest.avi-sized frame) with structure, so the detectors do real work. */
async function calibrationFrame(): Promise<Uint8Array> {
  const w = 768;
  const h = 576;
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) px.fill((x * 7) ^ (y * 3), (y * w + x) * 3, (y * w + x) * 3 + 3);
  return new Uint8Array(
    await sharp(px, { raw: { width: w, height: h, channels: 3 } })
      .jpeg()
      .toBuffer(),
  );
}

function probeGpus(): Promise<Gpu[]> {
  return new Promise((resolve) => {
    execFile(
      'nvidia-smi',
      ['--query-gpu=name,memory.total,memory.free', '--format=csv,noheader,nounits'],
      { timeout: 3000 },
      (err, stdout) => {
        if (err) return resolve([]);
        resolve(
          stdout
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((line) => {
              const [name = 'unknown', total = '0', free = '0'] = line.split(',').map((s) => s.trim());
              return { name, vram_total_mb: Number(total) || 0, vram_free_mb: Number(free) || 0 };
            }),
        );
      },
    );
  });
}

/** The local caption model as a /health model entry (extra field `fingerprint`, as for the built-in models). */
function localCaptionHealth(local: LocalCaptionStatus): AdapterHealth['models'][number] {
  return {
    name: local.modelId,
    tasks: ['scene_description'],
    runtime: 'onnxruntime-cpu',
    state: local.state,
    loaded_at: local.loadedAt?.toISOString() ?? null,
    load_ms: local.loadMs,
    load_count: local.loadCount,
    ...(local.error ? { error: local.error } : {}),
    ...(local.fingerprint ? { fingerprint: local.fingerprint } : {}),
  };
}

/** One fingerprint over several: sha256 of the parts in order. */
function combineFingerprints(parts: string[]): string {
  return `sha256:${createHash('sha256').update(parts.join('\n')).digest('hex')}`;
}
