// Fast tests of the live HLS sessions with fakes (a fake camera stream and a fake packager standing in for ffmpeg):
// one session per camera stream shared by its viewers, answered once a segment is whole; a packager that dies is
// restarted and the playlist goes on with a discontinuity; a camera that cannot be read fails the first viewer
// at once; a codec change and idleness end the session. The real ffmpeg is in test/live*.test.ts.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { afterEach, describe, it } from 'node:test';
import type { CameraStream } from '../../media/ingest/camera-stream.js';
import { FakeRun } from '../../../test/helpers/fake-run.js';
import { AppError } from '../../platform/http/errors.js';
import { LiveHls, type PackagerOutput } from './live-hls.js';

/** One packager run: writes its init section when started; the test writes its parts. */
class FakePackager extends FakeRun {
  constructor(private readonly output: PackagerOutput) {
    super((run) => {
      run.progress();
      output.init(Buffer.from('init'));
    });
  }
  /** A fragment of `seconds`; a keyframe one when `keyframe`. */
  part(keyframe: boolean, seconds = 0.5): void {
    this.output.fragment({
      bytes: Buffer.from('moof+mdat'),
      startSeconds: 0,
      durationSeconds: seconds,
      independent: keyframe,
    });
  }
  /** One whole segment of 1 s, then the keyframe that closes it. */
  segment(): void {
    this.part(true);
    this.part(false);
    this.part(true);
  }
  crash(): void {
    this.fail('gone');
  }
}

/** The camera stream's fan-out as a session sees it: pull failures and codec changes. */
class FakeStream extends EventEmitter {
  onPullFailure(listener: (reason: string) => void): () => void {
    this.on('pull-failure', listener);
    return () => this.off('pull-failure', listener);
  }
  onCodecChange(listener: (codec: string) => void): () => void {
    this.on('codec', listener);
    return () => this.off('codec', listener);
  }
}

function setup(options: { idleStopMs?: number; startTimeoutMs?: number } = {}) {
  const stream = new FakeStream();
  const runs: FakePackager[] = [];
  /** resolves when the next packager run starts */
  const nextRun = () => new Promise<FakePackager>((resolve) => stream.once('run', resolve));
  const hls = new LiveHls(
    { stream: async () => stream as unknown as CameraStream },
    {
      ffmpegPath: 'ffmpeg',
      ...options,
      backoff: { baseMs: 1, maxMs: 1, jitter: 0 },
      packager: (_stream, _video, output) => {
        const run = new FakePackager(output);
        runs.push(run);
        // After the supervisor has started it (and so after its init section).
        setImmediate(() => stream.emit('run', run));
        return run;
      },
    },
  );
  return { hls, stream, runs, nextRun };
}

describe('live HLS sessions', () => {
  let hls: LiveHls | null = null;
  afterEach(async () => {
    await hls?.close();
    hls = null;
  });

  it('starts one packager for every viewer of a camera stream, and answers once a segment is whole', async () => {
    const t = setup();
    hls = t.hls;
    const started = t.nextRun();
    const first = t.hls.multivariant(1, 'main', 'copy', '');
    const run = await started;
    let answered = false;
    void first.then(() => (answered = true));
    run.part(true);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(answered, false, 'a part alone is not a playlist a player starts on');
    run.part(false);
    run.part(true);
    assert.match(await first, /media\.m3u8/);
    // A second viewer, of the same stream: the same session.
    await t.hls.multivariant(1, 'main', 'copy', '');
    assert.equal(t.hls.runs(1), 1);
    assert.match(await t.hls.mediaPlaylist(1, 'main', 'copy', null, ''), /#EXT-X-PART/);
    // The transcode for H.264-only players is a session of its own.
    assert.equal(t.hls.isTranscoding(1, 'main'), false);
  });

  it('restarts a packager that died; the playlist goes on after a discontinuity', async () => {
    const t = setup();
    hls = t.hls;
    const started = t.nextRun();
    const ready = t.hls.multivariant(2, 'main', 'copy', '');
    const run = await started;
    run.segment();
    await ready;
    const restarted = t.nextRun();
    run.crash();
    const again = await restarted;
    again.segment();
    again.part(true);
    assert.equal(t.hls.runs(2), 2);
    assert.match(await t.hls.mediaPlaylist(2, 'main', 'copy', { msn: 1 }, ''), /#EXT-X-DISCONTINUITY/);
  });

  it('fails the first viewer at once when the camera cannot be read', async () => {
    const t = setup({ startTimeoutMs: 60_000 });
    hls = t.hls;
    const started = t.nextRun();
    const first = t.hls.multivariant(3, 'main', 'copy', '');
    await started;
    t.stream.emit('pull-failure', '401 Unauthorized');
    await assert.rejects(first, (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.statusCode, 503);
      assert.match(error.message, /could not be read: 401 Unauthorized/);
      return true;
    });
    assert.equal(t.hls.isLive(3), false);
  });

  it('ends the session when the camera switches codec: its players choose again', async () => {
    const t = setup();
    hls = t.hls;
    const started = t.nextRun();
    const ready = t.hls.multivariant(4, 'main', 'copy', '');
    const run = await started;
    run.segment();
    await ready;
    t.stream.emit('codec', 'hevc');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(t.hls.isLive(4), false);
    assert.equal(run.stopped, true, 'its packager is stopped');
  });
});
