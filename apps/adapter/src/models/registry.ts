// Main-thread view of the models: lazy single-flight loading across all workers, eviction of failed loads,
// idle unloading, and the state /health and /adapters report.
import { AdapterError } from '../errors.js';
import type { WorkerPool } from '../runtimes/pool.js';
import { isBuiltInModel, MODELS, MODEL_NAMES, type ModelKey, type ModelName } from './catalog.js';

export interface ModelStatus<K extends ModelKey = ModelName> {
  name: K;
  state: 'unloaded' | 'loading' | 'ready' | 'failed';
  loadedAt: Date | null;
  loadMs: number | null;
  loadCount: number;
  error: string | undefined;
  lastUsed: number;
}

export class ModelRegistry {
  private readonly status = new Map<ModelKey, ModelStatus<ModelKey>>();
  private readonly loading = new Map<ModelKey, Promise<void>>();
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: WorkerPool,
    private readonly idleUnloadMs: number | null,
    /** the operator detectors that passed their check at start (`detectors/<name>`) */
    private readonly detectorKeys: readonly ModelKey[] = [],
  ) {
    for (const name of [...MODEL_NAMES, ...detectorKeys]) {
      this.status.set(name, {
        name,
        state: 'unloaded',
        loadedAt: null,
        loadMs: null,
        loadCount: 0,
        error: undefined,
        lastUsed: 0,
      });
    }
    if (idleUnloadMs !== null) {
      this.idleTimer = setInterval(
        () => void this.unloadIdle(),
        Math.max(1000, Math.min(idleUnloadMs / 2, 30_000)),
      );
      this.idleTimer.unref();
    }
  }

  /** The built-in models. */
  list(): ModelStatus[] {
    return MODEL_NAMES.map((n) => ({ ...this.status.get(n)! }) as ModelStatus);
  }

  /** The operator detectors that can load (failed checks at start are not here: see detectors/discovery.ts). */
  listDetectors(): ModelStatus<ModelKey>[] {
    return this.detectorKeys.map((n) => ({ ...this.status.get(n)! }));
  }

  get<K extends ModelKey>(name: K): ModelStatus<K> {
    return { ...this.status.get(name)! } as ModelStatus<K>;
  }

  /** Resolves when every named model is loaded in every worker; concurrent callers share one load. */
  async ensure(names: readonly ModelKey[]): Promise<void> {
    await Promise.all(names.map((n) => this.ensureOne(n)));
    const now = Date.now();
    for (const n of names) this.status.get(n)!.lastUsed = now;
  }

  private ensureOne(name: ModelKey): Promise<void> {
    const st = this.status.get(name)!;
    if (st.state === 'ready') return Promise.resolve();
    let pending = this.loading.get(name);
    if (!pending) {
      const started = performance.now();
      st.state = 'loading';
      st.error = undefined;
      pending = this.pool.broadcast({ type: 'load', model: name }).then(
        () => {
          st.state = 'ready';
          st.loadedAt = new Date();
          st.loadMs = Math.round(performance.now() - started);
          st.loadCount++;
          this.loading.delete(name);
        },
        (err: unknown) => {
          st.state = 'failed';
          st.error = err instanceof Error ? err.message : String(err);
          // Forget the failed attempt: the next request retries the load.
          this.loading.delete(name);
          throw new AdapterError(
            'model_load_failed',
            `model ${name}${isBuiltInModel(name) ? ` (${MODELS[name].title})` : ''} failed to load: ${st.error}`,
            {
              details: { model: name },
              retryAfterMs: 1000,
            },
          );
        },
      );
      this.loading.set(name, pending);
    }
    return pending;
  }

  async unloadIdle(now = Date.now()): Promise<void> {
    if (this.idleUnloadMs === null) return;
    for (const st of this.status.values()) {
      if (st.state !== 'ready' || now - st.lastUsed < this.idleUnloadMs) continue;
      st.state = 'unloaded';
      st.loadedAt = null;
      await this.pool.broadcast({ type: 'unload', model: st.name });
    }
  }

  close(): void {
    if (this.idleTimer) clearInterval(this.idleTimer);
  }
}
