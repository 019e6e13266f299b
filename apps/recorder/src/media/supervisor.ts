// Keeps one long-running ffmpeg job alive: start, notice failure, back off (exponential, jittered), restart.
// After `maxRestartAttempts` consecutive failures (0 = no limit) it is `failed`: it gives up, or — with
// `slowRetryMs`, as recording does — keeps trying at that slow cadence while staying `failed`, so a camera that
// comes back is picked up again by itself. Every state change is emitted as a transition so the camera status,
// the config counters and the event log follow it.
import { EventEmitter } from 'node:events';
import type { FfmpegExit } from './ffmpeg/process.js';
import { exitReason } from './ffmpeg/exit-reason.js';

/**
 * The contract of one attempt the supervisor runs ("run once"): it is started once, says when it makes progress,
 * and exits with a reason; stop() ends it on request. FfmpegProcess is one; tests use fakes.
 */
export interface SupervisedRun {
  start(): void;
  stop(): Promise<unknown>;
  once(event: 'progress', listener: () => void): unknown;
  once(event: 'exit', listener: (exit: FfmpegExit) => void): unknown;
}

export type SupervisorState = 'starting' | 'running' | 'retrying' | 'failed' | 'stopped';
export type SupervisorAction = 'start' | 'restart' | 'stop' | 'backoff';

export interface Transition {
  from: SupervisorState;
  to: SupervisorState;
  action: SupervisorAction;
  /** consecutive failures so far */
  failures: number;
  /** why the last run ended, credentials masked */
  error: string | null;
  /** wait before the next attempt, when retrying */
  delayMs?: number;
}

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  /** ±fraction of randomness, so many cameras that fail together do not retry in lockstep */
  jitter: number;
}

export interface SupervisorOptions {
  autoRestart: boolean;
  /** consecutive failures tolerated before `failed`; 0 = retry with backoff forever */
  maxRestartAttempts: number;
  /** once `failed`, try again this often (jittered like the backoff) instead of giving up */
  slowRetryMs?: number;
  /** running this long without failing resets the failure count */
  healthyResetMs: number;
  backoff: BackoffPolicy;
  /** builds the run of one attempt (attempt counts from 0); the supervisor starts it */
  run: (attempt: number) => SupervisedRun;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 30_000, jitter: 0.2 };

export function backoffDelay(policy: BackoffPolicy, failures: number, random = Math.random): number {
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  return jittered(exponential, policy.jitter, random);
}

function jittered(ms: number, jitter: number, random = Math.random): number {
  return Math.round(ms * (1 + jitter * (2 * random() - 1)));
}

export class Supervisor extends EventEmitter<{ transition: [Transition] }> {
  #state: SupervisorState = 'stopped';
  #failures = 0;
  #attempt = 0;
  #error: string | null = null;
  #process: SupervisedRun | null = null;
  #retryTimer: NodeJS.Timeout | null = null;
  #healthyTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: SupervisorOptions) {
    super();
  }

  get state(): SupervisorState {
    return this.#state;
  }

  get failures(): number {
    return this.#failures;
  }

  start(): void {
    if (this.#state !== 'stopped' && this.#state !== 'failed') return;
    this.#clearTimers();
    this.#failures = 0;
    this.#launch('start');
  }

  /**
   * Ends the running process cleanly and starts a new one at once, without counting a failure (a deliberate
   * cut, e.g. to re-anchor a recording's clock). Does nothing unless running.
   */
  async restart(): Promise<void> {
    const process = this.#process;
    if (!process || this.#state !== 'running') return;
    this.#process = null;
    this.#clearTimers();
    await process.stop();
    if (this.#state === 'running' && this.#process === null) this.#launch('restart');
  }

  /** Skips the wait of a pending retry (the cause went away, e.g. disk space came back). */
  retryNow(): void {
    if (!this.#retryTimer) return;
    this.#clearTimers();
    this.#launch('restart', this.#state === 'failed');
  }

  async stop(): Promise<void> {
    this.#clearTimers();
    const process = this.#process;
    this.#process = null;
    if (this.#state !== 'stopped') this.#move('stopped', 'stop');
    await process?.stop();
  }

  /** `slow`: a slow retry, which stays `failed` until it streams again (the source is still failing). */
  #launch(action: 'start' | 'restart', slow = false): void {
    this.#move(slow ? 'failed' : 'starting', action);
    const process = this.options.run(this.#attempt++);
    this.#process = process;
    process.once('progress', () => {
      if (this.#process !== process) return;
      this.#move('running', action);
      this.#healthyTimer = setTimeout(() => {
        this.#failures = 0;
      }, this.options.healthyResetMs);
      this.#healthyTimer.unref();
    });
    process.once('exit', (exit: FfmpegExit) => {
      if (this.#process !== process || exit.requested) return;
      this.#process = null;
      this.#clearTimers();
      this.#failures += 1;
      this.#error = exitReason(exit);
      const { autoRestart, maxRestartAttempts, slowRetryMs, backoff } = this.options;
      const exhausted = maxRestartAttempts > 0 && this.#failures > maxRestartAttempts;
      if (!autoRestart || (exhausted && slowRetryMs === undefined)) {
        this.#move('failed', 'stop');
        return;
      }
      const delayMs = exhausted
        ? jittered(slowRetryMs!, backoff.jitter)
        : backoffDelay(backoff, this.#failures);
      this.#move(exhausted ? 'failed' : 'retrying', 'backoff', delayMs);
      this.#retryTimer = setTimeout(() => {
        this.#retryTimer = null;
        this.#launch('restart', exhausted);
      }, delayMs);
    });
    process.start();
  }

  #move(to: SupervisorState, action: SupervisorAction, delayMs?: number): void {
    const from = this.#state;
    this.#state = to;
    if (to === 'running') this.#error = null;
    this.emit('transition', {
      from,
      to,
      action,
      failures: this.#failures,
      error: this.#error,
      ...(delayMs === undefined ? {} : { delayMs }),
    });
  }

  #clearTimers(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    if (this.#healthyTimer) clearTimeout(this.#healthyTimer);
    this.#retryTimer = null;
    this.#healthyTimer = null;
  }
}
