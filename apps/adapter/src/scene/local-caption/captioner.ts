// Main-thread side of the local captioning model: found in MODELS_DIR at start, fingerprinted, loaded lazily in
// its own worker on the first caption, reloaded when its files change (a new fingerprint), and marked failed —
// with the reason shown in /health — when it cannot load or run, until its files change again.
import { readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { AdapterError } from '../../errors.js';
import { hashFiles } from '../../models/fingerprint.js';
import { createWorker } from '../../runtimes/pool.js';
import {
  discoverCaptionModels,
  inspect,
  layoutFiles,
  type CaptionModelLayout,
  type DiscoveredCaptionModel,
} from './layout.js';
import type { CaptionDone, FromCaptionWorker, LoadDone, ToCaptionWorker } from './protocol.js';

export interface LocalCaptionStatus {
  /** `local/<org>/<name>`: the health name and the `model_id` of its captions. */
  modelId: string;
  dir: string;
  state: 'unloaded' | 'loading' | 'ready' | 'failed';
  loadedAt: Date | null;
  loadMs: number | null;
  loadCount: number;
  error: string | undefined;
  /** sha256 over the files a load reads; null while the folder is incomplete. */
  fingerprint: string | null;
  /** Rough resident size once loaded, for the hardware evaluation. */
  approxMemoryMb: number;
}

type Log = { warn(obj: object, msg: string): void };
type Pending = { resolve(v: unknown): void; reject(e: Error): void };
type Request = ToCaptionWorker extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

const WORKER_ENTRY = new URL('./worker.js', import.meta.url);

export class LocalCaptioner {
  private model: DiscoveredCaptionModel;
  /** What the folder looked like at the last refresh (see folderSignature). */
  private signature = '';
  private fingerprint: string | null = null;
  private state: LocalCaptionStatus['state'] = 'unloaded';
  private error: string | undefined;
  private loadedAt: Date | null = null;
  private loadMs: number | null = null;
  private loadCount = 0;
  private loading: Promise<void> | null = null;
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private lastUsed = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  /** The thread that produced the last caption (proof that it did not run on the main thread). */
  lastThreadId: number | null = null;

  /**
   * The first complete model folder under MODELS_DIR (by id) — else the first incomplete one, so /health says
   * what is wrong with it — or null when there is none.
   */
  static async discover(
    modelsDir: string,
    limits: { queueSize: number; idleUnloadMs: number | null },
    log: Log,
  ): Promise<LocalCaptioner | null> {
    const found = discoverCaptionModels(modelsDir);
    const chosen = found.find((m) => m.layout !== null) ?? found[0];
    if (!chosen) return null;
    if (found.length > 1)
      log.warn(
        {
          used: chosen.id,
          ignored: found.filter((m) => m !== chosen).map((m) => `${m.id}: ${m.problem ?? 'ok'}`),
        },
        'several local caption models found; only one is used',
      );
    const captioner = new LocalCaptioner(modelsDir, chosen, limits.queueSize, limits.idleUnloadMs);
    await captioner.refresh(true);
    return captioner;
  }

  private constructor(
    private readonly modelsDir: string,
    model: DiscoveredCaptionModel,
    private readonly queueLimit: number,
    private readonly idleUnloadMs: number | null,
  ) {
    if (idleUnloadMs !== null) {
      this.idleTimer = setInterval(
        () => void this.unloadIdle(),
        Math.max(1000, Math.min(idleUnloadMs / 2, 30_000)),
      );
      this.idleTimer.unref();
    }
    this.model = model;
  }

  get modelId(): string {
    return `local/${this.model.id}`;
  }

  status(): LocalCaptionStatus {
    return {
      modelId: this.modelId,
      dir: this.model.dir,
      state: this.state,
      loadedAt: this.loadedAt,
      loadMs: this.loadMs,
      loadCount: this.loadCount,
      error: this.error,
      fingerprint: this.fingerprint,
      approxMemoryMb: this.model.layout ? approxMemoryMb(this.model.layout) : 0,
    };
  }

  /** Whether a caption may be asked for: the folder is complete and its current files have not failed. */
  usable(): boolean {
    return this.model.layout !== null && this.state !== 'failed';
  }

  /**
   * Looks at the folder again (a stat per file; hashing only when something changed). New files mean a new
   * fingerprint: the loaded model is dropped and a failed one gets another chance.
   */
  async refresh(force = false): Promise<void> {
    const signature = folderSignature(this.model.dir);
    if (!force && signature === this.signature) return;
    this.signature = signature;
    this.model = inspect(this.modelsDir, this.model.dir);
    const { layout, problem } = this.model;
    const fingerprint = layout ? await hashFiles(layoutFiles(layout)).catch(() => null) : null;
    if (!force && fingerprint !== null && fingerprint === this.fingerprint && this.state !== 'failed') return;
    this.fingerprint = fingerprint;
    if (this.worker) await this.send({ type: 'unload' }).catch(() => undefined);
    this.loadedAt = null;
    this.state = problem ? 'failed' : 'unloaded';
    this.error = problem ?? undefined;
  }

  /**
   * A caption of the frame by the local model, and the frame's size; loads the model first if needed. A frame
   * that cannot be decoded is the caller's error; any other failure marks the model failed.
   */
  async describe(frame: Uint8Array): Promise<{ caption: string; frame: { width: number; height: number } }> {
    if (this.closed) throw new AdapterError('shutting_down', 'adapter is shutting down');
    if (this.pending.size > this.queueLimit)
      throw new AdapterError('overloaded', `local caption queue is full (${this.queueLimit} waiting)`, {
        retryAfterMs: 1000,
      });
    await this.ensureLoaded();
    this.lastUsed = Date.now();
    try {
      const done = (await this.send({ type: 'caption', frame: frame.slice() })) as CaptionDone;
      this.lastThreadId = done.threadId;
      return { caption: done.caption, frame: done.frame };
    } catch (err) {
      if ((err as AdapterError).code === 'frame_decode_failed') throw err;
      throw this.fail(
        'inference_failed',
        `local caption model ${this.modelId} failed: ${(err as Error).message}`,
      );
    }
  }

  private ensureLoaded(): Promise<void> {
    if (this.state === 'ready') return Promise.resolve();
    if (this.state === 'failed')
      return Promise.reject(
        new AdapterError('model_load_failed', this.error ?? 'local caption model failed'),
      );
    this.loading ??= (async () => {
      this.state = 'loading';
      try {
        const done = (await this.send({ type: 'load', layout: this.model.layout! })) as LoadDone;
        this.state = 'ready';
        this.loadedAt = new Date();
        this.loadMs = done.loadMs;
        this.loadCount++;
      } catch (err) {
        throw this.fail(
          'model_load_failed',
          `local caption model ${this.modelId} failed to load: ${(err as Error).message}`,
        );
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  private fail(code: 'model_load_failed' | 'inference_failed', message: string): AdapterError {
    this.state = 'failed';
    this.error = message;
    this.loadedAt = null;
    return new AdapterError(code, message, { details: { model: this.modelId } });
  }

  private send(request: Request): Promise<unknown> {
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const transfer = request.type === 'caption' ? [request.frame.buffer as ArrayBuffer] : [];
      worker.postMessage({ ...request, id }, transfer);
    });
  }

  /** Started on first use; a worker that dies fails what it was doing and the model is reloaded in a new one. */
  private spawn(): Worker {
    const worker = createWorker(null, WORKER_ENTRY);
    worker.on('message', (msg: FromCaptionWorker) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.value);
      else p.reject(AdapterError.fromWire(msg.error));
    });
    const died = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const p of this.pending.values()) p.reject(new Error(reason));
      this.pending.clear();
      if (this.state === 'ready') this.state = 'unloaded';
    };
    worker.on('error', (err) => died(`caption worker crashed: ${err.message}`));
    worker.on('exit', (code) => died(`caption worker exited with code ${code}`));
    worker.unref();
    return worker;
  }

  /** MODEL_IDLE_UNLOAD_S: a model unused that long is dropped with its worker; the next caption reloads it. */
  async unloadIdle(now = Date.now()): Promise<void> {
    if (this.idleUnloadMs === null || this.state !== 'ready' || this.pending.size > 0) return;
    if (now - this.lastUsed < this.idleUnloadMs) return;
    const worker = this.worker;
    this.worker = null;
    this.state = 'unloaded';
    this.loadedAt = null;
    await worker?.terminate();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearInterval(this.idleTimer);
    const worker = this.worker;
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Error('adapter is shutting down'));
    this.pending.clear();
    await worker?.terminate();
  }
}

/** Names, sizes, change times and inodes of the folder's files: any copy, rename or edit changes it. */
function folderSignature(dir: string): string {
  const parts: string[] = [];
  const add = (path: string, name: string) => {
    let st: Stats;
    try {
      st = statSync(path);
    } catch {
      return;
    }
    if (st.isFile()) parts.push(`${name}:${st.size}:${st.mtimeMs}:${st.ino}`);
  };
  for (const name of listing(dir)) add(join(dir, name), name);
  for (const name of listing(join(dir, 'onnx'))) add(join(dir, 'onnx', name), `onnx/${name}`);
  return parts.join('|');
}

/** The ONNX files × 1.5: onnxruntime's copy of the weights plus activations. */
function approxMemoryMb(layout: CaptionModelLayout): number {
  const size = (path: string) => {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  };
  return Math.round((1.5 * (size(layout.encoder) + size(layout.decoder))) / 2 ** 20);
}

function listing(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}
