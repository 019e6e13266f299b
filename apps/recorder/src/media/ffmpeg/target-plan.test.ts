import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { carriesVideo, takesEncoder, targetVideoPlan } from './target-plan.js';

describe('stream target plan', () => {
  it('copies what the protocol carries', () => {
    assert.deepEqual(targetVideoPlan('rtmp', 'copy', 'h264'), { codec: 'copy', conversion: null });
    assert.deepEqual(targetVideoPlan('srt', 'copy', 'hevc'), { codec: 'copy', conversion: null });
  });

  it('converts H.265 to H.264 for RTMP and RTMPS, and says so', () => {
    for (const protocol of ['rtmp', 'rtmps'] as const) {
      const plan = targetVideoPlan(protocol, 'copy', 'hevc');
      assert.equal(plan.codec, 'libx264');
      assert.match(
        plan.conversion!,
        new RegExp(`H\\.265 video is converted to H\\.264.*${protocol.toUpperCase()}`),
      );
    }
  });

  it('keeps an encoder the user chose, and copies a camera not known yet', () => {
    assert.deepEqual(targetVideoPlan('rtmp', 'libx264', 'hevc'), { codec: 'libx264', conversion: null });
    assert.deepEqual(targetVideoPlan('rtmp', 'copy', null), { codec: 'copy', conversion: null });
  });

  it('knows which containers carry which video', () => {
    assert.equal(carriesVideo('rtmps', 'hevc'), false);
    assert.equal(carriesVideo('srt', 'hevc'), true);
    assert.equal(carriesVideo('srt', 'mjpeg'), false);
    assert.equal(takesEncoder('rtmp', 'libx265'), false);
    assert.equal(takesEncoder('srt', 'libx265'), true);
    assert.equal(takesEncoder('rtmp', 'libx264'), true);
  });
});
