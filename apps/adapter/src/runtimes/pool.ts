// A fixed pool of inference workers with a bounded FIFO queue. One job per worker at a time keeps latency
// predictable; the main thread only shuffles messages, so /health stays responsive under full load.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { AdapterError } from '../errors.js';
import type { ModelKey } from '../models/catalog.js';
import { createPoolLoad, type PoolLoad } from './idle-cores.js';
import type { FromWorker, JobRequest, WorkerInit } from './protocol.js';

type Command = { type: 'load' | 'unload'; model: ModelKey };

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: AdapterError) => void;
}

interface Slot {
  worker: Worker;
  busy: boolean;
  dead: boolean;
  pending: Map<number, Pending>;
  /** when the job it runs started (performance.now()), null while idle */
  jobStartedAt: number | null;
}

interface Queued {
  job: JobRequest;
  resolve: (v: unknown) => void;
  reject: (e: AdapterError) => void;
}

/**
 * A worker module (by default the inference worker next to this file): the .js file when built; under tsx
 * (tests, dev) the .ts file, loaded through a tiny bootstrap that registers tsx inside the worker, because
 * Node 20 does not carry --import hooks into workers.
 */
export function createWorker(init: unknown, entry = new URL('./worker.js', import.meta.url)): Worker {
  if (existsSync(entry)) return new Worker(entry, { workerData: init });
  const ts = new URL(entry.href.replace(/\.js$/, '.ts')).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(ts)}); });`;
  return new Worker(boot, { eval: true, workerData: init });
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Queued[] = [];
  private nextId = 1;
  private closed = false;
  /** Mean job time, used to suggest Retry-After when the queue is full. */
  private avgJobMs = 200;
  private respawnDelayMs = 0;
  /** running jobs, shared with the workers (runtimes/idle-cores.ts) */
  private readonly load: PoolLoad;
  private readonly init: WorkerInit;
  /** ms spent on finished jobs, per worker position (a replaced worker carries on its predecessor's count) */
  private readonly busyMs: number[];

  constructor(
    private readonly size: number,
    private readonly queueSize: number,
    init: WorkerInit,
  ) {
    this.load = createPoolLoad(size);
    this.init = { ...init, load: this.load };
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
    this.busyMs = this.slots.map(() => 0);
  }

  /** Seconds each worker has spent running jobs so far, the one under way included (for utilisation). */
  get busySeconds(): number[] {
    const now = performance.now();
    return this.slots.map(
      (s, i) => (this.busyMs[i]! + (s.jobStartedAt === null ? 0 : now - s.jobStartedAt)) / 1000,
    );
  }

  get inflight(): number {
    return this.slots.filter((s) => s.busy).length;
  }

  get queueDepth(): number {
    return this.queue.length;
  }

  get workers(): number {
    return this.size;
  }

  get saturated(): boolean {
    return this.queue.length >= this.queueSize;
  }

  /** Runs a job on the next free worker. The frame buffer is transferred, not copied. */
  run<T>(job: JobRequest): Promise<T> {
    if (this.closed) return Promise.reject(new AdapterError('shutting_down', 'adapter is shutting down'));
    if (this.queue.length >= this.queueSize && !this.slots.some((s) => !s.busy)) {
      const retryAfterMs = Math.max(100, Math.round((this.avgJobMs * this.queue.length) / this.size));
      return Promise.reject(
        new AdapterError('overloaded', `inference queue is full (${this.queueSize} waiting)`, {
          retryAfterMs,
        }),
      );
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Sends a load/unload command to every worker and waits for all of them. */
  async broadcast(command: Command): Promise<void> {
    // A replacement for a dead worker loads lazily on its first job.
    await Promise.all(this.slots.filter((s) => !s.dead).map((slot) => this.send(slot, command)));
  }

  async close(): Promise<void> {
    this.closed = true;
    const stopping = () => new AdapterError('shutting_down', 'adapter is shutting down');
    for (const q of this.queue.splice(0)) q.reject(stopping());
    // Jobs running in a worker are abandoned with it: answer them rather than leave them hanging.
    for (const slot of this.slots) {
      for (const p of slot.pending.values()) p.reject(stopping());
      slot.pending.clear();
    }
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = createWorker(this.init);
    const slot: Slot = { worker, busy: false, dead: false, pending: new Map(), jobStartedAt: null };
    worker.on('message', (msg: FromWorker) => {
      const p = slot.pending.get(msg.id);
      if (!p) return;
      slot.pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.value);
      else p.reject(AdapterError.fromWire(msg.error));
    });
    // A crashed worker fails its jobs and is replaced; models reload lazily in the new one. A worker that
    // dies young is replaced after a growing delay, so a broken install cannot spin the CPU.
    const bornAt = Date.now();
    const fail = (reason: string) => {
      if (slot.dead) return;
      slot.dead = true;
      for (const p of slot.pending.values()) p.reject(new AdapterError('inference_failed', reason));
      slot.pending.clear();
      slot.busy = true; // keep jobs away until the replacement is up
      this.respawnDelayMs =
        Date.now() - bornAt < 5000 ? Math.min(30_000, Math.max(500, this.respawnDelayMs * 2)) : 0;
      const timer = setTimeout(() => {
        const index = this.slots.indexOf(slot);
        if (index < 0 || this.closed) return;
        this.slots[index] = this.spawn();
        this.dispatch();
      }, this.respawnDelayMs);
      timer.unref();
    };
    worker.on('error', (err) => fail(`inference worker crashed: ${err.message}`));
    worker.on('exit', (code) => {
      if (!this.closed) fail(`inference worker exited with code ${code}`);
    });
    worker.unref();
    return slot;
  }

  private send(slot: Slot, msg: Command | { type: 'run'; job: JobRequest }): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      const transfer = msg.type === 'run' ? [msg.job.frame.buffer as ArrayBuffer] : [];
      slot.worker.postMessage({ ...msg, id }, transfer);
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const next = this.queue.shift();
      if (!next) return;
      slot.busy = true;
      Atomics.add(this.load.running, 0, 1);
      const started = performance.now();
      slot.jobStartedAt = started;
      this.send(slot, { type: 'run', job: next.job })
        .then(next.resolve, next.reject)
        .finally(() => {
          Atomics.sub(this.load.running, 0, 1);
          const ms = performance.now() - started;
          this.avgJobMs = this.avgJobMs * 0.8 + ms * 0.2;
          slot.jobStartedAt = null;
          const index = this.slots.indexOf(slot);
          if (index >= 0) this.busyMs[index]! += ms;
          slot.busy = false;
          this.dispatch();
        });
    }
  }
}
