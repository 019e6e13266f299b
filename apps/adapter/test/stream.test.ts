// WebSocket /infer/stream: JSON round trip, binary frames, per-socket backpressure, ping.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { fixture, startAdapter, type TestAdapter } from './helpers.js';

/** Collects JSON messages; `next(n)` resolves with the next n of them. */
function inbox(ws: WebSocket) {
  const queue: any[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    queue.push(JSON.parse((raw as Buffer).toString('utf8')));
    waiters.splice(0).forEach((w) => w());
  });
  return async (n: number): Promise<any[]> => {
    while (queue.length < n) await new Promise<void>((r) => waiters.push(r));
    return queue.splice(0, n);
  };
}

describe('WebSocket /infer/stream', () => {
  let ad: TestAdapter;
  let ws: WebSocket;
  let next: (n: number) => Promise<any[]>;
  before(async () => {
    ad = await startAdapter({ ADAPTER_STREAM_MAX_INFLIGHT: '2', ADAPTER_STREAM_MAX_SOCKETS: '1' });
    ad.addFrames('person.jpg');
    ws = new WebSocket(`${ad.url.replace('http', 'ws')}/infer/stream`);
    next = inbox(ws);
    await once(ws, 'open');
  });
  after(async () => {
    ws.close();
    await ad.close();
  });

  it('answers ping with pong', async () => {
    ws.send(JSON.stringify({ type: 'ping' }));
    assert.deepEqual(await next(1), [{ type: 'pong' }]);
  });

  it('round-trips a JSON request by seq', async () => {
    ws.send(
      JSON.stringify({ seq: 7, task: 'person_counting', data: { frame: { uri: 'frame://person.jpg' } } }),
    );
    const [msg] = await next(1);
    assert.equal(msg.seq, 7);
    assert.equal(msg.ok, true, JSON.stringify(msg));
    assert.ok(msg.result.count >= 1);
  });

  it('takes a binary frame after a header', async () => {
    ws.send(JSON.stringify({ seq: 'b1', task: 'person_counting', binary: true }));
    ws.send(fixture('person.jpg'));
    const [msg] = await next(1);
    assert.equal(msg.seq, 'b1');
    assert.equal(msg.ok, true, JSON.stringify(msg));
    assert.ok(msg.result.count >= 1);
  });

  it('reports errors per message without closing the socket', async () => {
    ws.send(JSON.stringify({ seq: 1, task: 'nope', data: { frame: { uri: 'frame://person.jpg' } } }));
    ws.send('not json');
    ws.send(Buffer.from([1, 2, 3]));
    const msgs = await next(3);
    assert.deepEqual(msgs.map((m) => m.error.code).sort(), [
      'invalid_request',
      'invalid_request',
      'unknown_task',
    ]);
    assert.ok(msgs.every((m) => m.ok === false));
    assert.equal(ws.readyState, WebSocket.OPEN);
  });

  it('answers overloaded beyond max_inflight unanswered requests', async () => {
    const req = (seq: number) =>
      JSON.stringify({ seq, task: 'person_counting', data: { frame: { uri: 'frame://person.jpg' } } });
    for (const seq of [1, 2, 3, 4]) ws.send(req(seq));
    const msgs = await next(4);
    const bySeq = new Map(msgs.map((m) => [m.seq, m]));
    assert.equal(bySeq.get(1).ok, true);
    assert.equal(bySeq.get(2).ok, true);
    assert.equal(bySeq.get(3).error.code, 'overloaded');
    assert.equal(bySeq.get(4).error.code, 'overloaded');
    // Capacity comes back once the answers are out.
    ws.send(req(5));
    assert.equal((await next(1))[0].ok, true);
  });

  it('refuses sockets beyond the stream limit', async () => {
    const extra = new WebSocket(`${ad.url.replace('http', 'ws')}/infer/stream`);
    const [raw] = (await once(extra, 'message')) as [Buffer];
    const msg = JSON.parse(raw.toString('utf8'));
    assert.equal(msg.error.code, 'overloaded');
    const [code] = (await once(extra, 'close')) as [number];
    assert.equal(code, 1013);
  });
});
