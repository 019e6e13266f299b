// Fast tests of the recorder's bookkeeping on a fake recording run that writes segment files and their list the
// way ffmpeg does: closed segments become chunks with wall-clock times, a freeze cuts the run, a kill leaves no
// unplayable file behind, a full disk is told apart from a camera failure, and stop waits for the last chunk.
// The real ffmpeg is exercised by the slow tests (test/recording*.test.ts).
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { exitOf } from '../../test/helpers/fake-run.js';
import {
  CameraRecorder,
  INCOMING_DIR,
  type CameraRecorderOptions,
  type ClosedSegment,
  type RecorderTransition,
  type RecordingJob,
  type RecordingRun,
} from './camera-recorder.js';
import type { FfmpegExit } from './ffmpeg/process.js';

/** A recording run that writes what the test tells it to, as ffmpeg would. */
class FakeRecordingRun extends EventEmitter implements RecordingRun {
  readonly pid = undefined;
  started = false;
  constructor(readonly job: RecordingJob) {
    super();
  }
  start(): void {
    this.started = true;
  }
  async stop(): Promise<void> {
    this.emit('exit', exitOf({ requested: true }));
  }
  /** Media written up to `seconds`, reported at wall time `at`. */
  progress(seconds: number, at: number): void {
    this.emit('progress', { outTimeSeconds: seconds, receivedAt: at });
  }
  segmentFile(index: number): string {
    return join(this.job.output.dir, `${this.job.output.prefix}-${String(index).padStart(6, '0')}.mp4`);
  }
  /** Writes segment `index` without listing it (ffmpeg is still writing it, or was killed doing so). */
  write(index: number, bytes = 'not a playable mp4'): void {
    writeFileSync(this.segmentFile(index), bytes);
  }
  /** Closes segment `index`: its file and its line in the list. */
  close(index: number, start: number, end: number): void {
    this.write(index);
    appendFileSync(
      this.job.output.listFile,
      `${this.job.output.prefix}-${String(index).padStart(6, '0')}.mp4,${start},${end}\n`,
    );
  }
  exit(fields: Partial<FfmpegExit>): void {
    this.emit('exit', exitOf(fields));
  }
}

