// Keeps one long-running ffmpeg job alive: start, notice failure, back off (exponential, jittered), restart,
// give up after `maxRestartAttempts` consecutive failures (0 = never give up). Every state change is emitted
// as a transition so the camera status, the config counters and the event log follow it.
import { EventEmitter } from 'node:events';
import type { FfmpegExit, FfmpegProcess } from './ffmpeg/process.js';

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
  /** consecutive failures tolerated before giving up; 0 = retry forever */
  maxRestartAttempts: number;
  /** running this long without failing resets the failure count */
  healthyResetMs: number;
  backoff: BackoffPolicy;
  /** builds and starts the process for one attempt (attempt counts from 0) */
  run: (attempt: number) => FfmpegProcess;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 30_000, jitter: 0.2 };

export function backoffDelay(policy: BackoffPolicy, failures: number, random = Math.random): number {
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(exponential * (1 + policy.jitter * (2 * random() - 1)));
}

export function describeExit(exit: FfmpegExit): string {
  const last = exit.stderrTail.split('\n').filter(Boolean).at(-1);
  if (exit.stalled) return last ?? 'stalled';
  return last ?? (exit.signal ? `ffmpeg killed by ${exit.signal}` : `ffmpeg exited with code ${exit.code}`);
}

export class Supervisor extends EventEmitter<{ transition: [Transition] }> {
  #state: SupervisorState = 'stopped';
  #failures = 0;
  #attempt = 0;
  #error: string | null = null;
  #process: FfmpegProcess | null = null;
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
    this.#failures = 0;
    this.#launch('start');
  }

  async stop(): Promise<void> {
    this.#clearTimers();
    const process = this.#process;
    this.#process = null;
    if (this.#state !== 'stopped') this.#move('stopped', 'stop');
    await process?.stop();
  }

  #launch(action: 'start' | 'restart'): void {
    this.#move('starting', action);
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
    process.once('exit', (exit) => {
      if (this.#process !== process || exit.requested) return;
      this.#process = null;
      this.#clearTimers();
      this.#failures += 1;
      this.#error = describeExit(exit);
      const { autoRestart, maxRestartAttempts } = this.options;
      if (!autoRestart || (maxRestartAttempts > 0 && this.#failures > maxRestartAttempts)) {
        this.#move('failed', 'stop');
        return;
      }
      const delayMs = backoffDelay(this.options.backoff, this.#failures);
      this.#move('retrying', 'backoff', delayMs);
      this.#retryTimer = setTimeout(() => this.#launch('restart'), delayMs);
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
