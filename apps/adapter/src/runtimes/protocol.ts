// Messages between the main thread and inference workers.
import type { WireError } from '../errors.js';
import type { DetectorSpec } from '../detectors/model.js';
import type { ModelKey } from '../models/catalog.js';
import type { TaskResult } from '../tasks/types.js';
import type { PoolLoad } from './idle-cores.js';

export interface WorkerInit {
  modelsDir: string;
  /** the pool's running-jobs counter (shared memory), so a job can tell whether a core is idle */
  load?: PoolLoad;
  /** the operator detectors that passed their check at start (detectors/discovery.ts) */
  detectors?: DetectorSpec[];
}

export interface JobRequest {
  /** Tasks in order; one decode, then each step on the same frame. */
  steps: { task: string; params: Record<string, unknown> }[];
  frame: Uint8Array;
}

export interface StepOutcome {
  task: string;
  result: TaskResult;
  ms: number;
}

export type ToWorker =
  | { type: 'load'; id: number; model: ModelKey }
  | { type: 'unload'; id: number; model: ModelKey }
  | { type: 'run'; id: number; job: JobRequest };

export type FromWorker =
  | { type: 'done'; id: number; ok: true; value: unknown }
  | { type: 'done'; id: number; ok: false; error: WireError };
