// Fast tests of a camera stream's liveness (mock clock, real loopback UDP, hand-made MPEG-TS packets): a stream
// that goes silent is offline within a few seconds and never hands its old pictures to a consumer as if they were
// new; one that nobody reads is unknown.
import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { CameraStream, FIRST_PACKET_MS, SILENT_AFTER_MS, type StreamLiveness } from './camera-stream.js';
import { TS_PACKET } from './ts-gop-cache.js';

const VIDEO_PID = 0x100;
const PMT_PID = 0x1000;

function packet(pid: number, unitStart: boolean, body: number[], adaptation?: number[]): Buffer {
  const out = Buffer.alloc(TS_PACKET, 0xff);
  out[0] = 0x47;
  out[1] = (unitStart ? 0x40 : 0) | ((pid >> 8) & 0x1f);
  out[2] = pid & 0xff;
  out[3] = adaptation ? 0x30 : 0x10;
  let at = 4;
  if (adaptation) {
    out[at++] = adaptation.length;
    for (const byte of adaptation) out[at++] = byte;
  }
  for (const byte of body) out[at++] = byte;
  return out;
}

/**
 * PAT (program 1 → PMT_PID), PMT (one video stream on VIDEO_PID, H.264 unless told, and an AAC stream when asked)
 * and a keyframe's first packet.
 */
function keyframeDatagram({ videoType = 0x1b, audio = false } = {}): Buffer {
  const pat = packet(0, true, [
    0,
    0x00,
    0xb0,
    13,
    0,
    1,
    0xc1,
    0,
    0,
    0,
    1,
    0xe0 | (PMT_PID >> 8),
    PMT_PID & 0xff,
  ]);
  const streams = [
    ...[videoType, 0xe0 | (VIDEO_PID >> 8), VIDEO_PID & 0xff, 0xf0, 0],
    ...(audio ? [0x0f, 0xe1, 0x01, 0xf0, 0] : []),
  ];
  // Section length: 9 bytes of header after it, the stream loop, 4 of CRC (not checked by the reader).
  const pmt = packet(PMT_PID, true, [
    0,
    0x02,
    0xb0,
    9 + streams.length + 4,
    0,
    1,
    0xc1,
    0,
    0,
    0xe1,
    0x00,
    0xf0,
    0,
    ...streams,
  ]);
  const keyframe = packet(VIDEO_PID, true, [0, 0, 1, 0xe0], [0x40]);
  return Buffer.concat([pat, pmt, keyframe]);
}

const sink = (input: PassThrough) => ({ input, overflow: () => undefined, reshaped: () => undefined });

describe('camera stream liveness', () => {
  let stream: CameraStream;
  let sender: ReturnType<typeof createSocket>;
  const seen: StreamLiveness[] = [];

  beforeEach(async () => {
    mock.timers.enable({ apis: ['setInterval', 'Date'], now: 1_000_000 });
    seen.length = 0;
    stream = new CameraStream({
      ffmpegPath: 'ffmpeg',
      resolve: () => Promise.reject(new Error('never pulled in these tests')),
      backoff: { baseMs: 1000, maxMs: 1000, jitter: 0 },
      lingerMs: 1000,
      stallTimeoutMs: 1000,
    });
    stream.on('liveness', (liveness) => seen.push(liveness));
    await stream.open();
    sender = createSocket('udp4');
  });
  afterEach(async () => {
    sender.close();
    await stream.close();
    mock.timers.reset();
  });

  async function send(options?: Parameters<typeof keyframeDatagram>[0]): Promise<void> {
    const received = once(stream, 'keyframe');
    sender.send(keyframeDatagram(options), stream.port, '127.0.0.1');
    await received;
  }

  it('is online while packets arrive, offline a few seconds after they stop, online again when they resume', async () => {
    stream.setRecorded(true);
    await send();
    assert.deepEqual(
      seen.map((l) => l.online),
      [true],
    );
    mock.timers.tick(SILENT_AFTER_MS - 500);
    assert.equal(stream.liveness.online, true, 'a short gap is not a death');
    mock.timers.tick(1000);
    assert.equal(stream.liveness.online, false);
    assert.equal(stream.liveness.lastPacketAt, 1_000_000, 'says when the last picture came');
    await send();
    assert.deepEqual(
      seen.map((l) => l.online),
      [true, false, true],
    );
  });

  it('never hands a consumer that joins after a silence the pictures from before it', async () => {
    stream.setRecorded(true);
    await send();
    const fresh = new PassThrough();
    stream.attach(sink(fresh)).detach();
    assert.ok(
      fresh.readableLength > 0,
      'a consumer joining a flowing stream starts from the cached keyframe',
    );

    mock.timers.tick(SILENT_AFTER_MS + 500);
    const late = new PassThrough();
    stream.attach(sink(late)).detach();
    assert.equal(late.readableLength, 0, 'nothing old is replayed');
  });

  it('a stream that is read but never sends is offline after the first-packet allowance; unread, unknown', () => {
    stream.setRecorded(true);
    mock.timers.tick(FIRST_PACKET_MS - 500);
    assert.equal(stream.liveness.online, null, 'still connecting');
    mock.timers.tick(1000);
    assert.equal(stream.liveness.online, false);
    stream.setRecorded(false);
    mock.timers.tick(500);
    assert.equal(stream.liveness.online, null, 'nobody reads it: nobody knows');
  });

  it('reads the codec and whether there is sound from the PMT; a switch to another codec restarts every consumer', async () => {
    stream.setRecorded(true);
    await send({ audio: true });
    assert.equal(stream.videoCodec, 'h264');
    assert.equal(stream.hasAudio, true);
    const reshaped: string[] = [];
    const changes: string[] = [];
    stream.onCodecChange((codec) => changes.push(codec));
    stream.attach({ input: new PassThrough(), overflow: () => undefined, reshaped: (c) => reshaped.push(c) });
    await send({ audio: true });
    assert.deepEqual(reshaped, [], 'the same stream again: nothing restarts');
    // The camera comes back sending H.265 without sound (its user switched it).
    await send({ videoType: 0x24 });
    assert.equal(stream.videoCodec, 'hevc');
    assert.equal(stream.hasAudio, false);
    assert.deepEqual(reshaped, ['hevc'], 'the consumer restarts, once');
    assert.deepEqual(changes, ['hevc']);
    await send({ videoType: 0x24 });
    assert.deepEqual(reshaped, ['hevc'], 'a restarted consumer is no longer attached to the old run');
  });
});
