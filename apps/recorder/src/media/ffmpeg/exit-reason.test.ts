import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exitReason } from './exit-reason.js';

const exit = (stderrTail: string, more: { code?: number | null; stalled?: boolean } = {}) => ({
  code: more.code === undefined ? 1 : more.code,
  signal: null,
  stderrTail,
  stalled: more.stalled ?? false,
});

describe('why an ffmpeg run ended', () => {
  const startupWarning =
    '[segment @ 0x55] Non-monotonous DTS in output stream 0:0; previous: 0, current: 0; changing to 1.';

  it('a camera that went away is not blamed on a warning from the start of the run', () => {
    assert.equal(exitReason(exit(startupWarning, { code: 0 })), 'the camera closed the stream');
  });

  it('names the error line, not the warnings after it', () => {
    const tail = [
      startupWarning,
      'rtsp://cam/live: Connection refused',
      '[mpegts @ 0x1] Packet corrupt (stream = 0, dts = 1)',
    ].join('\n');
    assert.equal(exitReason(exit(tail)), 'rtsp://cam/live: Connection refused');
  });

  it('says the connection guard refused, in its own words', () => {
    const tail = [
      'nvr-connect-guard: 127.0.0.1 is a loopback address: only a superuser may point a camera at the recorder',
      '[tcp @ 0x1] Connection to tcp://127.0.0.1:8554 failed: Permission denied',
      'rtsp://lan-camera/live: Permission denied',
    ].join('\n');
    assert.match(exitReason(exit(tail)), /^127\.0\.0\.1 is a loopback address/);
  });

  it("a frozen camera is said to be frozen (in the watchdog's words), whatever ffmpeg printed last", () => {
    const tail = [startupWarning, 'no video for 20 s: restarting', '[rtsp @ 0x1] something at exit'].join(
      '\n',
    );
    assert.equal(exitReason(exit(tail, { stalled: true })), 'no video for 20 s: restarting');
    assert.match(exitReason(exit(startupWarning, { stalled: true })), /sends no pictures/);
  });

  it('falls back to the last line, then to the exit code', () => {
    assert.equal(exitReason(exit('something odd')), 'something odd');
    assert.equal(exitReason(exit('', { code: 3 })), 'ffmpeg exited with code 3');
  });
});
