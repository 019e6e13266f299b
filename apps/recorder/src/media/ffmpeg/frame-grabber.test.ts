// Fast tests of the AI frame grabber with fakes (a fake camera stream and a fake decoder standing in for ffmpeg):
// JPEGs cut from what the decoder writes, numbered across restarts; a decoder that dies is restarted and says why;
// the decoding mode follows the camera's keyframe interval (keyframes only when they come often enough). The real
// ffmpeg is in test/ai-*.test.ts.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { afterEach, describe, it } from 'node:test';
import type { CameraStream } from '../ingest/camera-stream.js';
import { FakeRun } from '../../../test/helpers/fake-run.js';
import { FrameGrabber, type DecodeMode, type GrabbedFrame } from './frame-grabber.js';

/** A tiny "JPEG": start-of-image, a payload byte, end-of-image. */
const jpeg = (n: number) => Buffer.from([0xff, 0xd8, n, 0xff, 0xd9]);

/** A decoder run with how it was asked to decode and where its bytes go. */
interface FakeDecoder {
  run: FakeRun;
  mode: DecodeMode;
  write: (chunk: Buffer) => void;
}

/** The stream as the grabber reads it: its keyframe interval, and an event at each keyframe. */
class FakeStream extends EventEmitter {
  keyframeIntervalMs: number | null = null;
}

function setup(keyframesSufficeWithinMs?: number) {
  const stream = new FakeStream();
  const decoders: FakeDecoder[] = [];
  const started = new EventEmitter();
  const grabber = new FrameGrabber({
    ffmpegPath: 'ffmpeg',
    stream: stream as unknown as CameraStream,
    fps: 2,
    backoffMs: 1,
    ...(keyframesSufficeWithinMs === undefined ? {} : { keyframesSufficeWithinMs }),
    decoder: (_stream, mode, write) => {
      const decoder = { run: new FakeRun((run) => run.progress()), mode, write };
      decoders.push(decoder);
      setImmediate(() => started.emit('decoder', decoder));
      return decoder.run;
    },
  });
  const nextDecoder = () => new Promise<FakeDecoder>((resolve) => started.once('decoder', resolve));
  return { grabber, stream, decoders, nextDecoder };
}

describe('AI frame grabber', () => {
  let grabber: FrameGrabber | null = null;
  afterEach(async () => {
    await grabber?.stop();
    grabber = null;
  });

  it('cuts the pictures out of what the decoder writes, however it is split, and keeps the newest', async () => {
    const t = setup();
    grabber = t.grabber;
    const first = t.nextDecoder();
    t.grabber.start();
    const decoder = await first;
    const frames: GrabbedFrame[] = [];
    t.grabber.on('frame', (frame) => frames.push(frame));
    const bytes = Buffer.concat([jpeg(1), jpeg(2), jpeg(3)]);
    decoder.write(bytes.subarray(0, 7));
    decoder.write(bytes.subarray(7));
    assert.deepEqual(
      frames.map((frame) => [frame.seq, frame.jpeg[2]]),
      [
        [1, 1],
        [2, 2],
        [3, 3],
      ],
    );
    assert.equal(t.grabber.latest?.jpeg[2], 3);
  });

  it('restarts a decoder that died, says why, and numbers the pictures on', async () => {
    const t = setup();
    grabber = t.grabber;
    const first = t.nextDecoder();
    t.grabber.start();
    const decoder = await first;
    decoder.write(jpeg(1));
    const failure = new Promise<string>((resolve) => t.grabber.once('failure', resolve));
    const second = t.nextDecoder();
    decoder.run.fail('Invalid data found when processing input');
    assert.match(await failure, /Invalid data/);
    assert.match(t.grabber.lastError ?? '', /Invalid data/);
    (await second).write(jpeg(2));
    assert.equal(t.grabber.starts, 2);
    assert.equal(t.grabber.latest?.seq, 2, 'numbered across restarts');
  });

  it('decodes keyframes only while the camera sends them often enough, every frame otherwise', async () => {
    const t = setup(1000);
    grabber = t.grabber;
    const first = t.nextDecoder();
    t.grabber.start();
    // The interval is not known yet: every frame.
    assert.equal((await first).mode.keyframesOnly, false);
    // Keyframes every second (within the 10 % slack): started again, keyframes only.
    t.stream.keyframeIntervalMs = 1050;
    const second = t.nextDecoder();
    t.stream.emit('keyframe');
    assert.deepEqual((await second).mode, { fps: 2, keyframesOnly: true });
    // The camera's settings changed: a keyframe every 4 s is too rare for 2 pictures a second.
    t.stream.keyframeIntervalMs = 4000;
    const third = t.nextDecoder();
    t.stream.emit('keyframe');
    assert.equal((await third).mode.keyframesOnly, false);
    // The same interval again: no restart.
    t.stream.emit('keyframe');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(t.decoders.length, 3);
  });
});
