// The supervision contract, fast and deterministic: fake runs (start, progress, exit with a reason) under mock
// timers. The same Supervisor keeps recording, live HLS, WebRTC, AI frames, stream targets and the camera
// streams' own pulls alive; their end-to-end tests with real ffmpeg are in the other suites.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import {
  backoffDelay,
  Supervisor,
  type SupervisorOptions,
  type Transition,
} from '../src/media/supervisor.js';
import { FakeRun } from './helpers/fake-run.js';

const NO_JITTER = { baseMs: 1000, maxMs: 8000, jitter: 0 };

function supervise(options: Partial<SupervisorOptions> = {}) {
  const runs: FakeRun[] = [];
  const transitions: Transition[] = [];
  const supervisor = new Supervisor({
    autoRestart: true,
    maxRestartAttempts: 0,
    healthyResetMs: 60_000,
    backoff: NO_JITTER,
    run: () => {
      const run = new FakeRun();
      runs.push(run);
      return run;
    },
    ...options,
  });
  supervisor.on('transition', (transition) => transitions.push(transition));
  return { supervisor, runs, transitions, last: () => runs.at(-1)! };
}

describe('supervisor', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('backs off exponentially up to the maximum, starting a new run after each wait', () => {
    const { supervisor, runs, transitions, last } = supervise();
    supervisor.start();
    for (let i = 0; i < 5; i++) {
      last().fail(`refused ${i}`);
      const delay = transitions.at(-1)!.delayMs!;
      mock.timers.tick(delay - 1);
      assert.equal(runs.length, i + 1, 'no new run before the wait is over');
      mock.timers.tick(1);
      assert.equal(runs.length, i + 2);
    }
    assert.deepEqual(
      transitions.filter((t) => t.to === 'retrying').map((t) => t.delayMs),
      [1000, 2000, 4000, 8000, 8000],
    );
    assert.equal(transitions.at(-2)!.error, 'refused 4', 'the reason of the last failure is reported');
    assert.ok(runs.every((run) => run.started));
  });

  it('gives up after max_restart_attempts consecutive failures', () => {
    const { supervisor, runs, transitions, last } = supervise({ maxRestartAttempts: 2 });
    supervisor.start();
    last().fail('one');
    mock.timers.tick(1000);
    last().fail('two');
    mock.timers.tick(2000);
    last().fail('three');
    assert.equal(supervisor.state, 'failed');
    assert.equal(transitions.at(-1)!.action, 'stop');
    mock.timers.tick(60_000);
    assert.equal(runs.length, 3, 'first run + 2 restarts, then no more');
  });

  it('keeps trying at the slow cadence once failed when slowRetryMs is set, and recovers', () => {
    const { supervisor, runs, last } = supervise({ maxRestartAttempts: 1, slowRetryMs: 30_000 });
    supervisor.start();
    last().fail('one');
    mock.timers.tick(1000);
    last().fail('two');
    assert.equal(supervisor.state, 'failed');
    mock.timers.tick(29_999);
    assert.equal(runs.length, 2);
    mock.timers.tick(1);
    assert.equal(runs.length, 3, 'slow retry');
    assert.equal(supervisor.state, 'failed', 'still failed until it runs');
    last().progress();
    assert.equal(supervisor.state, 'running');
  });

  it('does not restart with auto_restart off', () => {
    const { supervisor, runs, last } = supervise({ autoRestart: false });
    supervisor.start();
    last().fail('gone');
    mock.timers.tick(60_000);
    assert.equal(supervisor.state, 'failed');
    assert.equal(runs.length, 1);
  });

  it('a healthy run resets the failure count; a shorter one does not', () => {
    const { supervisor, transitions, last } = supervise({ healthyResetMs: 10_000 });
    supervisor.start();
    last().fail('a');
    mock.timers.tick(1000);
    last().progress();
    mock.timers.tick(9_999);
    last().fail('b'); // ran 9.999 s: not healthy yet
    assert.equal(transitions.at(-1)!.failures, 2);
    assert.equal(transitions.at(-1)!.delayMs, 2000);
    mock.timers.tick(2000);
    last().progress();
    mock.timers.tick(10_000);
    last().fail('c');
    assert.equal(transitions.at(-1)!.failures, 1, 'healthy for 10 s: counting starts again');
    assert.equal(transitions.at(-1)!.delayMs, 1000);
  });

  it('a stalled run is a failure like any other, and its reason is kept', () => {
    const { supervisor, runs, transitions, last } = supervise();
    supervisor.start();
    last().progress();
    last().fail('no video for 20 s: restarting', true);
    assert.equal(transitions.at(-1)!.to, 'retrying');
    assert.equal(transitions.at(-1)!.error, 'no video for 20 s: restarting');
    mock.timers.tick(1000);
    assert.equal(runs.length, 2);
  });

  it('stop() ends the run and cancels a pending retry; a requested exit is no failure', async () => {
    const { supervisor, runs, last } = supervise();
    supervisor.start();
    last().fail('x');
    await supervisor.stop();
    mock.timers.tick(60_000);
    assert.equal(runs.length, 1);
    assert.equal(supervisor.state, 'stopped');

    supervisor.start();
    last().progress();
    await supervisor.stop();
    assert.ok(last().stopped);
    assert.equal(supervisor.state, 'stopped');
    assert.equal(supervisor.failures, 0);
  });

  it('jitter spreads the delay by ±jitter around the exponential step', () => {
    const policy = { baseMs: 1000, maxMs: 30_000, jitter: 0.2 };
    assert.equal(
      backoffDelay(policy, 3, () => 0),
      3200,
    );
    assert.equal(
      backoffDelay(policy, 3, () => 1),
      4800,
    );
    assert.equal(
      backoffDelay(policy, 9, () => 0.5),
      30_000,
    );
  });
});
