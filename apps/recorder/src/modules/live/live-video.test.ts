// Fast tests of the live picture choice: what a player that decodes only H.264 gets of each kind of camera.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StreamRole } from '../../media/ingest/stream-hub.js';
import { chooseLive } from './live-video.js';

const codecs =
  (main: string | null, sub: string | null = null) =>
  async (role: StreamRole) =>
    role === 'main' ? main : sub;

describe('live picture choice', () => {
  it('gives a player that decodes H.265 the stream as it is', async () => {
    const choice = await chooseLive({
      role: 'main',
      h264Only: false,
      hasSubstream: true,
      codecOf: codecs('hevc'),
    });
    assert.deepEqual(choice, { role: 'main', video: 'copy' });
  });

  it('copies an H.264 stream, and one not probed yet, for an H.264-only player', async () => {
    for (const codec of ['h264', null]) {
      const choice = await chooseLive({
        role: 'main',
        h264Only: true,
        hasSubstream: false,
        codecOf: codecs(codec),
      });
      assert.deepEqual(choice, { role: 'main', video: 'copy' }, String(codec));
    }
  });

  it('takes a substream not known yet for H.264', async () => {
    const choice = await chooseLive({
      role: 'main',
      h264Only: true,
      hasSubstream: true,
      codecOf: codecs('hevc'),
    });
    assert.deepEqual(choice, { role: 'sub', video: 'copy' });
  });

  it("plays an H.265 camera's H.264 substream rather than transcoding its main stream", async () => {
    const choice = await chooseLive({
      role: 'main',
      h264Only: true,
      hasSubstream: true,
      codecOf: codecs('hevc', 'h264'),
    });
    assert.deepEqual(choice, { role: 'sub', video: 'copy' });
  });

  it('transcodes an H.265 stream when no H.264 stream of the camera exists', async () => {
    for (const [hasSubstream, sub] of [
      [false, null],
      [true, 'hevc'],
    ] as const) {
      const choice = await chooseLive({
        role: 'main',
        h264Only: true,
        hasSubstream,
        codecOf: codecs('hevc', sub),
      });
      assert.deepEqual(choice, { role: 'main', video: 'h264' });
    }
    const sub = await chooseLive({
      role: 'sub',
      h264Only: true,
      hasSubstream: true,
      codecOf: codecs('h264', 'hevc'),
    });
    assert.deepEqual(
      sub,
      { role: 'sub', video: 'h264' },
      'the substream asked for is transcoded, not swapped',
    );
  });
});
