// The RTSP request reader, the target and Transport parsers, the SDP served to readers and the keyframe test of
// RTP packets — including the fuzz: random and mutated bytes only ever give requests or RtspSyntaxError.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { startsKeyframe } from './restream-upstream.js';
import { MAX_HEAD_BYTES, RtspRequestReader, RtspSyntaxError, type RtspMessage } from './rtsp-request.js';
import { parseTarget, parseTransport, readerSdp } from './rtsp-server.js';

const DESCRIBE = 'DESCRIBE rtsp://nvr:8554/cameras/3 RTSP/1.0\r\nCSeq: 2\r\nAccept: application/sdp\r\n\r\n';

describe('RtspRequestReader', () => {
  it('reads requests split anywhere and pipelined, with bodies and interleaved frames between them', () => {
    const body = 'position\r\n';
    const bytes = Buffer.concat([
      Buffer.from(DESCRIBE),
      Buffer.from([0x24, 1, 0, 3, 9, 9, 9]),
      Buffer.from(
        `GET_PARAMETER rtsp://nvr/cameras/3 RTSP/1.0\r\nCSeq: 3\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      ),
    ]);
    for (let split = 1; split < bytes.length; split++) {
      const reader = new RtspRequestReader();
      const messages = [...reader.push(bytes.subarray(0, split)), ...reader.push(bytes.subarray(split))];
      assert.deepEqual(
        messages.map((m) => (m.kind === 'request' ? m.request.method : `$${m.channel}`)),
        ['DESCRIBE', '$1', 'GET_PARAMETER'],
        `split at ${split}`,
      );
      const last = messages[2] as Extract<RtspMessage, { kind: 'request' }>;
      assert.equal(last.request.body.toString(), body);
      assert.equal(last.request.headers.get('cseq'), '3');
    }
  });

  it('refuses what is malformed or too large', () => {
    const bad = [
      'DESCRIBE rtsp://x RTSP/2.0\r\n\r\n',
      'describe rtsp://x RTSP/1.0\r\n\r\n',
      'DESCRIBE  rtsp://x RTSP/1.0\r\n\r\n',
      'DESCRIBE rtsp://x RTSP/1.0\r\nno colon\r\n\r\n',
      'DESCRIBE rtsp://x RTSP/1.0\r\nBad Name: x\r\n\r\n',
      'DESCRIBE rtsp://x RTSP/1.0\r\nX: a\x01b\r\n\r\n',
      'DESCRIBE rtsp://x RTSP/1.0\r\nContent-Length: -1\r\n\r\n',
      'DESCRIBE rtsp://x RTSP/1.0\r\nContent-Length: 99999\r\n\r\n',
      `DESCRIBE rtsp://x RTSP/1.0\r\n${'X-A: b\r\n'.repeat(60)}\r\n`,
      `DESCRIBE rtsp://x RTSP/1.0\r\nX: ${'a'.repeat(MAX_HEAD_BYTES)}`,
    ];
    for (const text of bad) {
      assert.throws(
        () => new RtspRequestReader().push(Buffer.from(text)),
        RtspSyntaxError,
        JSON.stringify(text),
      );
    }
  });

  it('fuzz: random bytes and mutated requests give requests or RtspSyntaxError, never anything else', () => {
    const seed = Buffer.from(
      DESCRIBE +
        'SETUP rtsp://nvr/cameras/3/trackID=0 RTSP/1.0\r\nCSeq: 3\r\nTransport: RTP/AVP/TCP;interleaved=0-1\r\n\r\n',
    );
    for (let round = 0; round < 3000; round++) {
      const bytes = round % 3 === 0 ? randomBytes(1 + (round % 700)) : Buffer.from(seed);
      if (round % 3 !== 0) {
        for (let flips = 0; flips < 1 + (round % 6); flips++) {
          bytes[Math.floor(Math.random() * bytes.length)] = Math.floor(Math.random() * 256);
        }
      }
      const reader = new RtspRequestReader();
      try {
        for (let at = 0; at < bytes.length; at += 1 + (round % 50))
          reader.push(bytes.subarray(at, at + 1 + (round % 50)));
      } catch (error) {
        assert.ok(error instanceof RtspSyntaxError, String(error));
      }
    }
  });
});

describe('restream request parts', () => {
  it('names the camera stream and track of a URI, and nothing else', () => {
    assert.deepEqual(parseTarget('rtsp://nvr:8554/cameras/12'), {
      target: { cameraId: 12, role: 'main' },
      track: null,
    });
    assert.deepEqual(parseTarget('rtsp://nvr/cameras/12/sub/'), {
      target: { cameraId: 12, role: 'sub' },
      track: null,
    });
    assert.deepEqual(parseTarget('rtsp://[::1]:8554/cameras/12/sub/trackID=1'), {
      target: { cameraId: 12, role: 'sub' },
      track: 1,
    });
    for (const uri of [
      'rtsp://nvr/cameras/0',
      'rtsp://nvr/cameras/x',
      'rtsp://nvr/cameras/1/main',
      'http://nvr/cameras/1',
      '*',
      'rtsp://nvr/cameras/1234567890',
    ]) {
      assert.equal(parseTarget(uri), null, uri);
    }
  });

  it('takes unicast TCP interleaved or UDP to the reader itself', () => {
    assert.deepEqual(parseTransport('RTP/AVP/TCP;unicast;interleaved=2-3', '10.0.0.5'), {
      kind: 'tcp',
      rtp: 2,
      rtcp: 3,
    });
    assert.deepEqual(
      parseTransport('RTP/AVP;unicast;client_port=5000-5001;destination=6.6.6.6', '10.0.0.5'),
      {
        kind: 'udp',
        host: '10.0.0.5',
        rtp: 5000,
        rtcp: 5001,
      },
    );
    // The first option the server can serve wins.
    assert.equal(parseTransport('RTP/AVP;multicast, RTP/AVP/TCP;interleaved=0-1', 'h')?.kind, 'tcp');
    for (const header of [
      undefined,
      '',
      'RTP/AVP;multicast',
      'RTP/AVP/TCP;interleaved=300-301',
      'RTP/AVP;client_port=0-1',
      'RAW/RAW/UDP;client_port=1-2',
    ]) {
      assert.equal(parseTransport(header, 'h'), null, String(header));
    }
  });

  it('serves ffmpeg SDP without its loopback addresses, with a control URL per track', () => {
    const sdp = [
      'v=0',
      'o=- 0 0 IN IP4 127.0.0.1',
      's=No Name',
      't=0 0',
      'a=tool:libavformat 59',
      'm=video 40000 RTP/AVP 96',
      'c=IN IP4 127.0.0.1',
      'a=rtpmap:96 H264/90000',
      'm=audio 40002 RTP/AVP 97',
      'c=IN IP4 127.0.0.1',
      'a=rtpmap:97 MPEG4-GENERIC/16000/1',
      '',
    ].join('\r\n');
    const served = readerSdp(sdp, 'Camera 3');
    assert.doesNotMatch(served, /127\.0\.0\.1|4000\d|tool/);
    assert.match(served, /^s=Camera 3\r\nt=0 0\r\na=control:\*\r\n/m);
    assert.match(
      served,
      /m=video 0 RTP\/AVP 96\r\nc=IN IP4 0\.0\.0\.0\r\na=rtpmap:96 H264\/90000\r\na=control:trackID=0\r\n/,
    );
    assert.match(served, /a=rtpmap:97 MPEG4-GENERIC\/16000\/1\r\na=control:trackID=1\r\n$/);
  });

  it('finds where keyframes begin in H.264 and H.265 RTP', () => {
    const rtp = (timestamp: number, ...payload: number[]) => {
      const packet = Buffer.alloc(12 + payload.length);
      packet[0] = 0x80;
      packet[1] = 96;
      packet.writeUInt32BE(timestamp, 4);
      Buffer.from(payload).copy(packet, 12);
      return packet;
    };
    assert.equal(startsKeyframe(rtp(9, 0x67, 0, 0, 0), 'h264'), 9); // SPS
    assert.equal(startsKeyframe(rtp(9, 0x65, 0, 0, 0), 'h264'), 9); // IDR
    assert.equal(startsKeyframe(rtp(9, 0x7c, 0x85, 0, 0), 'h264'), 9); // FU-A start of an IDR
    assert.equal(startsKeyframe(rtp(9, 0x7c, 0x05, 0, 0), 'h264'), null); // FU-A middle
    assert.equal(startsKeyframe(rtp(9, 0x78, 0, 5, 0x67, 0), 'h264'), 9); // STAP-A with SPS first
    assert.equal(startsKeyframe(rtp(9, 0x41, 0, 0, 0), 'h264'), null); // P slice
    assert.equal(startsKeyframe(rtp(9, 0x40, 1, 0, 0), 'hevc'), 9); // VPS
    assert.equal(startsKeyframe(rtp(9, 0x62, 1, 0x93, 0), 'hevc'), 9); // FU start of an IDR_N_LP (19)
    assert.equal(startsKeyframe(rtp(9, 0x02, 1, 0, 0), 'hevc'), null); // TRAIL_R
    assert.equal(startsKeyframe(Buffer.from([0x80, 96]), 'h264'), null);
  });
});
