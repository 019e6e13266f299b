// Fast tests of the WebRTC live view's upstreams, with a fake RTP sender standing in for ffmpeg and werift in
// process as the browser: one sender per camera stream shared by its viewers and stopped only after the idle
// delay, the viewer cap, the audio port of a stream with sound, a sender that exits, a codec change, and RTP on
// its way from the ports to a viewer. The real ffmpeg is in test/live-webrtc.test.ts.
import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { EventEmitter, once } from 'node:events';
import { afterEach, describe, it } from 'node:test';
import { RTCPeerConnection, RtpHeader, RtpPacket, useH264, useOPUS } from 'werift';
import type { CameraStream } from '../../media/ingest/camera-stream.js';
import { DEFAULT_BACKOFF } from '../../media/supervisor.js';
import { FakeRun } from '../../../test/helpers/fake-run.js';
import { AppError, NotFoundError } from '../../platform/http/errors.js';
import type { LiveVideo } from './live-video.js';
import { LiveWebRtc, type RtpPorts } from './live-webrtc.js';

const IDLE_STOP_MS = 10_000;

/** The camera stream as an upstream sees it: codec changes. */
class FakeStream extends EventEmitter {
  onCodecChange(listener: (codec: string) => void): () => void {
    this.on('codec', listener);
    return () => this.off('codec', listener);
  }
}

interface StartedSender {
  stream: unknown;
  video: LiveVideo;
  ports: RtpPorts;
  run: FakeRun;
}

interface WatchOptions {
  video?: LiveVideo;
  /** what the service knows of the stream (its fan-out or probe) */
  streamHasSound?: boolean;
  /** whether the browser's offer asks for sound */
  offerTakesSound?: boolean;
}

function setup(options: { maxViewersPerCamera?: number } = {}) {
  const stream = new FakeStream();
  const senders: StartedSender[] = [];
  const started = new EventEmitter();
  const webrtc = new LiveWebRtc(
    { stream: async () => stream as unknown as CameraStream },
    {
      ffmpegPath: 'ffmpeg',
      idleStopMs: IDLE_STOP_MS,
      ...options,
      rtpSender: (senderStream, video, ports) => {
        const run = new FakeRun((self) => self.progress());
        senders.push({ stream: senderStream, video, ports, run });
        started.emit('sender');
        return run;
      },
    },
  );
  /** The `n`th sender started (counting from 1), once it is: the ports are bound after connect() answered. */
  const sender = async (n: number): Promise<StartedSender> => {
    while (senders.length < n) await once(started, 'sender');
    return senders[n - 1]!;
  };
  return { webrtc, stream, senders, sender };
}

