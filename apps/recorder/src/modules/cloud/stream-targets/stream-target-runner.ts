// One outbound stream: ffmpeg pushing a camera to its target, kept alive by the media supervisor with the policy
// of API.md §12 — wait `reconnect_delay_seconds` between attempts (no growth, no jitter), give up once
// `max_reconnect_attempts` reconnects in a row have failed too (0 = never retry), the count resetting after 60 s
// of streaming.
// The stream key is masked in every error text this runner reports.
import { connectGuardEnv } from '../../../media/ffmpeg/connect-guard.js';
import type { CameraStream } from '../../../media/ingest/camera-stream.js';
import { FedProcess } from '../../../media/ingest/fed-process.js';
import { Supervisor, type SupervisedRun, type Transition } from '../../../media/supervisor.js';

export interface RunnerSpec {
  args: string[];
  /** masked wherever an error is reported */
  secrets: string[];
  maxReconnectAttempts: number;
  reconnectDelayMs: number;
  /** a plain user's camera: the push runs with the connection guard (it writes to nothing on this machine) */
  guarded: boolean;
}

export type RunnerState = 'connecting' | 'streaming' | 'reconnecting' | 'failed' | 'stopped';

/** Builds the process of one attempt to push (tests pass fakes). */
export type PushRun = (spec: RunnerSpec) => SupervisedRun;

/** The real push: ffmpeg fed the camera stream, under the connection guard for a plain user's camera. */
function fedPush(ffmpegPath: string, stream: CameraStream): PushRun {
  return (spec) =>
    new FedProcess(stream, {
      ffmpegPath,
      args: spec.args,
      stallTimeoutMs: 20_000,
      ...(spec.guarded ? { env: connectGuardEnv([]) } : {}),
    });
}

const STATES: Record<Transition['to'], RunnerState> = {
  starting: 'connecting',
  running: 'streaming',
  retrying: 'reconnecting',
  failed: 'failed',
  stopped: 'stopped',
};

export class StreamTargetRunner {
  readonly #supervisor: Supervisor;
  state: RunnerState = 'stopped';
  failures = 0;
  reconnectAttempts = 0;
  lastError: string | null = null;
  startedAt: string | null = null;
  streamingSince: string | null = null;

  constructor(
    private readonly spec: RunnerSpec,
    ffmpegPath: string,
    /** the camera stream it pushes (it opens no connection to the camera itself) */
    stream: CameraStream,
    onTransition: (runner: StreamTargetRunner, transition: Transition) => void = () => undefined,
    healthyResetMs = 60_000,
    /** the process of each attempt: by default ffmpeg fed `stream` */
    run: PushRun = fedPush(ffmpegPath, stream),
  ) {
    this.#supervisor = new Supervisor({
      autoRestart: spec.maxReconnectAttempts > 0,
      maxRestartAttempts: spec.maxReconnectAttempts,
      healthyResetMs,
      backoff: { baseMs: spec.reconnectDelayMs, maxMs: spec.reconnectDelayMs, jitter: 0 },
      run: () => run(spec),
    });
    this.#supervisor.on('transition', (transition) => {
      this.state = STATES[transition.to];
      this.failures = transition.failures;
      if (transition.to === 'starting' && transition.action === 'restart') this.reconnectAttempts += 1;
      if (transition.to === 'running') this.streamingSince = new Date().toISOString();
      else if (transition.to !== 'stopped') this.streamingSince = null;
      if (transition.error) this.lastError = this.mask(transition.error);
      onTransition(this, { ...transition, error: transition.error && this.mask(transition.error) });
    });
  }

  start(): void {
    this.startedAt = new Date().toISOString();
    this.reconnectAttempts = 0;
    this.#supervisor.start();
  }

  async stop(): Promise<void> {
    await this.#supervisor.stop();
    this.streamingSince = null;
  }

  mask(text: string): string {
    let masked = text;
    for (const secret of this.spec.secrets) {
      if (!secret) continue;
      masked = masked.split(secret).join('***').split(encodeURIComponent(secret)).join('***');
    }
    return masked;
  }
}
