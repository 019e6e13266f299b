// Fast tests of the motion frames with a fake decoder standing in for ffmpeg: raw grey frames cut at their exact
// size however the bytes are split, and a frame cut short by a crashed run dropped, not glued to the next run's.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { afterEach, describe, it } from 'node:test';
import type { CameraStream } from '../ingest/camera-stream.js';
import { FakeRun } from '../../../test/helpers/fake-run.js';
import { GreyFrames } from './grey-frames.js';

describe('motion frames', () => {
  let frames: GreyFrames | null = null;
  afterEach(async () => {
    await frames?.stop();
    frames = null;
  });

  it('cuts 4×2 frames out of any split, and drops a frame a crash cut short', async () => {
    const started = new EventEmitter();
    const nextDecoder = () =>
      new Promise<{ run: FakeRun; write: (chunk: Buffer) => void }>((resolve) =>
        started.once('decoder', resolve),
      );
    frames = new GreyFrames({
      ffmpegPath: 'ffmpeg',
      stream: {} as CameraStream,
      fps: 5,
      width: 4,
      height: 2,
      backoff: { baseMs: 1, maxMs: 1, jitter: 0 },
      decoder: (_stream, size, write) => {
        assert.deepEqual(size, { fps: 5, width: 4, height: 2 });
        const decoder = { run: new FakeRun((run) => run.progress()), write };
        setImmediate(() => started.emit('decoder', decoder));
        return decoder.run;
      },
    });
    const seen: number[][] = [];
    frames.on('frame', (frame) => seen.push([...frame]));
    const first = nextDecoder();
    frames.start();
    const decoder = await first;
    // Two frames (bytes 0..15) in pieces of 3, 9 and 4 bytes, then half a frame.
    const bytes = Buffer.from(Array.from({ length: 20 }, (_, i) => i));
    decoder.write(bytes.subarray(0, 3));
    decoder.write(bytes.subarray(3, 12));
    decoder.write(bytes.subarray(12, 20));
    assert.deepEqual(seen, [
      [0, 1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14, 15],
    ]);
    // The run dies with 4 bytes of a frame pending; the next run's first frame stands alone.
    const second = nextDecoder();
    decoder.run.fail('gone');
    (await second).write(Buffer.alloc(8, 200));
    assert.deepEqual(seen.at(-1), [200, 200, 200, 200, 200, 200, 200, 200]);
    assert.equal(seen.length, 3);
  });
});
