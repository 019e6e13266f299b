// What the recording copies and what it converts, per kind of camera, and the command line that follows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordArgs, type StreamInput } from './args.js';
import type { StreamProbe } from './stream-probe.js';
import { recordingPlan } from './recording-plan.js';

const probe = (codec: string, audio: string | null): StreamProbe => ({
  codec,
  width: 640,
  height: 360,
  bFrames: false,
  audio: audio ? { codec: audio, sampleRate: 8000, channels: 1 } : null,
});

const input: StreamInput = {
  url: 'rtsp://cam/live',
  username: null,
  password: null,
  rtspTransport: 'tcp',
  extraOptions: {},
  guarded: false,
};
const output = { dir: '/rec/.incoming', prefix: 'p', segmentSeconds: 10, listFile: '/rec/.incoming/p.csv' };

describe('recording plan', () => {
  it('copies what MP4 and browsers take, converts the rest', () => {
    assert.deepEqual(recordingPlan(probe('h264', null)), {
      video: 'copy',
      audio: 'none',
      tapAudio: 'none',
      note: null,
    });
    assert.deepEqual(recordingPlan(probe('hevc', 'aac')), {
      video: 'copy',
      audio: 'copy',
      tapAudio: 'copy',
      note: null,
    });
    // Opus is recorded as it is, and becomes AAC on the fan-out (one audio codec for every live consumer).
    assert.deepEqual(
      [recordingPlan(probe('h264', 'opus')).audio, recordingPlan(probe('h264', 'opus')).tapAudio],
      ['copy', 'aac'],
    );
    // MJPEG with Opus: one encode for chunks and fan-out (tee), so AAC for both.
    assert.equal(recordingPlan(probe('mjpeg', 'opus')).audio, 'aac');
    for (const g711 of ['pcm_mulaw', 'pcm_alaw']) {
      const plan = recordingPlan(probe('h264', g711));
      assert.equal(plan.audio, 'aac');
      assert.match(plan.note ?? '', /G\.711 .* audio is converted to AAC/);
    }
    const mjpeg = recordingPlan(probe('mjpeg', null));
    assert.equal(mjpeg.video, 'h264');
    assert.match(mjpeg.note ?? '', /MJPEG video is converted to H\.264/);
  });

  it('without a probe: video copied, any audio made AAC (works whatever the camera sends)', () => {
    assert.deepEqual(recordingPlan(null), { video: 'copy', audio: 'aac', tapAudio: 'aac', note: null });
  });

  it('converted video is encoded once for the chunks and the fan-out (tee), with parameter sets in the header', () => {
    const args = recordArgs(input, { ...output, tapPort: 5004 }, recordingPlan(probe('mjpeg', 'pcm_mulaw')));
    assert.equal(args.filter((arg) => arg === 'libx264').length, 1);
    assert.deepEqual(args.slice(args.indexOf('-flags'), args.indexOf('-flags') + 2), [
      '-flags',
      '+global_header',
    ]);
    assert.equal(args.at(-2), 'tee');
    const [segments, tap] = args.at(-1)!.split('|');
    assert.equal(
      segments,
      '[f=segment:segment_time=10:segment_format=mp4:segment_format_options=' +
        'movflags=+frag_keyframe+empty_moov+default_base_moof\\\\:frag_duration=1000000\\\\:flush_packets=1:' +
        'reset_timestamps=1:segment_list=/rec/.incoming/p.csv:segment_list_type=csv]/rec/.incoming/p-%06d.mp4',
    );
    assert.equal(tap, '[f=mpegts:onfail=ignore]udp://127.0.0.1:5004?pkt_size=1316');
    assert.ok(args.includes('aac'));
  });

  it('copied video keeps two outputs; G.711 audio is encoded as AAC for both', () => {
    const args = recordArgs(input, { ...output, tapPort: 5004 }, recordingPlan(probe('h264', 'pcm_alaw')));
    assert.ok(!args.includes('tee'));
    assert.equal(args.filter((arg) => arg === 'aac').length, 2);
    assert.equal(args.filter((arg) => arg === '-c:v').length, 2);
  });
});