/** Lets what the code under test left for later (its stop after a timer, a sender's start) happen. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const stopped = (run: FakeRun) => (run.stopped ? Promise.resolve() : once(run, 'exit'));

describe('WebRTC live upstreams', { timeout: 10_000 }, () => {
  let webrtc: LiveWebRtc | null = null;
  const browsers: RTCPeerConnection[] = [];
  afterEach(async () => {
    await webrtc?.close();
    webrtc = null;
    await Promise.all(browsers.splice(0).map((pc) => pc.close()));
  });

  /** A browser's receive-only offer with its ICE candidates (no trickle); `sound`: it also asks for Opus. */
  async function browserOffer(sound = true): Promise<{ pc: RTCPeerConnection; sdp: string }> {
    // No STUN: a test contacts nothing beyond loopback.
    const pc = new RTCPeerConnection({
      codecs: { video: [useH264()], audio: [useOPUS()] },
      iceServers: [],
      bundlePolicy: 'max-bundle',
    });
    browsers.push(pc);
    pc.addTransceiver('video', { direction: 'recvonly' });
    if (sound) pc.addTransceiver('audio', { direction: 'recvonly' });
    await pc.setLocalDescription(await pc.createOffer());
    if (pc.iceGatheringState !== 'complete') {
      await pc.iceGatheringStateChange.watch((state) => state === 'complete');
    }
    return { pc, sdp: pc.localDescription!.sdp };
  }

  /** A viewer of camera 1's main stream. */
  async function watch(
    live: LiveWebRtc,
    { video = 'copy', streamHasSound = false, offerTakesSound = true }: WatchOptions = {},
  ) {
    const { pc, sdp } = await browserOffer(offerTakesSound);
    const { sessionId, answer } = await live.connect(1, 'main', video, sdp, streamHasSound);
    return { pc, sessionId, answer };
  }

  it('starts one sender for the first viewer and shares it with the next viewer of the same stream', async () => {
    const t = setup();
    webrtc = t.webrtc;
    await watch(t.webrtc);
    const first = await t.sender(1);
    assert.equal(first.stream, t.stream, 'it sends the camera stream of the hub');
    assert.equal(first.video, 'copy');
    await watch(t.webrtc);
    await settle();
    assert.equal(t.senders.length, 1, 'the second viewer gets the running sender');
    assert.equal(t.webrtc.runs(1), 1);
    assert.equal(t.webrtc.viewerCount(1), 2);
    assert.equal(first.run.stopped, false);
  });

  it('gives the H.264 transcode of a stream a sender of its own', async () => {
    const t = setup();
    webrtc = t.webrtc;
    await watch(t.webrtc);
    await watch(t.webrtc, { video: 'h264' });
    const transcode = await t.sender(2);
    assert.equal(transcode.video, 'h264');
    assert.equal(t.webrtc.viewerCount(1, 'main', 'copy'), 1);
    assert.equal(t.webrtc.viewerCount(1, 'main', 'h264'), 1);
  });

  it('keeps the sender while another viewer still watches', async (context) => {
    const t = setup();
    webrtc = t.webrtc;
    const leaving = await watch(t.webrtc);
    await watch(t.webrtc);
    const { run } = await t.sender(1);
    context.mock.timers.enable({ apis: ['setTimeout'] });
    await t.webrtc.disconnect(1, leaving.sessionId);
    context.mock.timers.tick(2 * IDLE_STOP_MS);
    await settle();
    assert.equal(run.stopped, false);
    assert.equal(t.webrtc.isLive(1), true);
    assert.equal(t.webrtc.viewerCount(1), 1);
  });

  it('stops the sender only once the idle delay has passed after the last viewer left', async (context) => {
    const t = setup();
    webrtc = t.webrtc;
    const viewer = await watch(t.webrtc);
    const { run } = await t.sender(1);
    context.mock.timers.enable({ apis: ['setTimeout'] });
    await t.webrtc.disconnect(1, viewer.sessionId);
    assert.equal(t.webrtc.viewerCount(1), 0);
    context.mock.timers.tick(IDLE_STOP_MS - 1);
    await settle();
    assert.equal(run.stopped, false, 'not before the idle delay');
    assert.equal(t.webrtc.isLive(1), true);
    context.mock.timers.tick(1);
    await settle();
    assert.equal(run.stopped, true);
    assert.equal(t.webrtc.isLive(1), false);
  });

  it('keeps the same sender for a viewer who arrives within the idle delay', async (context) => {
    const t = setup();
    webrtc = t.webrtc;
    const viewer = await watch(t.webrtc);
    const { run } = await t.sender(1);
    context.mock.timers.enable({ apis: ['setTimeout'] });
    await t.webrtc.disconnect(1, viewer.sessionId);
    context.mock.timers.tick(IDLE_STOP_MS - 1);
    await watch(t.webrtc);
    context.mock.timers.tick(2 * IDLE_STOP_MS);
    await settle();
    assert.equal(run.stopped, false);
    assert.equal(t.senders.length, 1);
    assert.equal(t.webrtc.viewerCount(1), 1);
  });

  it('refuses a viewer beyond the cap per camera with 503, and keeps the ones it has', async () => {
    const t = setup({ maxViewersPerCamera: 1 });
    webrtc = t.webrtc;
    await watch(t.webrtc);
    await assert.rejects(watch(t.webrtc), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.statusCode, 503);
      assert.equal(error.message, 'This camera already has 1 WebRTC viewers');
      return true;
    });
    assert.equal(t.webrtc.viewerCount(1), 1);
    assert.equal(t.webrtc.runs(1), 1);
  });

  it('gives a stream without sound no audio port, and its viewers no audio track', async () => {
    const t = setup();
    webrtc = t.webrtc;
    const { answer } = await watch(t.webrtc, { streamHasSound: false, offerTakesSound: true });
    const { ports } = await t.sender(1);
    assert.equal(ports.audio, null);
    assert.match(answer, /^m=audio 0 /m, 'the offer’s audio section is declined');
  });

  it('gives a stream with sound an audio port, and a viewer whose offer takes Opus an audio track', async () => {
    const t = setup();
    webrtc = t.webrtc;
    const { answer } = await watch(t.webrtc, { streamHasSound: true, offerTakesSound: true });
    const { ports } = await t.sender(1);
    assert.equal(typeof ports.audio, 'number');
    assert.notEqual(ports.audio, ports.video);
    const audioSection = answer.slice(answer.search(/^m=audio /m));
    assert.match(audioSection, /^m=audio [1-9]/m);
    assert.match(audioSection, /^a=sendonly/m);
    // A later viewer gets what the running upstream sends, whatever the service thought of the stream.
    const { answer: later } = await watch(t.webrtc, { streamHasSound: false });
    assert.match(later, /^m=audio [1-9]/m);
  });

  it('starts a sender that exited again, on the same ports, and its viewers stay', async (context) => {
    const t = setup();
    webrtc = t.webrtc;
    await watch(t.webrtc);
    const first = await t.sender(1);
    context.mock.timers.enable({ apis: ['setTimeout'] });
    first.run.fail('connection refused');
    // The supervisor's first backoff, at its longest jitter.
    context.mock.timers.tick(DEFAULT_BACKOFF.baseMs * (1 + DEFAULT_BACKOFF.jitter));
    const second = await t.sender(2);
    assert.deepEqual(second.ports, first.ports);
    assert.equal(t.webrtc.runs(1), 2);
    assert.equal(t.webrtc.viewerCount(1), 1);
  });

  it('ends the sessions chosen under the old codec when the camera switches codec; a new viewer gets a new sender', async () => {
    const t = setup();
    webrtc = t.webrtc;
    const viewers = [await watch(t.webrtc), await watch(t.webrtc)];
    const { run } = await t.sender(1);
    t.stream.emit('codec', 'hevc');
    assert.equal(t.webrtc.isLive(1), false);
    assert.equal(t.webrtc.viewerCount(1), 0);
    await stopped(run);
    for (const viewer of viewers) {
      await assert.rejects(t.webrtc.disconnect(1, viewer.sessionId), NotFoundError, 'its session is gone');
    }
    await watch(t.webrtc);
    const again = await t.sender(2);
    assert.notEqual(again.run, run);
    assert.equal(t.webrtc.viewerCount(1), 1);
  });

  it('delivers the RTP written to the video and audio ports to a connected viewer’s tracks', async () => {
    const t = setup();
    webrtc = t.webrtc;
    const { pc, answer } = await watch(t.webrtc, { streamHasSound: true });
    const [video, audio] = pc.getTransceivers().map(
      (transceiver) =>
        new Promise<RtpPacket>((resolve) => {
          transceiver.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(resolve));
        }),
    );
    await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    const { ports } = await t.sender(1);
    // As ffmpeg sends them: H.264 (an IDR slice's first bytes) as payload type 96, Opus as 111.
    const idr = Buffer.from([0x65, 0x88, 0x84, 0x00, 0x33]);
    const opus = Buffer.from([0xf8, 0xff, 0xfe]);
    assert.deepEqual((await delivered(ports.video, rtp(96, idr), video!)).payload, idr);
    assert.deepEqual((await delivered(ports.audio!, rtp(111, opus), audio!)).payload, opus);
  });
});

function rtp(payloadType: number, payload: Buffer): Buffer {
  const header = new RtpHeader({
    payloadType,
    sequenceNumber: 1,
    timestamp: 90_000,
    ssrc: 0x1234,
    marker: true,
  });
  return new RtpPacket(header, payload).serialize();
}

/**
 * Sends the packet to the loopback port until `received` resolves: the recorder's side drops packets until its
 * DTLS handshake is done, which the browser side cannot see.
 */
async function delivered(port: number, packet: Buffer, received: Promise<RtpPacket>): Promise<RtpPacket> {
  const socket = createSocket('udp4').unref();
  const resend = setInterval(() => socket.send(packet, port, '127.0.0.1'), 20);
  resend.unref(); // a packet that never arrives fails the test at its timeout, and must not keep the process up
  try {
    return await received;
  } finally {
    clearInterval(resend);
    socket.close();
  }
}
