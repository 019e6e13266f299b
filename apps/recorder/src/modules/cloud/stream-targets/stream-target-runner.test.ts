// Fast tests of one stream target's push with fake runs standing in for ffmpeg, under mock timers: the states a
// target reports, the fixed reconnect delay, giving up, the healthy reset, the counters and timestamps of its
// status, the masked stream key and stop(). The real ffmpeg pushing to a server is in test/stream-targets.test.ts.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import type { CameraStream } from '../../../media/ingest/camera-stream.js';
import type { Transition } from '../../../media/supervisor.js';
import { FakeRun } from '../../../../test/helpers/fake-run.js';
import { StreamTargetRunner, type RunnerSpec } from './stream-target-runner.js';

/** Characters URL encoding changes, so the plain and the encoded key differ. */
const KEY = 'sk/live+42=secret';
const START = 1_000_000;
const DELAY_MS = 5000;
const HEALTHY_MS = 10_000;
const iso = (ms: number) => new Date(ms).toISOString();

function setup(spec: Partial<RunnerSpec> = {}) {
  const runs: FakeRun[] = [];
  const specs: RunnerSpec[] = [];
  const transitions: Transition[] = [];
  const runner = new StreamTargetRunner(
    {
      args: ['-f', 'flv', `rtmp://push.example/live/${KEY}`],
      secrets: [KEY],
      maxReconnectAttempts: 3,
      reconnectDelayMs: DELAY_MS,
      guarded: false,
      ...spec,
    },
    'ffmpeg',
    // Never read: the runs are fakes.
    {} as CameraStream,
    (_runner, transition) => transitions.push(transition),
    HEALTHY_MS,
    (runSpec) => {
      const run = new FakeRun();
      runs.push(run);
      specs.push(runSpec);
      return run;
    },
  );
  return { runner, runs, specs, transitions, last: () => runs.at(-1)! };
}

