// How each AI model's runs stand: written by whatever runs models (the detection loop, the recording analysis),
// read by the model status endpoint. Kept in memory for the life of the process, across runner restarts.
import type { AiModelRow } from './ai-models.repository.js';
import type { AIModelStatus, ModelState, RecordingProgress } from './ai-models.schemas.js';

export interface ModelStats {
  state: ModelState;
  lastRunAt: string | null;
  runs: number;
  failures: number;
  lastError: string | null;
  /** turns skipped because the previous frame was still being analysed */
  dropped: number;
  progress: RecordingProgress | null;
  /** a live model that runs on motion, skipping its turns while its camera is at rest */
  waitingForMotion: boolean;
}

export class ModelRuns {
  readonly #stats = new Map<number, ModelStats>();

  /** The model's record, created idle on first use; runners update it in place. */
  of(modelId: number): ModelStats {
    let stats = this.#stats.get(modelId);
    if (!stats) {
      stats = {
        state: 'idle',
        lastRunAt: null,
        runs: 0,
        failures: 0,
        lastError: null,
        dropped: 0,
        progress: null,
        waitingForMotion: false,
      };
      this.#stats.set(modelId, stats);
    }
    return stats;
  }

  /** The model was deleted. */
  forget(modelId: number): void {
    this.#stats.delete(modelId);
  }

  /** What the status endpoint reports: a disabled model is idle whatever it did before. */
  status(model: AiModelRow): AIModelStatus {
    const stats = this.#stats.get(model.id);
    return {
      state: model.enabled ? (stats?.state ?? 'idle') : 'idle',
      last_run_at: stats?.lastRunAt ?? null,
      runs: stats?.runs ?? 0,
      failures: stats?.failures ?? 0,
      last_error: stats?.lastError ?? null,
      progress: model.source_type === 'recording' ? (stats?.progress ?? null) : null,
      waiting_for_motion: model.enabled && (stats?.waitingForMotion ?? false),
    };
  }
}