describe('CameraRecorder', () => {
  let cameraDir: string;
  let runs: FakeRecordingRun[];
  let segments: ClosedSegment[];
  let transitions: RecorderTransition[];
  let recorder: CameraRecorder | null;
  const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);

  beforeEach(() => {
    cameraDir = mkdtempSync(join(tmpdir(), 'camera-recorder-test-'));
    runs = [];
    segments = [];
    transitions = [];
    recorder = null;
  });
  afterEach(async () => {
    await recorder?.stop();
    rmSync(cameraDir, { recursive: true, force: true });
  });

  function start(options: Partial<CameraRecorderOptions> = {}): CameraRecorder {
    recorder = new CameraRecorder({
      cameraDir,
      input: () => ({
        url: 'rtsp://camera.invalid/stream',
        username: null,
        password: null,
        rtspTransport: null,
        extraOptions: {},
        guarded: false,
      }),
      plan: () => ({ video: 'copy', audio: 'none', tapAudio: 'none', note: null }),
      tapPort: 40000,
      segmentSeconds: 10,
      ffmpegPath: 'ffmpeg-not-used',
      ffprobePath: 'ffprobe',
      autoRestart: true,
      maxRestartAttempts: 3,
      slowRetryMs: 60_000,
      backoff: { baseMs: 60_000, maxMs: 60_000, jitter: 0 },
      healthyResetMs: 60_000,
      runner: (job) => {
        const run = new FakeRecordingRun(job);
        runs.push(run);
        return run;
      },
      onSegment: async (segment) => {
        segments.push(segment);
      },
      onTransition: (transition) => transitions.push(transition),
      onError: (error) => assert.fail(error as Error),
      ...options,
    });
    return recorder;
  }

  /** Resolves once `count` chunks were handed over. */
  async function chunks(count: number): Promise<ClosedSegment[]> {
    while (segments.length < count) await new Promise((resolve) => setImmediate(resolve));
    return segments;
  }

  it('asks its run to record the camera into the incoming directory with the plan and the tap', async () => {
    await start().start();
    const { job } = runs[0]!;
    assert.equal(job.output.dir, join(cameraDir, INCOMING_DIR));
    assert.equal(job.output.segmentSeconds, 10);
    assert.equal(job.output.tapPort, 40000);
    assert.equal(job.input.url, 'rtsp://camera.invalid/stream');
    assert.equal(job.plan.video, 'copy');
    assert.ok(runs[0]!.started);
  });

  it('turns each listed segment into a chunk whose times are wall-clock times from the progress reports', async () => {
    await start().start();
    const run = runs[0]!;
    run.progress(1, T0 + 1000);
    run.close(0, 0, 10);
    run.progress(10.5, T0 + 10_500);
    const [first] = await chunks(1);
    assert.equal(first!.file, run.segmentFile(0));
    assert.equal(first!.startMs, T0);
    assert.equal(first!.endMs, T0 + 10_000);
    assert.equal(first!.durationSeconds, 10);

    // A report that came late (a busy machine) does not move the clock: the earliest offset is the truest.
    run.progress(15, T0 + 15_800);
    run.close(1, 10, 20);
    run.progress(20.2, T0 + 20_200);
    const [, second] = await chunks(2);
    assert.deepEqual([second!.startMs, second!.endMs], [T0 + 10_000, T0 + 20_000]);
  });

  it('cuts the run when the camera froze and resumed, and starts a fresh one with its own clock', async () => {
    const freezes: number[] = [];
    await start({ onFreeze: (ms) => freezes.push(ms) }).start();
    const run = runs[0]!;
    run.progress(1, T0 + 1000);
    run.progress(2, T0 + 2000);
    // The camera sent nothing for 8 s, then resumed with continuous timestamps: every report is 8 s late.
    run.progress(2.5, T0 + 10_500);
    run.progress(3.5, T0 + 11_500);
    run.progress(5, T0 + 13_000);
    assert.equal(freezes.length, 1);
    assert.ok(Math.abs(freezes[0]! - 8000) <= 500, `frozen ${freezes[0]} ms`);
    // The supervisor restarts: the first run is asked to stop, and a second run starts under another prefix.
    while (runs.length < 2) await new Promise((resolve) => setImmediate(resolve));
    assert.notEqual(runs[1]!.job.output.prefix, run.job.output.prefix);
    assert.ok(runs[1]!.started);
  });

  it('indexes what the run listed before it was killed and removes the unplayable segment it left', async () => {
    await start().start();
    const run = runs[0]!;
    run.progress(1, T0 + 1000);
    run.close(0, 0, 10);
    run.write(1);
    run.exit({ signal: 'SIGKILL' });
    const [only] = await chunks(1);
    assert.equal(only!.startMs, T0);
    // The list, and the half-written segment that ffprobe finds nothing playable in, are gone once the exit's
    // bookkeeping is done (stop() waits for it).
    await recorder!.stop();
    const incoming = join(cameraDir, INCOMING_DIR);
    assert.equal(existsSync(run.segmentFile(1)), false);
    assert.equal(existsSync(run.job.output.listFile), false);
    assert.equal(segments.length, 1);
    assert.deepEqual(
      readdirSync(incoming).filter((name) => name.startsWith(run.job.output.prefix)),
      [`${run.job.output.prefix}-000000.mp4`],
    );
  });

  it('tells a run that failed to write (a full disk) from one that failed to read the camera', async () => {
    await start().start();
    runs[0]!.exit({ code: 1, stderrTail: 'Error writing trailer: No space left on device' });
    const disk = transitions.find((transition) => transition.to === 'retrying');
    assert.ok(disk, 'the recorder retries');
    assert.equal(disk.storageFailure, true);

    recorder!.retryNow();
    while (runs.length < 2) await new Promise((resolve) => setImmediate(resolve));
    transitions.length = 0;
    runs[1]!.exit({ code: 1, stderrTail: 'rtsp://camera.invalid/stream: Connection refused' });
    const camera = transitions.find((transition) => transition.to === 'retrying');
    assert.ok(camera);
    assert.equal(camera.storageFailure, false);
  });

  it('stops only after the last chunk the run closed has been handed over', async () => {
    let release!: () => void;
    const handedOver = new Promise<void>((resolve) => (release = resolve));
    let indexing = false;
    await start({
      onSegment: async (segment) => {
        indexing = true;
        await handedOver;
        segments.push(segment);
      },
    }).start();
    const run = runs[0]!;
    run.progress(1, T0 + 1000);
    run.close(0, 0, 10);
    let stopped = false;
    const stopping = recorder!.stop().then(() => (stopped = true));
    while (!indexing) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(stopped, false, 'stop waits for the chunk being indexed');
    release();
    await stopping;
    assert.equal(segments.length, 1);
    assert.equal(recorder!.state, 'stopped');
  });
});