describe('stream target runner', () => {
  let runner: StreamTargetRunner | null = null;
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: START }));
  afterEach(async () => {
    await runner?.stop();
    runner = null;
    mock.timers.reset();
  });

  it('is stopped until started, connecting while the push starts, and streaming once it makes progress', () => {
    const t = setup();
    runner = t.runner;
    assert.equal(t.runner.state, 'stopped');
    t.runner.start();
    assert.equal(t.runner.state, 'connecting');
    assert.equal(t.runner.startedAt, iso(START));
    assert.equal(t.runs.length, 1);
    assert.ok(t.last().started, 'the runner starts the run it was given');
    assert.deepEqual(t.specs[0]!.args, ['-f', 'flv', `rtmp://push.example/live/${KEY}`]);
    t.last().progress();
    assert.equal(t.runner.state, 'streaming');
    assert.equal(t.runner.lastError, null);
  });

  it('reconnects exactly reconnectDelayMs after each failure, with no growth and no jitter', () => {
    const t = setup({ maxReconnectAttempts: 5 });
    runner = t.runner;
    t.runner.start();
    for (let failure = 1; failure <= 4; failure++) {
      t.last().fail(`Connection refused ${failure}`);
      assert.equal(t.runner.state, 'reconnecting');
      mock.timers.tick(DELAY_MS - 1);
      assert.equal(t.runs.length, failure, 'no new attempt before the delay is over');
      mock.timers.tick(1);
      assert.equal(t.runs.length, failure + 1, 'a new attempt as soon as the delay is over');
      assert.equal(t.runner.state, 'connecting');
    }
    assert.deepEqual(
      t.transitions
        .filter((transition) => transition.to === 'retrying')
        .map((transition) => transition.delayMs),
      [DELAY_MS, DELAY_MS, DELAY_MS, DELAY_MS],
    );
  });

  it('gives up once maxReconnectAttempts reconnects in a row have failed too, and tries no more', () => {
    const t = setup({ maxReconnectAttempts: 2 });
    runner = t.runner;
    t.runner.start();
    t.last().fail('Connection refused');
    mock.timers.tick(DELAY_MS);
    t.last().fail('Connection refused');
    mock.timers.tick(DELAY_MS);
    assert.equal(t.runner.state, 'connecting', 'the second reconnect is still made');
    t.last().fail('Connection refused');
    assert.equal(t.runner.state, 'failed');
    assert.equal(t.runner.failures, 3, 'the first attempt and both reconnects');
    assert.equal(t.runner.reconnectAttempts, 2);
    mock.timers.tick(3_600_000);
    assert.equal(t.runs.length, 3);
    assert.equal(t.runner.state, 'failed');
  });

  it('never retries with maxReconnectAttempts 0: the first failure is final', () => {
    const t = setup({ maxReconnectAttempts: 0 });
    runner = t.runner;
    t.runner.start();
    t.last().progress();
    t.last().fail('Connection reset by peer');
    assert.equal(t.runner.state, 'failed');
    mock.timers.tick(3_600_000);
    assert.equal(t.runs.length, 1);
    assert.equal(t.runner.reconnectAttempts, 0);
    assert.equal(t.transitions.filter((transition) => transition.to === 'retrying').length, 0);
  });

  it('forgets earlier failures after healthyResetMs of streaming, but not after less', () => {
    const t = setup({ maxReconnectAttempts: 1 });
    runner = t.runner;
    t.runner.start();
    t.last().fail('Connection refused');
    mock.timers.tick(DELAY_MS);
    t.last().progress();
    mock.timers.tick(HEALTHY_MS);
    t.last().fail('Connection reset by peer');
    assert.equal(t.runner.state, 'reconnecting', 'streamed long enough: this failure is the first again');
    assert.equal(t.runner.failures, 1);
    mock.timers.tick(DELAY_MS);
    t.last().progress();
    mock.timers.tick(HEALTHY_MS - 1);
    t.last().fail('Connection reset by peer');
    assert.equal(t.runner.state, 'failed', 'streamed too briefly: the failures add up');
    assert.equal(t.runner.failures, 2);
  });

  it('counts every reconnect in reconnectAttempts, healthy streaming or not, until start() counts from zero', () => {
    const t = setup({ maxReconnectAttempts: 1 });
    runner = t.runner;
    t.runner.start();
    assert.equal(t.runner.reconnectAttempts, 0, 'the first attempt is no reconnect');
    t.last().fail('Connection refused');
    mock.timers.tick(DELAY_MS);
    assert.equal(t.runner.reconnectAttempts, 1);
    t.last().progress();
    mock.timers.tick(HEALTHY_MS);
    t.last().fail('Connection reset by peer');
    mock.timers.tick(DELAY_MS);
    assert.equal(t.runner.reconnectAttempts, 2, 'the healthy reset forgets failures, not reconnects');
    t.last().fail('Connection refused');
    assert.equal(t.runner.state, 'failed');
    mock.timers.tick(1000);
    t.runner.start();
    assert.equal(t.runner.state, 'connecting');
    assert.equal(t.runner.reconnectAttempts, 0);
    assert.equal(t.runner.startedAt, iso(START + 2 * DELAY_MS + HEALTHY_MS + 1000));
    assert.equal(t.runs.length, 4);
  });

  it('says since when it streams while streaming, and nothing otherwise', async () => {
    const t = setup({ maxReconnectAttempts: 1 });
    runner = t.runner;
    t.runner.start();
    assert.equal(t.runner.streamingSince, null, 'not while connecting');
    mock.timers.tick(2000);
    t.last().progress();
    assert.equal(t.runner.streamingSince, iso(START + 2000));
    mock.timers.tick(30_000);
    assert.equal(t.runner.streamingSince, iso(START + 2000), 'the time it began streaming, not the latest');
    t.last().fail('Connection reset by peer');
    assert.equal(t.runner.streamingSince, null, 'not while reconnecting');
    mock.timers.tick(DELAY_MS);
    assert.equal(t.runner.streamingSince, null, 'not while connecting again');
    t.last().progress();
    assert.equal(t.runner.streamingSince, iso(START + 2000 + 30_000 + DELAY_MS));
    await t.runner.stop();
    assert.equal(t.runner.streamingSince, null, 'not once stopped');
    t.runner.start();
    t.last().progress();
    t.last().fail('Connection refused');
    mock.timers.tick(DELAY_MS);
    t.last().fail('Connection refused');
    assert.equal(t.runner.state, 'failed');
    assert.equal(t.runner.streamingSince, null, 'not once it gave up');
  });

  it('reports why the push ended with the stream key masked, plain and URL-encoded', () => {
    const t = setup();
    runner = t.runner;
    t.runner.start();
    t.last().fail(
      `[flv] Opening 'rtmp://push.example/live/${encodeURIComponent(KEY)}' (key ${KEY}): Connection refused`,
    );
    assert.equal(
      t.runner.lastError,
      "[flv] Opening 'rtmp://push.example/live/***' (key ***): Connection refused",
    );
  });

  it('stop() stops the running push and ends in stopped, with no reconnect after it', async () => {
    const t = setup();
    runner = t.runner;
    t.runner.start();
    t.last().progress();
    await t.runner.stop();
    assert.equal(t.last().stopped, true);
    assert.equal(t.runner.state, 'stopped');
    mock.timers.tick(3_600_000);
    assert.equal(t.runs.length, 1);
  });

  it('stop() while reconnecting cancels the pending attempt', async () => {
    const t = setup();
    runner = t.runner;
    t.runner.start();
    t.last().fail('Connection refused');
    assert.equal(t.runner.state, 'reconnecting');
    await t.runner.stop();
    assert.equal(t.runner.state, 'stopped');
    mock.timers.tick(3_600_000);
    assert.equal(t.runs.length, 1);
  });
});
