// Messages between the main thread and inference workers.
import type { WireError } from '../errors.js';
import type { ModelName } from '../models/catalog.js';
import type { TaskResult } from '../tasks/types.js';

export interface WorkerInit {
  modelsDir: string;
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
  | { type: 'load'; id: number; model: ModelName }
  | { type: 'unload'; id: number; model: ModelName }
  | { type: 'run'; id: number; job: JobRequest };

export type FromWorker =
  | { type: 'done'; id: number; ok: true; value: unknown }
  | { type: 'done'; id: number; ok: false; error: WireError };
