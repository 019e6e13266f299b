// How the processes around a camera stream (its own pull and every consumer) are kept alive: restarted for as
// long as they are wanted (the camera may be gone for a while), with the usual jittered backoff.
import { DEFAULT_BACKOFF, Supervisor, type BackoffPolicy, type SupervisedRun } from '../supervisor.js';

export function consumerSupervisor(
  run: (attempt: number) => SupervisedRun,
  backoff: BackoffPolicy = DEFAULT_BACKOFF,
): Supervisor {
  return new Supervisor({ autoRestart: true, maxRestartAttempts: 0, healthyResetMs: 60_000, backoff, run });
}
