// Fast tests of how a chunk's H.264 transcode is cut: the playlist lists the segments before ffmpeg writes them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SEGMENT_SECONDS, chunkH264Args, segmentDurations } from './chunk-transcode.js';

describe('chunk transcode segments', () => {
  it('cuts every 4 s, the last segment holding the rest', () => {
    assert.equal(SEGMENT_SECONDS, 4);
    assert.deepEqual(segmentDurations(10), [4, 4, 2]);
    assert.deepEqual(segmentDurations(8), [4, 4]);
    assert.deepEqual(segmentDurations(3), [3]);
  });

  it('lists no segment for a sliver the encoder may not write on its own', () => {
    assert.deepEqual(segmentDurations(8.05), [4, 4.05]);
    assert.deepEqual(segmentDurations(8.2).length, 3);
    assert.deepEqual(segmentDurations(0.05), [0.1]);
  });

  it('forces the keyframes the cuts fall on, and writes each segment whole before it is named', () => {
    const args = chunkH264Args('/in.mp4', '/out').join(' ');
    assert.match(args, /-force_key_frames expr:gte\(t,n_forced\*4\)/);
    assert.match(args, /-hls_time 4 /);
    assert.match(args, /-hls_flags temp_file/);
  });
});
