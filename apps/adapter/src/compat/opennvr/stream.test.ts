import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import type { InferenceService } from '../../inference.js';
import { CompatMetrics } from './metrics.js';
import { OpenNvrService } from './service.js';
import { HANDSHAKE_TIMEOUT_MS, serveStream, type StreamSocket } from './stream.js';

/** A WebSocket as the session sees it: messages in, sends and the close recorded. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1 as const;
  readyState: number = 1;
  sent: unknown[] = [];
  closedWith: { code: number; reason: string } | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code: number, reason: string) {
    if (this.closedWith) return;
    this.closedWith = { code, reason };
    this.readyState = 3;
    this.emit('close', code, Buffer.from(reason));
  }
  message(value: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(value)), false);
  }
}

describe('OpenNVR stream session: handshake', () => {
  let metrics: CompatMetrics;
  let service: OpenNvrService;
  beforeEach(() => {
    mock.timers.enable({ apis: ['setTimeout'] });
    metrics = new CompatMetrics();
    // The handshake never reaches inference.
    service = new OpenNvrService({} as InferenceService, metrics);
  });
  afterEach(() => mock.timers.reset());

  const serve = (maxSockets = 4) => {
    const socket = new FakeSocket();
    serveStream(socket as unknown as StreamSocket, service, {
      maxInflight: 2,
      maxSockets,
      queueDepth: () => 0,
    });
    return socket;
  };

  it('closes a socket that sends no handshake in time, without ever counting it', () => {
    const socket = serve();
    assert.equal(metrics.activeStreams, 0);
    mock.timers.tick(HANDSHAKE_TIMEOUT_MS - 1);
    assert.equal(socket.closedWith, null);
    mock.timers.tick(1);
    assert.deepEqual(socket.closedWith, { code: 4001, reason: 'bad handshake: none within 10 s' });
    assert.equal(metrics.activeStreams, 0);
  });

  it('counts a stream from its acknowledged handshake until it closes; the timer no longer applies', () => {
    const socket = serve();
    socket.message({ type: 'handshake', client_id: 'kai-c' });
    assert.equal((socket.sent[0] as { type: string }).type, 'handshake_ack');
    assert.equal(metrics.activeStreams, 1);
    mock.timers.tick(HANDSHAKE_TIMEOUT_MS * 2);
    assert.equal(socket.closedWith, null);
    socket.close(1000, 'bye');
    assert.equal(metrics.activeStreams, 0);
  });

  it('turns the handshake beyond the stream limit away with 4004: the place goes to who shook hands first', () => {
    const openedFirst = serve(1);
    const openedSecond = serve(1);
    openedSecond.message({ type: 'handshake', client_id: 'quick' });
    openedFirst.message({ type: 'handshake', client_id: 'slow' });
    assert.equal(metrics.activeStreams, 1);
    assert.equal(openedFirst.closedWith?.code, 4004);
    assert.equal(openedSecond.closedWith, null);
  });

  it('names the field of a bad handshake, never echoing it back', () => {
    const socket = serve();
    socket.message({ type: 'handshake', client_id: 'x'.repeat(10_000) });
    assert.equal(socket.closedWith?.code, 4001);
    assert.match(socket.closedWith?.reason ?? '', /^bad handshake: client_id: /);
    assert.ok(!(socket.closedWith?.reason ?? '').includes('xxxx'));
    // Anything that is not a handshake keeps upstream's plain reason.
    const frameFirst = serve();
    frameFirst.message({ type: 'frame', seq: 1, ts_ms: 1, content_type: 'image/jpeg' });
    assert.deepEqual(frameFirst.closedWith, { code: 4001, reason: 'bad handshake' });
  });
});
