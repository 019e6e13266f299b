import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isLocalCaller, isLoopbackAddress, RefusalLog, VisionAccess } from './access.js';

describe('DeepStack API access rule', () => {
  it('knows loopback peers in every form Node reports them', () => {
    for (const a of [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '::ffff:127.0.0.1',
      '::FFFF:127.0.0.2',
      '0:0:0:0:0:0:0:1',
    ])
      assert.equal(isLoopbackAddress(a), true, a);
    for (const a of [
      undefined,
      '',
      '192.0.2.10',
      '::ffff:192.0.2.10',
      'fd00::2',
      '128.0.0.1',
      '127.0.0.1.evil',
      'localhost',
    ])
      assert.equal(isLoopbackAddress(a), false, String(a));
  });

  it('a loopback peer that forwards for someone else is not local', () => {
    assert.equal(isLocalCaller('127.0.0.1', {}), true);
    for (const h of ['forwarded', 'x-forwarded-for', 'x-real-ip'])
      assert.equal(isLocalCaller('127.0.0.1', { [h]: '203.0.113.9' }), false, h);
  });

  it('local callers may omit the key, not get it wrong; others need it', () => {
    const access = new VisionAccess('the-token');
    const local = access.fromHeaders('127.0.0.1', {});
    const remote = access.fromHeaders('192.0.2.10', {});
    assert.deepEqual(local, { kind: 'pending', keyOptional: true });
    assert.deepEqual(access.settle(local), { kind: 'granted' });
    assert.deepEqual(access.withKey(local, ''), local);
    assert.deepEqual(access.withKey(local, 'nope'), { kind: 'refused', reason: 'wrong' });
    assert.deepEqual(access.withKey(remote, ''), { kind: 'refused', reason: 'missing' });
    assert.deepEqual(access.settle(remote), { kind: 'refused', reason: 'missing' });
    assert.deepEqual(access.withKey(remote, 'the-token'), { kind: 'granted' });
    assert.deepEqual(access.fromHeaders('192.0.2.10', { authorization: 'Bearer the-token' }), {
      kind: 'granted',
    });
    assert.deepEqual(access.fromHeaders('127.0.0.1', { authorization: 'Basic dGhlLXRva2Vu' }), {
      kind: 'refused',
      reason: 'wrong',
    });
    // Without a token (tests only), nobody is asked.
    assert.deepEqual(new VisionAccess(null).fromHeaders('192.0.2.10', {}), { kind: 'granted' });
  });

  it('logs a refused caller once per interval, then says how many were left out', () => {
    const lines: [Record<string, unknown>, string][] = [];
    let now = 0;
    const log = new RefusalLog(
      (fields, message) => lines.push([fields, message]),
      60_000,
      () => now,
    );
    log.note('192.0.2.10', '/v1/vision/detection', 'missing', false);
    log.note('192.0.2.10', '/v1/vision/detection', 'missing', false);
    log.note('192.0.2.11', '/v1/vision/detection', 'wrong', false);
    now = 59_999;
    log.note('192.0.2.10', '/v1/vision/detection', 'missing', false);
    assert.equal(lines.length, 2);
    now = 60_000;
    log.note('192.0.2.10', '/v1/vision/face', 'missing', false);
    assert.equal(lines.length, 3);
    assert.equal(lines[2]![0].refused_since_last_line, 2);
    assert.match(
      lines[2]![1],
      /192\.0\.2\.10 \(\/v1\/vision\/face\): a caller on another machine needs a key/,
    );
  });

  it('remembers a bounded number of callers', () => {
    const lines: string[] = [];
    const log = new RefusalLog(
      (_f, m) => lines.push(m),
      60_000,
      () => 0,
      2,
    );
    for (const peer of ['a', 'b', 'c', 'a']) log.note(peer, '/r', 'missing', false);
    // 'a' was forgotten when 'c' came, so it is logged again.
    assert.equal(lines.length, 4);
  });
});
